import "server-only";
import { classifyProviderError, ProviderError } from "@/lib/ai/errors";
import { generateStructured } from "@/lib/ai/generate";
import type { GenerationOutput, GenerationRequest } from "@/lib/ai/generation-types";
import { fillPrompt } from "@/lib/ai/prompt-variables";
import { cellsForError, cellsFromOutput } from "@/lib/ai/result";
import type { Provider, UseCase } from "@/lib/ai/providers";
import { env } from "@/lib/env";
import { connectionApiKey } from "@/lib/services/connections/connections";
import { AimdController, backoffMs } from "./aimd";
import { acquireLease, failBatch, finishBatch, readBatch, requeueOrphanedItems } from "./batch-control";
import { claimItem, completeItem, failItem, pendingItemIds, releaseItem, type BatchRef } from "./batch-items";

const MAX_TRANSIENT_ATTEMPTS = 4;
const MAX_RATE_LIMITED_ATTEMPTS = 25;
const LEASE_RENEW_MS = 10_000;
const STATUS_CHECK_MS = 500;
/** Failures that make every other row fail too: the batch stops and refunds the rest. */
const FATAL = new Set(["invalid_key", "permission", "model_not_found"]);

export interface RunBatchOptions {
  workerId: string;
  /** Upper bound of requests in flight (default GENERATION_CONCURRENCY); `fixed` disables adaptation. */
  maxConcurrency?: number;
  fixedConcurrency?: number;
  /** Stops the run early, as a crash would (tests of restart-resume). */
  signal?: AbortSignal;
  generate?: (req: GenerationRequest) => Promise<GenerationOutput>;
  timeoutMs?: number;
}

interface Settings {
  provider: Provider;
  connectionId: string;
  model: string;
  prompt: string;
  jsonSchema: string;
  useCase: UseCase;
}

interface QueueEntry {
  itemId: string;
  notBefore: number;
  transientFailures: number;
  rateLimited: number;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });

/**
 * Processes a batch until every item is done, failed or cancelled, keeping the provider key at
 * its rate limit: concurrency adapts (AIMD), 429s wait for retry-after, transient failures are
 * retried with jittered backoff, each result is written to its CSV row the moment it arrives.
 * Safe to run again after a crash: finished items are never redone or charged again.
 */
export async function runBatch(batchId: string, options: RunBatchOptions): Promise<"done" | "busy" | "stopped"> {
  const leased = await acquireLease(batchId, options.workerId);
  if (!leased) return "busy";
  await requeueOrphanedItems(batchId);
  const settings = leased.settings as unknown as Settings;
  const ref: BatchRef = { id: leased.id, userId: leased.userId, csvFileId: leased.csvFileId ?? "", creditDay: leased.creditDay ?? "" };
  if (!leased.csvFileId) {
    await failBatch(batchId, "The CSV file of this batch was deleted.");
    return "done";
  }
  let apiKey: string;
  try {
    apiKey = (await connectionApiKey(leased.userId, settings.connectionId)).apiKey;
  } catch {
    await failBatch(batchId, "The API connection of this batch was deleted. Add a key and run the batch again.");
    return "done";
  }
  const generate = options.generate ?? generateStructured;
  const max = options.fixedConcurrency ?? options.maxConcurrency ?? env().generationConcurrency;
  const aimd = options.fixedConcurrency ? null : new AimdController(max);
  const queue: QueueEntry[] = (await pendingItemIds(batchId)).map((itemId) => ({ itemId, notBefore: 0, transientFailures: 0, rateLimited: 0 }));
  const schema = JSON.parse(settings.jsonSchema) as Record<string, unknown>;
  const inFlight = new Set<Promise<void>>();
  let stopping = false;
  let fatal: string | null = null;
  let lastStatusCheck = 0;
  let lastRenew = Date.now();

  const runItem = async (entry: QueueEntry) => {
    const claimed = await claimItem(entry.itemId);
    if (!claimed) return;
    if (!claimed.data) return failItem(ref, entry.itemId, claimed.rowId, null, "The row was deleted");
    const startedAt = Date.now();
    try {
      const result = await generate({ provider: settings.provider, apiKey, model: settings.model, prompt: fillPrompt(settings.prompt, claimed.data), schema, useCase: settings.useCase, timeoutMs: options.timeoutMs });
      aimd?.onSuccess();
      aimd?.onRateInfo(result.rateLimit.remaining, result.rateLimit.resetMs);
      const { cells } = cellsFromOutput(result.output);
      if (result.output) await completeItem(ref, entry.itemId, claimed.rowId, cells);
      else await failItem(ref, entry.itemId, claimed.rowId, cells, "The model's answer was not valid JSON");
    } catch (error) {
      const e = error instanceof ProviderError ? error : classifyProviderError(error, settings.provider, settings.model);
      if (e.kind === "rate_limited" && entry.rateLimited < MAX_RATE_LIMITED_ATTEMPTS) {
        aimd?.onRateLimited(startedAt, e.retryAfterMs);
        entry.rateLimited++;
        entry.notBefore = Date.now() + (aimd ? 0 : (e.retryAfterMs ?? 1000));
        await releaseItem(entry.itemId);
        queue.unshift(entry);
      } else if (e.transient && entry.transientFailures + 1 < MAX_TRANSIENT_ATTEMPTS) {
        entry.transientFailures++;
        entry.notBefore = Date.now() + backoffMs(entry.transientFailures);
        await releaseItem(entry.itemId);
        queue.push(entry);
      } else {
        await failItem(ref, entry.itemId, claimed.rowId, cellsForError(e.message), e.message);
        if (FATAL.has(e.kind)) fatal = e.message;
      }
    }
  };

  while (!options.signal?.aborted) {
    const now = Date.now();
    if (now - lastRenew > LEASE_RENEW_MS) {
      if (!(await acquireLease(batchId, options.workerId))) break; // another worker took over
      lastRenew = now;
    }
    if (!stopping && now - lastStatusCheck > STATUS_CHECK_MS) {
      lastStatusCheck = now;
      const current = await readBatch(batchId);
      if (!current || current.status !== "running") stopping = true;
    }
    if (fatal && !stopping) {
      stopping = true;
      await failBatch(batchId, fatal);
    }
    // Every wait also wakes up after STATUS_CHECK_MS, so the lease is renewed (and a cancel seen)
    // even while every request in flight is slow: a lapsed lease would let another worker redo them.
    if (stopping || queue.length === 0) {
      if (inFlight.size === 0) break;
      await Promise.race([...inFlight, sleep(STATUS_CHECK_MS, options.signal)]);
      continue;
    }
    const limit = aimd ? aimd.concurrency : max;
    const wait = Math.max(aimd?.waitMs() ?? 0, queue[0]!.notBefore - now);
    if (inFlight.size >= limit || wait > 0) {
      await Promise.race([...inFlight, sleep(wait > 0 ? Math.min(wait, STATUS_CHECK_MS) : STATUS_CHECK_MS, options.signal)]);
      continue;
    }
    const entry = queue.shift()!;
    const task: Promise<void> = runItem(entry).finally(() => inFlight.delete(task));
    inFlight.add(task);
  }
  if (options.signal?.aborted) {
    await Promise.allSettled(inFlight);
    return "stopped";
  }
  await finishBatch(batchId);
  return "done";
}
