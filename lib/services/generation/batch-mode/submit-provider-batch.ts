import "server-only";
import { sql } from "drizzle-orm";
import { anthropicCreateBatch, findSubmittedBatch, openAiCreateBatch, openAiUploadBatchFile } from "@/lib/ai/batch-api";
import { anthropicContentParams, openAiChatBody } from "@/lib/ai/chat-request";
import { ProviderError } from "@/lib/ai/errors";
import { promptWithExamples } from "@/lib/ai/examples";
import { fillPrompt } from "@/lib/ai/prompt-variables";
import { cellsForError } from "@/lib/ai/result";
import { cancelBatchItems, failBatchItem, failPendingItem } from "./batch-results";
import type { BatchModeContext } from "./batch-mode-context";
import {
  markSubmitted,
  pendingRows,
  reserveProviderBatch,
  rowsOfProviderBatch,
  updateProviderBatch,
  type PendingRow,
  type ProviderBatchRow,
} from "./provider-batch-store";

/** A `submitting` row whose last attempt may have reached the provider is looked up only after this long. */
const STALE_SUBMISSION_MS = 3 * 60_000;
const MAX_SUBMIT_ATTEMPTS = 5;
const FATAL = new Set(["invalid_key", "permission"]);
const ROW_DELETED = "The row was deleted";

/** One request of a provider batch, rendered exactly as a standard run sends it (chat-request.ts). */
function renderRequest(ctx: BatchModeContext, row: PendingRow & { data: Record<string, string> }): string {
  const req = {
    model: ctx.settings.model,
    prompt: promptWithExamples(fillPrompt(ctx.settings.prompt, row.data), ctx.settings.examples),
    schema: ctx.schema,
    maxOutputTokens: ctx.maxOutputTokens,
  };
  return ctx.settings.provider === "OpenAI"
    ? JSON.stringify({ custom_id: row.itemId, method: "POST", url: "/v1/chat/completions", body: openAiChatBody(req) })
    : JSON.stringify({ custom_id: row.itemId, params: anthropicContentParams(req) });
}

/**
 * Takes the next pending rows (row order) up to BATCH_MAX_REQUESTS and the provider's size limit, records
 * the provider batch (`submitting`) with them, then submits it. False when nothing was left to submit.
 */
export async function submitNextChunk(ctx: BatchModeContext): Promise<{ submitted: boolean; fatal?: string }> {
  const rows = await pendingRows(ctx.batchId, ctx.limits.maxRequests);
  if (rows.length === 0) return { submitted: false };
  const lines = new Map<string, string>();
  let bytes = 0;
  for (const row of rows) {
    if (!row.data) {
      await failPendingItem(ctx.ref, row.itemId, ROW_DELETED);
      continue;
    }
    const line = renderRequest(ctx, { ...row, data: row.data });
    const size = Buffer.byteLength(line) + 1;
    if (lines.size > 0 && bytes + size > ctx.limits.maxBytes) break;
    bytes += size;
    lines.set(row.itemId, line);
  }
  if (lines.size === 0) return { submitted: true };
  const reserved = await reserveProviderBatch(ctx.batchId, ctx.settings.provider, [...lines.keys()]);
  if (!reserved) return { submitted: false };
  const fatal = await attemptSubmission(
    ctx,
    reserved.row,
    reserved.itemIds.map((id) => lines.get(id)!),
    new Map(rows.map((r) => [r.itemId, r.rowId])),
  );
  return { submitted: true, fatal };
}

/**
 * A `submitting` row met again (a transient failure, or a crash). When its last attempt may have reached
 * the provider (attempt_started_at set: the answer never arrived), it is left alone for STALE_SUBMISSION_MS
 * (another process could still be inside that call), then the provider is asked whether it has a batch for
 * it (OpenAI: our idempotency key in the batch metadata; Anthropic: see findSubmittedBatch) — adopted if so,
 * submitted again if not. Duplicates in our records are impossible either way: items are written by
 * custom_id through their state machine, so even a batch submitted twice is written and charged once.
 */
