import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { outputFieldsOf } from "@/lib/ai/result";
import { schemaOutputTokens } from "@/lib/ai/token-count";
import { db } from "@/lib/db";
import { batches } from "@/lib/db/schema";
import { SecretDecryptError } from "@/lib/crypto/secrets";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { logger } from "@/lib/log";
import { connectionApiKey } from "@/lib/services/connections/connections";
import { rowsOfFile } from "@/lib/services/csv/generated-cells";
import { openingsOfRows } from "@/lib/services/quality/row-flags";
import { acquireLease, readBatch, releaseLease, type BatchRow } from "../batch-control";
import { parseBatchSettings, type BatchSettings } from "../batch-settings";
import type { RunBatchOptions, RunBatchOutcome } from "../run-options";
import { PROVIDER_LIMITS, type BatchModeContext } from "./batch-mode-context";
import { finishBatchMode, failBatchMode } from "./finish-batch-mode";
import { pollProviderBatch, requestCancel } from "./collect-provider-batch";
import { FIRST_POLL_SECONDS, providerBatchesOf } from "./provider-batch-store";
import { retrySubmission, submitNextChunk } from "./submit-provider-batch";

/** How long a run waits in place for its next poll before parking the batch (its lease set to the due time). */
export interface BatchModeTiming {
  holdMs: number;
  stepMs: number;
  /** Seconds from submission to the first poll (the interval then doubles up to MAX_POLL_SECONDS). */
  firstPollSeconds: number;
}
const DEFAULT_TIMING: BatchModeTiming = { holdMs: 20_000, stepMs: 1_000, firstPollSeconds: FIRST_POLL_SECONDS };
const LEASE_RENEW_MS = 10_000;

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * A batch-mode run under its lease (called by runBatch for batches whose settings say mode "batch"):
 * submits the pending rows as provider batches, polls each open one when due (first within 30 s, then
 * backing off to every 5 minutes), writes results as they come back, forwards a cancel to the provider,
 * and finishes the batch (and e-mails the user) once every provider batch has ended. Between polls the
 * batch is parked: its lease is released with `lease_until` = the next due time, so the resume scan of
 * any worker (or the next cron call) picks it up exactly when there is something to do.
 */
export async function runBatchMode(
  leased: BatchRow,
  options: RunBatchOptions & { timing?: Partial<BatchModeTiming> },
): Promise<RunBatchOutcome> {
  const timing = { ...DEFAULT_TIMING, ...options.timing };
  const batchId = leased.id;
  const log = logger("batch-mode").child({ batchId, workerId: options.workerId });
  let settings: BatchSettings;
  try {
    settings = parseBatchSettings(leased.settings);
  } catch {
    await failBatchMode(batchId, "The settings of this batch cannot be read. Start the batch again.");
    return "done";
  }
  if (!leased.csvFileId) {
    await failBatchMode(batchId, "The CSV file of this batch was deleted.");
    return "done";
  }
  let key: { apiKey: string; name: string };
  try {
    key = await connectionApiKey(leased.userId, settings.connectionId);
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") {
      await failBatchMode(batchId, "The API connection of this batch was deleted. Add a key and run the batch again.");
      return "done";
    }
    if (error instanceof SecretDecryptError) {
      await failBatchMode(
        batchId,
        "The API key of this batch cannot be read. Add the key again and run the batch again.",
      );
      return "done";
    }
    // A transient failure (database, network): not the batch's fault; the job is retried.
    await releaseLease(batchId, options.workerId).catch(() => undefined);
    throw error;
  }
  let lastRenew = Date.now();
  const renew = async () => {
    if (Date.now() - lastRenew < LEASE_RENEW_MS) return true;
    lastRenew = Date.now();
    return (await acquireLease(batchId, options.workerId)) !== null;
  };
  const schema = JSON.parse(settings.jsonSchema) as Record<string, unknown>;
  const limits = PROVIDER_LIMITS[settings.provider];
  const ctx: BatchModeContext = {
    batchId,
    userId: leased.userId,
    ref: { id: batchId, csvFileId: leased.csvFileId },
    settings,
    apiKey: key.apiKey,
    connectionName: key.name,
    schema,
    outputFields: outputFieldsOf(schema),
    maxOutputTokens: 2 * schemaOutputTokens(schema),
    limits: {
      maxRequests: Math.min(env().batchMaxRequests ?? limits.maxRequests, limits.maxRequests),
      maxBytes: limits.maxBytes,
    },
    openings: openingsOfRows(await rowsOfFile(leased.csvFileId)),
    firstPollSeconds: timing.firstPollSeconds,
    async keepLease(fn) {
      const timer = setInterval(
        () => void acquireLease(batchId, options.workerId).catch(() => undefined),
        LEASE_RENEW_MS,
      );
      try {
        return await fn();
      } finally {
        clearInterval(timer);
      }
    },
  };
  const deadline = options.deadline;
  const stopNow = () => options.signal?.aborted === true || deadline?.signal?.aborted === true;
  const pastStartBy = () => stopNow() || (deadline?.startBy !== undefined && Date.now() >= deadline.startBy);

  while (true) {
    if (options.signal?.aborted) return "stopped";
    if (!(await renew())) return "busy";
    const current = await readBatch(batchId);
    if (!current || !["queued", "running", "cancelling"].includes(current.status)) {
      await releaseLease(batchId, options.workerId);
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
      if (pastStartBy() || row.nextPollAt === null || row.nextPollAt.getTime() > now) continue;
      if (row.state === "open") {
        if (!(await ctx.keepLease(() => pollProviderBatch(ctx, row, stopNow)))) break;
      } else if (row.state === "submitting") {
        fatal ??= await retrySubmission(ctx, row, known, current.status === "cancelling");
      }
    }
    if (!fatal && !pastStartBy() && current.status !== "cancelling") {
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
    if (wait <= timing.holdMs && !pastStartBy()) {
      await sleep(Math.max(0, Math.min(wait, timing.stepMs)), options.signal);
      continue;
    }
    await park(batchId, options.workerId, new Date(next));
    return "done";
  }
}

/** Takes the batch's lease and runs it (tests and tools; the workers come through runBatch). */
export async function runBatchModeById(
  batchId: string,
  options: RunBatchOptions & { timing?: Partial<BatchModeTiming> },
): Promise<RunBatchOutcome> {
  const leased = await acquireLease(batchId, options.workerId);
  return leased ? runBatchMode(leased, options) : "busy";
}

/** Gives the batch up until `until`: no scan takes it before (a cancel un-parks it at once). */
async function park(batchId: string, workerId: string, until: Date): Promise<void> {
  await db
    .update(batches)
    .set({ leaseOwner: null, leaseUntil: until, updatedAt: sql`now()` })
    .where(and(eq(batches.id, batchId), eq(batches.leaseOwner, workerId)));
}
