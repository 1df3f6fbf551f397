import "server-only";
import { logger } from "@/lib/log";
import { failBatch, readBatch, requeueOrphanedItems, type BatchRow } from "./batch-control";
import { failBatchMode } from "./batch-mode/finish-batch-mode";
import { runBatchMode } from "./batch-mode/run-batch-mode";
import { prepareRun } from "./prepare-run";
import { acquireRun, runLease } from "./run-lease";
import { runModeOf } from "./run-mode";
import type { RunBatchOptions, RunBatchOutcome } from "./run-options";
import { StandardRun } from "./standard-run";

/**
 * Carries out a bulk run under its lease until every item is done, failed or cancelled, with one of two
 * strategies: standard (one request per row at the key's rate limit, standard-run.ts) or provider batch
 * (the provider's Batch API, batch-mode/run-batch-mode.ts). "busy": another worker holds the run.
 * Safe to run again after a crash: finished items are never redone or charged again.
 */
export async function runBatch(batchId: string, options: RunBatchOptions): Promise<RunBatchOutcome> {
  const startedAt = Date.now();
  const leased = await acquireRun(batchId, options.workerId);
  if (!leased) return "busy";
  // Batch mode (provider Batch APIs): its own runner, under the same lease (batch-mode/run-batch-mode.ts).
  if (runModeOf(leased.settings) === "batch") return runBatchMode(leased, options);
  const log = logger("batch").child({ batchId, workerId: options.workerId });
  log.info({ processed: leased.processed, total: leased.total }, "batch run started");
  const outcome = await runLeased(leased, options, log).catch((error: unknown) => {
    log.error({ err: error, durationMs: Date.now() - startedAt }, "batch run stopped by an error");
    throw error;
  });
  const after = await readBatch(batchId).catch(() => null);
  log.info(
    {
      outcome,
      durationMs: Date.now() - startedAt,
      status: after?.status,
      processed: after?.processed,
      failed: after?.failed,
      total: after?.total,
    },
    "batch run ended",
  );
  return outcome;
}

/** The standard strategy under the lease: the run prepared once, then carried out row by row (standard-run.ts). */
async function runLeased(
  leased: BatchRow,
  options: RunBatchOptions,
  log: ReturnType<typeof logger>,
): Promise<RunBatchOutcome> {
  const lease = runLease(leased.id, options.workerId);
  await requeueOrphanedItems(leased.id);
  const prepared = await prepareRun(leased, lease, failBatch);
  if (!prepared) return "done";
  return (await StandardRun.start(prepared, lease, options, log)).execute();
}

/**
 * Ends a run that cannot go on (the queue gave up on it after its last retry), whoever held it: rows
 * not written are refunded, provider batches closed on our side.
 */
export async function abandonRun(batchId: string, error: string): Promise<void> {
  const batch = await readBatch(batchId);
  if (!batch) return;
  if (runModeOf(batch.settings) === "batch") return failBatchMode(batchId, error);
  await requeueOrphanedItems(batchId);
  await failBatch(batchId, error);
}
