"use client";

import { isFailedRow } from "@/lib/ai/result";
import { usePushReceipts } from "@/lib/client/queries/push-receipts";
import { GENERATED_COLUMNS } from "@/lib/csv/limits";
import type { GeneratorView } from "@/lib/services/preferences/schemas";
import type { RowState } from "./csv-columns";
import type { CsvTable as CsvTableData, TableRow } from "./csv-store";
import { CsvTable, ROW_HEIGHT } from "./csv-table";
// The reading view loads its code when first opened (lazy-dialogs.tsx).
import { ReadingView } from "./lazy-dialogs";
import { PUSHED_COLUMN, PushReceiptBadge } from "./push-receipts";
import { QualityCell } from "./quality-cell";
import type { QualityView } from "./quality-view";
import { hasAiResponse, RowActions } from "./row-actions";
import type { useTableDialogs } from "./table-dialogs";
import { TableFooter } from "./table-footer";
import { TableViewBar } from "./table-view-bar";
import { useReadingView } from "./use-reading-view";
import { useTableLayout } from "./use-table-layout";

/** Row highlights, light and dark: a row being generated, and a failed row (red, with Retry). */
const GENERATING: RowState = { className: "bg-accent hover:bg-accent", label: "Generating..." };
const FAILED: RowState = { className: "bg-red-50 hover:bg-red-100 dark:bg-red-950 dark:hover:bg-red-900" };
const NO_RECEIPTS: never[] = [];

/** The file indices of the rows the table's scroller shows now (the filters may show only some). */
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
  /** The saved output schema (JSON text): its fields are output columns. */
  jsonSchema: string;
  view: GeneratorView;
  onViewChange: (view: GeneratorView) => void;
}

/**
 * The generator's table: the view switch and "Read one by one" above it, the rows the quality filter
 * shows (each with its actions and where it was pushed), the footer, and the reading view.
 */
export function GeneratorTable(props: Props) {
  const { table, quality, scrollRef, isGenerating, generateOne, dialogs } = props;
  const receipts = usePushReceipts(table.id);
  const layout = useTableLayout(table, props.view, props.jsonSchema, receipts.size > 0);
  const reading = useReadingView(quality.visibleRows, scrollRef);
  const rowState = (row: TableRow) => (isGenerating(row.id) ? GENERATING : isFailedRow(row.data) ? FAILED : undefined);
  const read = reading.row;
  return (
    <>
      <TableViewBar
        view={props.view}
        onViewChange={props.onViewChange}
        onRead={reading.openInView}
        canRead={quality.visibleRows.length > 0}
      />
      <CsvTable
        columns={layout.slots}
        rows={quality.visibleRows}
        rowIndex={quality.indexOf}
        empty={quality.emptyText}
        scrollRef={scrollRef}
        onDeleteColumn={(name) => dialogs.setConfirm({ kind: "column", name })}
        onSaveCell={props.onSaveCell}
        rowState={rowState}
        renderDisplay={(id, row) =>
          id === PUSHED_COLUMN.id ? <PushReceiptBadge receipts={receipts.get(row.id)} /> : null
        }
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
      <ReadingView
        row={read}
        index={reading.index}
        count={quality.visibleRows.length}
        rowNumber={read ? quality.indexOf(read) + 1 : 0}
        totalRows={table.rows.length}
        flaggedOnly={quality.flaggedOnly}
        failedEmailOnly={quality.failedEmailOnly}
        inputColumns={layout.inputs}
        outputColumns={layout.outputs}
        quality={read ? quality.of(read) : undefined}
        receipts={(read && receipts.get(read.id)) || NO_RECEIPTS}
        onMove={reading.move}
        onToggleApproved={() => read && quality.toggleApproved(read)}
        onClose={reading.close}
      />
    </>
  );
}
