"use client";

import {
  columnResizingFeature,
  columnSizingFeature,
  createColumnHelper,
  FlexRender,
  tableFeatures,
  useTable,
  type Row,
} from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useMemo } from "react";
import { cn } from "@/lib/utils";
import { ColumnHeader } from "./column-header";
import type { TableRow } from "./csv-store";
import { EditableCell } from "./editable-cell";

export const ROW_HEIGHT = 40;
/** Data columns: 150 px by default, resizable down to 80 px. */
const DEFAULT_COLUMN_WIDTH = 150;
const MIN_COLUMN_WIDTH = 80;
const NUMBER_WIDTH = 56;
/** Quality badge and approve check (76 px), then generate, edit, view response and delete. */
const ACTIONS_WIDTH = 256;

export interface RowState {
  className?: string;
  /** Shown in the Actions cell instead of the actions ("Generating..."). */
  label?: string;
}

/** What the cells need from the screen (passed as the table's meta, so column definitions stay stable). */
interface CsvTableMeta {
  onSaveCell: (rowId: number, column: string, value: string) => void;
  renderActions: (row: TableRow, index: number) => React.ReactNode;
  rowState?: (row: TableRow) => RowState | undefined;
  /** A row's 0-based index in the file, when the table shows only some rows (default: its position). */
  rowIndex?: (row: TableRow) => number;
}

type ColumnKind = { kind: "number" } | { kind: "data"; name: string } | { kind: "actions" };

const features = tableFeatures({
  columnSizingFeature,
  columnResizingFeature,
  tableMeta: {} as CsvTableMeta,
  columnMeta: {} as ColumnKind,
});
type Features = typeof features;

/** The row's index in the file: what its number shows and what its actions act on. */
const indexOf = (meta: CsvTableMeta, row: Row<Features, TableRow>) => meta.rowIndex?.(row.original) ?? row.index;

const helper = createColumnHelper<Features, TableRow>();

const fixed = (size: number) => ({ size, minSize: size, maxSize: size, enableResizing: false });

/** The row number, one column per CSV column (ids prefixed: a CSV column may be named anything), Actions. */
function buildColumns(names: string[]) {
  return helper.columns([
    helper.display({
      id: "number",
      header: "#",
      meta: { kind: "number" },
      ...fixed(NUMBER_WIDTH),
      cell: ({ row, column, table }) => (
        <div
          role="rowheader"
          className="sticky left-0 z-10 flex shrink-0 items-center border-r bg-inherit px-2 text-xs text-muted-foreground"
          style={{ width: column.getSize() }}
        >
          {indexOf(table.options.meta!, row) + 1}
        </div>
      ),
    }),
    ...names.map((name) =>
      helper.accessor((row) => row.data[name] ?? "", {
        id: `column:${name}`,
        header: name,
        meta: { kind: "data", name },
        size: DEFAULT_COLUMN_WIDTH,
        minSize: MIN_COLUMN_WIDTH,
        cell: ({ row, column, getValue, table }) => (
          <EditableCell
            column={name}
            value={getValue()}
            width={column.getSize()}
            rowId={row.original.id}
            onSave={table.options.meta!.onSaveCell}
          />
        ),
      }),
    ),
    helper.display({
      id: "actions",
      header: "Actions",
      meta: { kind: "actions" },
      ...fixed(ACTIONS_WIDTH),
      cell: ({ row, column, table }) => {
        const label = table.options.meta!.rowState?.(row.original)?.label;
        return (
          <div
            role="cell"
            className="sticky right-0 z-10 ml-auto flex shrink-0 items-center gap-1 border-l bg-inherit px-2"
            style={{ width: column.getSize() }}
          >
            {label ? (
              <span className="text-xs font-medium text-primary">{label}</span>
            ) : (
              table.options.meta!.renderActions(row.original, indexOf(table.options.meta!, row))
            )}
          </div>
        );
      },
    }),
  ]);
}

interface Props extends CsvTableMeta {
  columns: string[];
  rows: TableRow[];
  /** Shown instead of rows when there are none (a filter that matches no row). */
  empty?: React.ReactNode;
  scrollRef: React.RefObject<HTMLDivElement | null>;
  onDeleteColumn: (column: string) => void;
}

const rowId = (row: TableRow) => String(row.id);

/**
 * The editable table, on TanStack Table (column sizing and resizing) with TanStack Virtual: only the
 * rows in view are rendered, so 50,000 rows scroll smoothly.
 */
export function CsvTable({
  columns,
  rows,
  scrollRef,
  onDeleteColumn,
  onSaveCell,
  renderActions,
  rowState,
  rowIndex,
  empty,
}: Props) {
  const columnDefs = useMemo(() => buildColumns(columns), [columns]);
  const table = useTable({
    features,
    columns: columnDefs,
    data: rows,
    getRowId: rowId,
    columnResizeMode: "onChange",
    meta: { onSaveCell, renderActions, rowState, rowIndex },
  });
  const tableRows = table.getRowModel().rows;
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual manages its own state
  const virtualizer = useVirtualizer({
    count: tableRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => tableRows[index]!.id,
    overscan: 12,
  });
  const headers = table.getHeaderGroups()[0]?.headers ?? [];

  return (
    <div
      ref={scrollRef}
      className="relative h-[60vh] min-h-80 overflow-auto rounded-lg border bg-card"
      data-testid="csv-table-scroll"
    >
      <div role="table" aria-rowcount={rows.length + 1} style={{ width: table.getTotalSize(), minWidth: "100%" }}>
        <div role="row" className="sticky top-0 z-20 flex border-b bg-muted">
          {headers.map((header) => {
            const meta = header.column.columnDef.meta;
            if (meta?.kind === "data") {
              return (
                <ColumnHeader
                  key={header.id}
                  name={meta.name}
                  width={header.getSize()}
                  resizing={header.column.getIsResizing()}
                  onResizeStart={header.getResizeHandler()}
                  onDelete={() => onDeleteColumn(meta.name)}
                />
              );
            }
            const number = meta?.kind === "number";
            return (
              <div
                key={header.id}
                role="columnheader"
                className={cn(
                  "sticky z-10 flex h-10 shrink-0 items-center bg-muted px-2",
                  number
                    ? "left-0 border-r text-xs text-muted-foreground"
                    : "right-0 ml-auto border-l text-sm font-semibold",
                )}
                style={{ width: header.getSize() }}
              >
                <FlexRender header={header} />
              </div>
            );
          })}
        </div>
        {rows.length === 0 && empty ? (
          <div className="sticky left-0 w-full max-w-[calc(100vw-4rem)] p-8 text-center text-sm text-muted-foreground">
            {empty}
          </div>
        ) : null}
        <div role="rowgroup" className="relative" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => (
            <TableRowView
              key={item.key}
              row={tableRows[item.index]!}
              top={item.start}
              state={rowState?.(tableRows[item.index]!.original)}
            />
          ))}
        </div>
      </div>
    </div>
  );
}

function TableRowView({ row, top, state }: { row: Row<Features, TableRow>; top: number; state?: RowState }) {
  return (
    <div
      role="row"
      aria-rowindex={row.index + 2}
      data-row-id={row.original.id}
      className={cn("absolute left-0 flex w-full border-b bg-card hover:bg-muted", state?.className)}
      style={{ height: ROW_HEIGHT, transform: `translateY(${top}px)` }}
    >
      {row.getAllCells().map((cell) => (
        <FlexRender key={cell.id} cell={cell} />
      ))}
    </div>
  );
}
