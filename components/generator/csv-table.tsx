"use client";

import { FlexRender, useTable, type Header, type Row } from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useMemo } from "react";
import { cn } from "@/lib/utils";
import { ColumnHeader } from "./column-header";
import {
  buildColumns,
  features,
  type ColumnSlot,
  type CsvTableMeta,
  type Features,
  type RowState,
} from "./csv-columns";
import type { TableRow } from "./csv-store";

export const ROW_HEIGHT = 40;

interface Props extends CsvTableMeta {
  /** The columns between the row number and Actions, in the order shown. */
  columns: readonly ColumnSlot[];
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
  renderDisplay,
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
    meta: { onSaveCell, renderActions, renderDisplay, rowState, rowIndex },
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
          {headers.map((header) => (
            <HeaderCell key={header.id} header={header} onDeleteColumn={onDeleteColumn} />
          ))}
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

/** A header: a CSV column's (resizable, deletable), a display column's, or the sticky "#" and Actions. */
function HeaderCell({
  header,
  onDeleteColumn,
}: {
  header: Header<Features, TableRow>;
  onDeleteColumn: (column: string) => void;
}) {
  const meta = header.column.columnDef.meta;
  if (meta?.kind === "data") {
    return (
      <ColumnHeader
        name={meta.name}
        width={header.getSize()}
        resizing={header.column.getIsResizing()}
        onResizeStart={header.getResizeHandler()}
        onDelete={() => onDeleteColumn(meta.name)}
      />
    );
  }
  const kind = meta?.kind ?? "actions";
  return (
    <div
      role="columnheader"
      className={cn(
        "flex h-10 shrink-0 items-center bg-muted px-2",
        kind === "number" && "sticky left-0 z-10 border-r text-xs text-muted-foreground",
        kind === "display" && "border-r text-sm font-semibold",
        kind === "actions" && "sticky right-0 z-10 ml-auto border-l text-sm font-semibold",
      )}
      style={{ width: header.getSize() }}
    >
      <FlexRender header={header} />
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
