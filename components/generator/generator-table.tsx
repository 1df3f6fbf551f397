"use client";

import { isFailedRow } from "@/lib/ai/result";
import { GENERATED_COLUMNS } from "@/lib/csv/limits";
import type { CsvTable as CsvTableData, TableRow } from "./csv-store";
import { CsvTable, ROW_HEIGHT, type RowState } from "./csv-table";
import { QualityCell } from "./quality-cell";
import type { QualityView } from "./quality-view";
import { hasAiResponse, RowActions } from "./row-actions";
import type { useTableDialogs } from "./table-dialogs";
import { TableFooter } from "./table-footer";

/** Row highlights, light and dark: a row being generated, and a failed row (red, with Retry). */
const GENERATING: RowState = { className: "bg-accent hover:bg-accent", label: "Generating..." };
const FAILED: RowState = { className: "bg-red-50 hover:bg-red-100 dark:bg-red-950 dark:hover:bg-red-900" };

/** The file indices of the rows the table's scroller shows now (the "Flagged rows" filter may show only some). */
export function rowsInView(scroller: HTMLDivElement | null, quality: QualityView): number[] {
  if (!scroller) return [];
  const first = Math.floor(scroller.scrollTop / ROW_HEIGHT);
  const shown = quality.visibleRows;
  const last = Math.min(
    shown.length - 1,
    Math.floor((scroller.scrollTop + scroller.clientHeight - ROW_HEIGHT) / ROW_HEIGHT),
  );
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => quality.indexOf(shown[first + i]!));
}

interface Props {
  table: CsvTableData;
  quality: QualityView;
  scrollRef: React.RefObject<HTMLDivElement | null>;
  /** Whether a row is being generated (alone or in the running batch). */
  isGenerating: (rowId: number) => boolean;
  generateOne: (row: TableRow, index: number, isRetry: boolean) => void;
  onSaveCell: (rowId: number, column: string, value: string) => void;
  dialogs: ReturnType<typeof useTableDialogs>;
}

/** The generator's table: the rows the quality filter shows, each with its actions, and the footer. */
export function GeneratorTable({ table, quality, scrollRef, isGenerating, generateOne, onSaveCell, dialogs }: Props) {
  const rowState = (row: TableRow) => (isGenerating(row.id) ? GENERATING : isFailedRow(row.data) ? FAILED : undefined);
  return (
    <>
      <CsvTable
        columns={table.columns}
        rows={quality.visibleRows}
        rowIndex={quality.indexOf}
        empty="No flagged rows: no generated row has a quality flag."
        scrollRef={scrollRef}
        onDeleteColumn={(name) => dialogs.setConfirm({ kind: "column", name })}
        onSaveCell={onSaveCell}
        rowState={rowState}
        renderActions={(row, index) => (
          <RowActions
            quality={
              <QualityCell
                quality={quality.of(row)}
                rowNumber={index + 1}
                onToggleApproved={() => quality.toggleApproved(row)}
              />
            }
            failed={isFailedRow(row.data)}
            hasResponse={hasAiResponse(row.data)}
            busy={isGenerating(row.id)}
            onGenerate={() => generateOne(row, index, false)}
            onRetry={() => generateOne(row, index, true)}
            onEdit={() => dialogs.setEditing(row)}
            onViewResponse={() => dialogs.setResponse({ text: row.data[GENERATED_COLUMNS.response]!, rowId: row.id })}
            onDelete={() => dialogs.setConfirm({ kind: "row", row })}
          />
        )}
      />
      <TableFooter
        rows={table.rows.length}
        shown={quality.visibleRows.length}
        columns={table.columns.length}
        scrollRef={scrollRef}
      />
    </>
  );
}
