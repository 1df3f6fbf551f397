import "server-only";
import {
  cancelProviderBatch,
  providerBatchResults,
  retrieveProviderBatch,
  type BatchResultLine,
  type ProviderBatchView,
} from "@/lib/ai/batch-api";
import { ProviderError } from "@/lib/ai/errors";
import { cellsForError } from "@/lib/ai/result";
import type { TokenUsage } from "@/lib/ai/usage";
import { GENERATED_COLUMNS } from "@/lib/csv/limits";
import { checkedCells, rememberOpening } from "@/lib/services/quality/row-flags";
import type { UsageEntry } from "@/lib/services/usage/record-usage";
import { cancelBatchItems, completeBatchItem, failBatchItem } from "./batch-results";
import type { BatchModeContext } from "./batch-mode-context";
import { runningItemsOf, schedulePoll, updateProviderBatch, type ProviderBatchRow } from "./provider-batch-store";

const EXPIRED_MESSAGE =
  "Expired: the provider did not process this request within its 24-hour batch window. Retry the row, or run the batch again.";
const NOT_JSON = "The model's answer was not valid JSON";
const NOT_RETURNED = "The provider's batch ended without a result for this request.";

function usageEntry(
  ctx: BatchModeContext,
  row: ProviderBatchRow,
  rowId: number,
  usage: TokenUsage,
  ok: boolean,
): UsageEntry {
  return {
    kind: "batch_api",
    userId: ctx.userId,
    connectionId: ctx.settings.connectionId,
    connectionName: ctx.connectionName,
    batchId: ctx.batchId,
    csvFileId: ctx.ref.csvFileId,
    rowId,
    provider: ctx.settings.provider,
    model: ctx.settings.model,
    usage,
    // From submission to collection: what the batch made the row wait.
    latencyMs: row.submittedAt ? Date.now() - row.submittedAt.getTime() : 0,
    promptTemplate: ctx.settings.prompt,
    ok,
  };
}

/** Writes one returned request; false when its item was already closed (written once, charged once). */
async function writeLine(
  ctx: BatchModeContext,
  row: ProviderBatchRow,
  line: BatchResultLine,
  item: { rowId: number; rowIndex: number; data: Record<string, string> | null },
): Promise<boolean> {
  if (line.type === "canceled") return (await cancelBatchItems(ctx.batchId, [line.customId])) > 0;
  if (line.type === "expired")
    return failBatchItem(ctx.ref, line.customId, item.rowId, cellsForError(EXPIRED_MESSAGE), EXPIRED_MESSAGE);
  if (line.type === "errored") {
    const usage = line.usage ? usageEntry(ctx, row, item.rowId, line.usage, false) : undefined;
    return failBatchItem(ctx.ref, line.customId, item.rowId, cellsForError(line.error), line.error, usage);
  }
  const { cells, flags } = checkedCells(line.output, {
    fields: ctx.outputFields,
    useCase: ctx.settings.useCase,
    rules: ctx.settings.qualityRules,
    openings: ctx.openings,
    rowIndex: item.rowIndex,
    input: item.data ? { data: item.data, template: ctx.settings.prompt, examples: ctx.settings.examples } : undefined,
  });
  const usage = line.usage ? usageEntry(ctx, row, item.rowId, line.usage, line.output !== null) : undefined;
  if (!line.output) return failBatchItem(ctx.ref, line.customId, item.rowId, cells, NOT_JSON, usage, flags);
  const written = await completeBatchItem(ctx.ref, line.customId, item.rowId, cells, usage, flags);
  if (written) rememberOpening(ctx.openings, cells[GENERATED_COLUMNS.body] ?? "", item.rowIndex);
  return written;
}

/**
 * Writes every result of an ended provider batch, then closes what did not come back: cancelled requests
 * are refunded; the rest (an expired or failed provider batch) fail, refunded. Idempotent: lines whose
 * item is closed are skipped, so a restart or a second download writes and charges nothing twice.
 * Stops early (answering false) when `shouldStop` says so; the next run continues.
 */
async function collectResults(
  ctx: BatchModeContext,
  row: ProviderBatchRow,
  view: ProviderBatchView,
  shouldStop: () => boolean,
): Promise<boolean> {
  const waiting = await runningItemsOf(row.id);
  if (waiting.size > 0) {
    const lines = await ctx.keepLease(() => providerBatchResults(ctx.settings.provider, ctx.apiKey, view));
    for (const line of lines) {
      if (shouldStop()) return false;
      const item = waiting.get(line.customId);
      if (!item) continue;
      await writeLine(ctx, row, line, item);
      waiting.delete(line.customId);
    }
    const left = [...waiting.keys()];
    if (view.status === "cancelled" || view.status === "canceling" || row.cancelRequestedAt)
      await cancelBatchItems(ctx.batchId, left);
    else {
      const message = view.status === "expired" ? EXPIRED_MESSAGE : NOT_RETURNED;
      for (const itemId of left) {
        if (shouldStop()) return false;
        const item = waiting.get(itemId)!;
        await failBatchItem(ctx.ref, itemId, item.rowId, cellsForError(message), message);
      }
    }
  }
  const returned = view.returned;
  await updateProviderBatch(row.id, {
    state: "ended",
    providerStatus: view.status,
    returnedCount: returned,
    endedAt: new Date(),
    nextPollAt: null,
  });
  return true;
}

/** One poll of an open provider batch; collects it once it has ended. False when stopped early. */
export async function pollProviderBatch(
  ctx: BatchModeContext,
  row: ProviderBatchRow,
  shouldStop: () => boolean,
): Promise<boolean> {
  let view: ProviderBatchView;
  try {
    view = await retrieveProviderBatch(ctx.settings.provider, ctx.apiKey, row.providerBatchId!);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    // The key stopped working or the provider is down: try again later, at the usual pace.
    await schedulePoll(row, row.providerStatus ?? "unknown", row.returnedCount);
    await updateProviderBatch(row.id, { error: error.message });
    return true;
  }
  if (!view.ended) {
    await schedulePoll(row, view.status, view.returned);
    return true;
  }
  return collectResults(ctx, row, view, shouldStop);
}

/** Asks the provider to cancel an open provider batch (once); it is then polled soon until it has ended. */
export async function requestCancel(ctx: BatchModeContext, row: ProviderBatchRow): Promise<void> {
  try {
    const view = await cancelProviderBatch(ctx.settings.provider, ctx.apiKey, row.providerBatchId!);
    await updateProviderBatch(row.id, {
      cancelRequestedAt: new Date(),
      providerStatus: view.status,
      nextPollAt: new Date(Date.now() + 2_000),
      pollIntervalSeconds: 5,
    });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    // An ended batch cannot be cancelled (409/400): poll it, which collects it.
    await updateProviderBatch(row.id, { cancelRequestedAt: new Date(), nextPollAt: new Date(), error: error.message });
  }
}
