"use client";

import {
  columnResizingFeature,
  columnSizingFeature,
  createColumnHelper,
  tableFeatures,
  type Row,
} from "@tanstack/react-table";
import { GENERATED_COLUMNS } from "@/lib/csv/limits";
import type { TableRow } from "./csv-store";
import { EditableCell } from "./editable-cell";

/** Data columns: 150 px by default (the subject and body wider), resizable down to 80 px. */
const DEFAULT_COLUMN_WIDTH = 150;
const WIDE_COLUMNS: Record<string, number> = { [GENERATED_COLUMNS.subject]: 280, [GENERATED_COLUMNS.body]: 360 };
const MIN_COLUMN_WIDTH = 80;
const NUMBER_WIDTH = 56;
/** Quality badge and approve check (76 px), then generate, edit, view response and delete. */
const ACTIONS_WIDTH = 256;

export interface RowState {
  className?: string;
  /** Shown in the Actions cell instead of the actions ("Generating..."). */
  label?: string;
}

/** A column of the screen's own (not a CSV column): its header, fixed width and cells (`renderDisplay`). */
export interface DisplayColumn {
  id: string;
  header: string;
  width: number;
}

/** What the table shows between the row number and Actions, in order: CSV columns by name, display columns. */
export type ColumnSlot = string | DisplayColumn;

/** What the cells need from the screen (passed as the table's meta, so column definitions stay stable). */
export interface CsvTableMeta {
  onSaveCell: (rowId: number, column: string, value: string) => void;
  renderActions: (row: TableRow, index: number) => React.ReactNode;
  /** The cell of a display column. */
  renderDisplay?: (columnId: string, row: TableRow) => React.ReactNode;
  rowState?: (row: TableRow) => RowState | undefined;
  /** A row's 0-based index in the file, when the table shows only some rows (default: its position). */
  rowIndex?: (row: TableRow) => number;
}

type ColumnKind =
  { kind: "number" } | { kind: "data"; name: string } | { kind: "display"; id: string } | { kind: "actions" };

export const features = tableFeatures({
  columnSizingFeature,
  columnResizingFeature,
  tableMeta: {} as CsvTableMeta,
  columnMeta: {} as ColumnKind,
});
export type Features = typeof features;

/** The row's index in the file: what its number shows and what its actions act on. */
const indexOf = (meta: CsvTableMeta, row: Row<Features, TableRow>) => meta.rowIndex?.(row.original) ?? row.index;

const helper = createColumnHelper<Features, TableRow>();

const fixed = (size: number) => ({ size, minSize: size, maxSize: size, enableResizing: false });

const numberColumn = helper.display({
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
});

const actionsColumn = helper.display({
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
});

/** A CSV column (ids prefixed: a CSV column may be named anything), edited in place. */
const dataColumn = (name: string) =>
  helper.accessor((row) => row.data[name] ?? "", {
    id: `column:${name}`,
    header: name,
    meta: { kind: "data", name },
    size: WIDE_COLUMNS[name] ?? DEFAULT_COLUMN_WIDTH,
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
  });

const displayColumn = ({ id, header, width }: DisplayColumn) =>
  helper.display({
    id: `display:${id}`,
    header,
    meta: { kind: "display", id },
    ...fixed(width),
    cell: ({ row, column, table }) => (
      <div role="cell" className="flex shrink-0 items-center border-r px-2" style={{ width: column.getSize() }}>
        {table.options.meta!.renderDisplay?.(id, row.original)}
      </div>
    ),
  });

/** The row number, the slots in order (CSV columns and display columns), Actions. */
export function buildColumns(slots: readonly ColumnSlot[]) {
  return helper.columns([
    numberColumn,
    ...slots.map((slot) => (typeof slot === "string" ? dataColumn(slot) : displayColumn(slot))),
    actionsColumn,
  ]);
}
