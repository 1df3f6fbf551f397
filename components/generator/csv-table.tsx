"use client";

import { useVirtualizer } from "@tanstack/react-virtual";
import { memo } from "react";
import { cn } from "@/lib/utils";
import { ColumnHeader, DEFAULT_COLUMN_WIDTH } from "./column-header";
import { EditableCell } from "./editable-cell";
import type { TableRow } from "./use-csv-file";

export const ROW_HEIGHT = 40;
const NUMBER_WIDTH = 56;
const ACTIONS_WIDTH = 176;

interface Props {
  columns: string[];
  rows: TableRow[];
  widths: Record<string, number>;
  scrollRef: React.RefObject<HTMLDivElement | null>;
  onResize: (column: string, width: number) => void;
  onDeleteColumn: (column: string) => void;
  onSaveCell: (rowId: number, column: string, value: string) => void;
  renderActions: (row: TableRow, index: number) => React.ReactNode;
  rowState?: (row: TableRow) => { className?: string; label?: string } | undefined;
}

/** The editable table; only the rows in view are rendered (virtualised), so 50,000 rows scroll smoothly. */
export function CsvTable({ columns, rows, widths, scrollRef, onResize, onDeleteColumn, onSaveCell, renderActions, rowState }: Props) {
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual manages its own state
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const widthOf = (c: string) => widths[c] ?? DEFAULT_COLUMN_WIDTH;
  const totalWidth = NUMBER_WIDTH + columns.reduce((sum, c) => sum + widthOf(c), 0) + ACTIONS_WIDTH;

  return (
    <div ref={scrollRef} className="relative h-[60vh] min-h-80 overflow-auto rounded-lg border bg-card" data-testid="csv-table-scroll">
      <div role="table" aria-rowcount={rows.length + 1} style={{ width: totalWidth, minWidth: "100%" }}>
        <div role="row" className="sticky top-0 z-20 flex border-b bg-muted">
          <div role="columnheader" className="sticky left-0 z-10 flex h-10 shrink-0 items-center border-r bg-muted px-2 text-xs text-muted-foreground" style={{ width: NUMBER_WIDTH }}>
            #
          </div>
          {columns.map((c) => (
            <ColumnHeader key={c} name={c} width={widthOf(c)} onResize={(w) => onResize(c, w)} onDelete={() => onDeleteColumn(c)} />
          ))}
          <div role="columnheader" className="sticky right-0 z-10 ml-auto flex h-10 shrink-0 items-center border-l bg-muted px-2 text-sm font-semibold" style={{ width: ACTIONS_WIDTH }}>
            Actions
          </div>
        </div>
        <div role="rowgroup" className="relative" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index]!;
            return (
              <TableRowView
                key={row.id}
                row={row}
                index={item.index}
                top={item.start}
                columns={columns}
                widths={widths}
                state={rowState?.(row)}
                onSaveCell={onSaveCell}
                actions={renderActions(row, item.index)}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}

interface RowProps {
  row: TableRow;
  index: number;
  top: number;
  columns: string[];
  widths: Record<string, number>;
  state?: { className?: string; label?: string };
  onSaveCell: Props["onSaveCell"];
  actions: React.ReactNode;
}

const TableRowView = memo(function TableRowView({ row, index, top, columns, widths, state, onSaveCell, actions }: RowProps) {
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      data-row-id={row.id}
      className={cn("absolute left-0 flex w-full border-b bg-card hover:bg-slate-50", state?.className)}
      style={{ height: ROW_HEIGHT, transform: `translateY(${top}px)` }}
    >
      <div role="rowheader" className="sticky left-0 z-10 flex shrink-0 items-center border-r bg-inherit px-2 text-xs text-muted-foreground" style={{ width: NUMBER_WIDTH }}>
        {index + 1}
      </div>
      {columns.map((c) => (
        <EditableCell key={c} column={c} value={row.data[c] ?? ""} width={widths[c] ?? DEFAULT_COLUMN_WIDTH} onSave={(v) => onSaveCell(row.id, c, v)} />
      ))}
      <div role="cell" className="sticky right-0 z-10 ml-auto flex shrink-0 items-center gap-1 border-l bg-inherit px-2" style={{ width: ACTIONS_WIDTH }}>
        {state?.label ? <span className="text-xs font-medium text-primary">{state.label}</span> : actions}
      </div>
    </div>
  );
});
