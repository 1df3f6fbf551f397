import "server-only";
import type { GenerationOutput } from "@/lib/ai/generation-types";
import { cellsForError } from "@/lib/ai/result";
import { GENERATED_COLUMNS } from "@/lib/csv/limits";
import { isDatabaseOutage } from "@/lib/db/errors";
import { logger } from "@/lib/log";
import { checkedCells, rememberOpening } from "@/lib/services/quality/row-flags";
import { completeItem, failItem } from "./batch-items";
import { bulkUsageEntry } from "./bulk-usage";
import type { PreparedRun } from "./prepare-run";
import { RESULT_NOT_SAVED } from "./provider-errors";

/** A row a run claimed: its database id, its place in the file and its values. */
interface ClaimedRow {
  rowId: number;
  rowIndex: number;
  data: Record<string, string>;
}

/**
 * Writes an answered row: its cells, quality flags and usage, with the item's state change, in one
 * transaction (a finished row is never redone or charged again). cellsFromOutput cleans what the
 * database cannot store; should a write still be refused, the row fails with a generic message (the
 * database's text goes to the log only). A database outage is not the row's fault: it is thrown and
 * stops the run.
 */
export async function saveRowResult(
  run: PreparedRun,
  itemId: string,
  row: ClaimedRow,
  result: GenerationOutput,
  latencyMs: number,
): Promise<void> {
  const { settings, ref } = run;
  const usageOf = (ok: boolean) =>
    bulkUsageEntry(result, ok, {
      userId: run.userId,
      batchId: run.batchId,
      csvFileId: ref.csvFileId,
      rowId: row.rowId,
      settings,
      connectionName: run.connectionName,
      latencyMs,
    });
  const { cells, flags } = checkedCells(result.output, {
    fields: run.outputFields,
    useCase: settings.useCase,
    sources: result.sources,
    rules: settings.qualityRules,
    openings: run.openings,
    rowIndex: row.rowIndex,
    input: { data: row.data, template: settings.prompt, examples: settings.examples },
  });
  // Remembered before any await: rows answering at the same moment see each other's opening.
  if (result.output) rememberOpening(run.openings, cells[GENERATED_COLUMNS.body] ?? "", row.rowIndex);
  try {
    if (result.output) await completeItem(ref, itemId, row.rowId, cells, usageOf(true), flags);
    else await failItem(ref, itemId, row.rowId, cells, "The model's answer was not valid JSON", usageOf(false), flags);
  } catch (error) {
    if (isDatabaseOutage(error)) throw error;
    logger("batch").error({ err: error, itemId, rowId: row.rowId }, "could not save the result of a row");
    await failItem(ref, itemId, row.rowId, cellsForError(RESULT_NOT_SAVED), RESULT_NOT_SAVED, usageOf(false));
  }
}
