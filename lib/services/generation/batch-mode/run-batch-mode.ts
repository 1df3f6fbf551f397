import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { schemaOutputTokens } from "@/lib/ai/token-count";
import { transactionWithQueue } from "@/lib/queue/enqueue";
import { batches } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { readBatch, type BatchRow } from "../batch-control";
import { prepareRun } from "../prepare-run";
import { pastStartBy } from "../run-deadline";
import { runLease, sleep } from "../run-lease";
import type { BatchModeTiming, RunBatchOptions, RunBatchOutcome } from "../run-options";
import { PROVIDER_LIMITS, type BatchModeContext } from "./batch-mode-context";
import { finishBatchMode, failBatchMode } from "./finish-batch-mode";
import { pollProviderBatch, requestCancel } from "./collect-provider-batch";
import { FIRST_POLL_SECONDS, providerBatchesOf } from "./provider-batch-store";
import { retrySubmission, submitNextChunk } from "./submit-provider-batch";

const DEFAULT_TIMING: BatchModeTiming = { holdMs: 20_000, stepMs: 1_000, firstPollSeconds: FIRST_POLL_SECONDS };

/**
 * A batch-mode run under its lease (called by runBatch for batches whose settings say mode "batch"):
 * submits the pending rows as provider batches, polls each open one when due (first within 30 s, then
 * backing off to every 5 minutes), writes results as they come back, forwards a cancel to the provider,
 * and finishes the batch (and e-mails the user) once every provider batch has ended. Between polls the
 * batch is parked: its lease is released with `lease_until` = the next due time, and its job is queued
 * for that time, so a worker (or a cron call) takes it up exactly when there is something to do.
 */
export async function runBatchMode(leased: BatchRow, options: RunBatchOptions): Promise<RunBatchOutcome> {
  const timing = { ...DEFAULT_TIMING, ...options.timing };
  const batchId = leased.id;
  const log = logger("batch-mode").child({ batchId, workerId: options.workerId });
  const lease = runLease(batchId, options.workerId);
  const prepared = await prepareRun(leased, lease, failBatchMode);
  if (!prepared) return "done";
  const limits = PROVIDER_LIMITS[prepared.settings.provider];
  const ctx: BatchModeContext = {
    ...prepared,
    maxOutputTokens: 2 * schemaOutputTokens(prepared.schema),
    limits: {
      maxRequests: Math.min(env().batchMaxRequests ?? limits.maxRequests, limits.maxRequests),
      maxBytes: limits.maxBytes,
    },
    firstPollSeconds: timing.firstPollSeconds,
    keepLease: lease.keep,
  };
  const deadline = options.deadline;
  const stopNow = () => options.signal?.aborted === true || deadline?.signal?.aborted === true;
  const noNewWork = () => stopNow() || pastStartBy(deadline);

  while (true) {
    if (options.signal?.aborted) return "stopped";
    if (!(await lease.renew())) return "busy";
    const current = await readBatch(batchId);
    if (!current || !["queued", "running", "cancelling"].includes(current.status)) {
      await lease.release();
      return "done";
    }
    const rows = await providerBatchesOf(batchId);
    const known = new Set(rows.flatMap((r) => (r.providerBatchId ? [r.providerBatchId] : [])));
    if (current.status === "cancelling") {
      for (const row of rows.filter((r) => r.state === "open" && !r.cancelRequestedAt)) await requestCancel(ctx, row);
    }
    const now = Date.now();
    let fatal: string | undefined;
    for (const row of rows) {
      if (noNewWork() || row.nextPollAt === null || row.nextPollAt.getTime() > now) continue;
      if (row.state === "open") {
        if (!(await ctx.keepLease(() => pollProviderBatch(ctx, row, stopNow)))) break;
      } else if (row.state === "submitting") {
        fatal ??= await retrySubmission(ctx, row, known, current.status === "cancelling");
      }
    }
    if (!fatal && !noNewWork() && current.status !== "cancelling") {
      const step = await submitNextChunk(ctx);
      fatal = step.fatal;
      if (step.submitted && !fatal) continue;
    }
    if (fatal) {
      await failBatchMode(batchId, fatal);
      return "done";
    }
    const after = await providerBatchesOf(batchId);
    const open = after.filter((r) => r.state === "open" || r.state === "submitting");
    if (open.length === 0 && (await finishBatchMode(batchId))) {
      log.info("batch-mode run finished");
      return "done";
    }
    if (options.signal?.aborted) return "stopped";
    // Nothing open but rows left (the deadline stopped their submission): due at once.
    const next = open.length === 0 ? Date.now() : Math.min(...open.map((r) => r.nextPollAt?.getTime() ?? Date.now()));
    const wait = next - Date.now();
    if (wait <= timing.holdMs && !noNewWork()) {
      await sleep(Math.max(0, Math.min(wait, timing.stepMs)), options.signal);
      continue;
    }
    await park(batchId, options.workerId, new Date(next));
    return "done";
  }
}

/**
 * Gives the run up until `until` and queues its wake-up for then, together: nobody takes it before (a
 * cancel un-parks it at once).
 */
async function park(batchId: string, workerId: string, until: Date): Promise<void> {
  await transactionWithQueue(async (tx, enqueueInTx) => {
    const parked = await tx
      .update(batches)
      .set({ leaseOwner: null, leaseUntil: until, updatedAt: sql`now()` })
      .where(and(eq(batches.id, batchId), eq(batches.leaseOwner, workerId)))
      .returning({ id: batches.id });
    if (parked.length > 0) await enqueueInTx("run", batchId, { startAfter: until });
  });
}