export async function retrySubmission(
  ctx: BatchModeContext,
  row: ProviderBatchRow,
  known: Set<string>,
  cancelling = false,
) {
  if (row.attemptStartedAt) {
    const age = Date.now() - row.attemptStartedAt.getTime();
    if (age < STALE_SUBMISSION_MS) {
      await updateProviderBatch(row.id, {
        nextPollAt: new Date(row.attemptStartedAt.getTime() + STALE_SUBMISSION_MS),
      });
      return undefined;
    }
    const found = await findSubmittedBatch(ctx.settings.provider, ctx.apiKey, {
      key: row.idempotencyKey,
      since: row.attemptStartedAt,
      requestCount: row.requestCount,
      known,
    }).catch(() => undefined);
    if (found === undefined) {
      await updateProviderBatch(row.id, { nextPollAt: new Date(Date.now() + 30_000) });
      return undefined;
    }
    if (found) {
      await markSubmitted(row.id, found.id, found.status, ctx.firstPollSeconds);
      return undefined;
    }
  }
  const rows = await rowsOfProviderBatch(row.id);
  if (cancelling) {
    // Cancelled before the provider had it: its rows are closed and refunded, nothing is sent.
    await cancelBatchItems(
      ctx.batchId,
      rows.map((r) => r.itemId),
    );
    await updateProviderBatch(row.id, {
      state: "failed",
      error: "Cancelled before it was submitted",
      endedAt: new Date(),
      nextPollAt: null,
    });
    return undefined;
  }
  const lines: string[] = [];
  for (const r of rows) {
    if (r.data) lines.push(renderRequest(ctx, { ...r, data: r.data }));
    else await failBatchItem(ctx.ref, r.itemId, null, null, ROW_DELETED);
  }
  if (lines.length === 0) {
    await updateProviderBatch(row.id, { state: "ended", endedAt: new Date() });
    return undefined;
  }
  return attemptSubmission(ctx, row, lines, new Map(rows.map((r) => [r.itemId, r.rowId])));
}

/** Sends the provider batch; stores the provider's id right after its answer. Answers a fatal error's message. */
async function attemptSubmission(
  ctx: BatchModeContext,
  row: ProviderBatchRow,
  lines: string[],
  rowIds: Map<string, number>,
): Promise<string | undefined> {
  const attempts = row.submitAttempts + 1;
  await updateProviderBatch(row.id, { attemptStartedAt: new Date(), submitAttempts: attempts });
  try {
    const view = await ctx.keepLease(async () => {
      if (ctx.settings.provider === "OpenAI") {
        let fileId = row.inputFileId;
        if (!fileId) {
          fileId = await openAiUploadBatchFile(ctx.apiKey, `${row.idempotencyKey}.jsonl`, `${lines.join("\n")}\n`);
          await updateProviderBatch(row.id, { inputFileId: fileId });
        }
        return openAiCreateBatch(ctx.apiKey, fileId, row.idempotencyKey);
      }
      return anthropicCreateBatch(
        ctx.apiKey,
        lines.map((l) => JSON.parse(l) as { custom_id: string; params: unknown }),
      );
    });
    await markSubmitted(row.id, view.id, view.status, ctx.firstPollSeconds);
    return undefined;
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    // The provider answered (a status): nothing was created, a retry needs no look-up first.
    const answered = error.status !== undefined;
    if (error.transient && attempts < MAX_SUBMIT_ATTEMPTS) {
      await updateProviderBatch(row.id, {
        ...(answered ? { attemptStartedAt: null } : {}),
        error: error.message,
        nextPollAt: sql`now() + make_interval(secs => ${30 * attempts})` as unknown as Date,
      });
      return undefined;
    }
    if (!answered && error.transient) {
      // Still unsure whether the last attempt arrived: keep looking it up before giving up on it.
      await updateProviderBatch(row.id, {
        error: error.message,
        nextPollAt: new Date(Date.now() + STALE_SUBMISSION_MS),
      });
      return undefined;
    }
    const message = `The provider refused the batch: ${error.message}`;
    for (const [itemId, rowId] of rowIds) await failBatchItem(ctx.ref, itemId, rowId, cellsForError(message), message);
    await updateProviderBatch(row.id, { state: "failed", error: message, endedAt: new Date(), attemptStartedAt: null });
    return FATAL.has(error.kind) ? error.message : undefined;
  }
}
