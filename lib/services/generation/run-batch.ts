import "server-only";
import { classifyProviderError, ProviderError } from "@/lib/ai/errors";
import { generateStructured } from "@/lib/ai/generate";
import type { GenerationOutput } from "@/lib/ai/generation-types";
import { fillPrompt } from "@/lib/ai/prompt-variables";
import { cellsForError, cellsFromOutput, outputFieldsOf } from "@/lib/ai/result";
import { promptWithExamples } from "@/lib/ai/examples";
import { GENERATED_COLUMNS } from "@/lib/csv/limits";
import { rowsOfFile } from "@/lib/services/csv/generated-cells";
import { flagsOfResult, openingsOfRows, rememberOpening } from "@/lib/services/quality/row-flags";
import { SecretDecryptError } from "@/lib/crypto/secrets";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { logger } from "@/lib/log";
import { connectionApiKey } from "@/lib/services/connections/connections";
import { backoffMs } from "./backoff";
import { pacerFor, type Ticket } from "./key-pacer";
import { dbPacerStore } from "./pacer-store";
import { outputCapOf } from "@/lib/ai/request-quirks";
import { fixedInputTokens, promptTokens, schemaOutputTokens } from "@/lib/ai/token-count";
import {
  acquireLease,
  failBatch,
  finishBatch,
  readBatch,
  releaseLease,
  requeueOrphanedItems,
  stopBatchAtSpendCap,
} from "./batch-control";
import { claimItem, completeItem, failItem, pendingItemIds, releaseItem, type BatchRef } from "./batch-items";
import { isDatabaseOutage } from "@/lib/db/errors";
import { parseBatchSettings, type BatchSettings } from "./batch-settings";
import { RESULT_NOT_SAVED } from "./provider-errors";
import { bulkUsageEntry, spendCapOf } from "./bulk-usage";
import { costOfUsage } from "@/lib/ai/usage";
import { runModeOf } from "./run-mode";
import { runBatchMode } from "./batch-mode/run-batch-mode";
import type { RunBatchOptions, RunBatchOutcome } from "./run-options";

const MAX_TRANSIENT_ATTEMPTS = 4;
const MAX_RATE_LIMITED_ATTEMPTS = 25;
const LEASE_RENEW_MS = 10_000;
const STATUS_CHECK_MS = 500;
/** The SDKs' request timeout when none is given. */
const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;
/** A request is never given less than this, even right before the deadline. */
const MIN_REQUEST_TIMEOUT_MS = 100;
/** Failures that make every other row fail too: the batch stops and refunds the rest. */
const FATAL = new Set(["invalid_key", "permission", "model_not_found"]);

interface QueueEntry {
  itemId: string;
  notBefore: number;
  transientFailures: number;
  rateLimited: number;
}

/**
 * The message a batch fails with when its connection cannot be used, ever: it was deleted, or its
 * stored key cannot be decrypted (damaged, or another ENCRYPTION_KEY). Null for anything else,
 * which may work on another attempt.
 */
function connectionFailure(error: unknown): string | null {
  if (error instanceof AppError && error.code === "not_found") {
    return "The API connection of this batch was deleted. Add a key and run the batch again.";
  }
  if (error instanceof SecretDecryptError) {
    return "The API key of this batch cannot be read. Add the key again and run the batch again.";
  }
  return null;
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
 * its rate limit: requests start when the key's shared pacer (key-pacer.ts) allows, at most
 * GENERATION_CONCURRENCY in flight; 429s still pause it for their retry-after, transient failures are
 * retried with jittered backoff, each result is written to its CSV row the moment it arrives.
 * Safe to run again after a crash: finished items are never redone or charged again.
 */
export async function runBatch(batchId: string, options: RunBatchOptions): Promise<RunBatchOutcome> {
  const startedAt = Date.now();
  const leased = await acquireLease(batchId, options.workerId);
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

async function runLeased(
  leased: NonNullable<Awaited<ReturnType<typeof acquireLease>>>,
  options: RunBatchOptions,
  log: ReturnType<typeof logger>,
): Promise<RunBatchOutcome> {
  const batchId = leased.id;
  await requeueOrphanedItems(batchId);
  let settings: BatchSettings;
  try {
    settings = parseBatchSettings(leased.settings);
  } catch (error) {
    log.error({ err: error }, "unreadable batch settings");
    await failBatch(batchId, "The settings of this batch cannot be read. Start the batch again.");
    return "done";
  }
  if (!leased.csvFileId) {
    await failBatch(batchId, "The CSV file of this batch was deleted.");
    return "done";
  }
  const ref: BatchRef = { id: leased.id, csvFileId: leased.csvFileId };
  let apiKey: string;
  let connectionName: string;
  try {
    ({ apiKey, name: connectionName } = await connectionApiKey(leased.userId, settings.connectionId));
  } catch (error) {
    const permanent = connectionFailure(error);
    if (!permanent) {
      // A transient failure (database hiccup, network): not the batch's fault. Give the lease up
      // and let the job be retried (or the batch be resumed by the orphan scan).
      await releaseLease(batchId, options.workerId).catch(() => undefined);
      throw error;
    }
    await failBatch(batchId, permanent);
    return "done";
  }
  const generate = options.generate ?? generateStructured;
  const max = options.fixedConcurrency ?? options.maxConcurrency ?? env().generationConcurrency;
  const queue: QueueEntry[] = (await pendingItemIds(batchId)).map((itemId) => ({
    itemId,
    notBefore: 0,
    transientFailures: 0,
    rateLimited: 0,
  }));
  const schema = JSON.parse(settings.jsonSchema) as Record<string, unknown>;
  const research = settings.useCase === "web_research";
  const outputFields = outputFieldsOf(schema);
  // The openings of the file's generated rows, so that a row repeating another's opening is flagged.
  const openings = openingsOfRows(await rowsOfFile(ref.csvFileId));
  // One pacer per provider key, shared with every batch and worker on it (key-pacer.ts). Each request
  // reserves its input tokens (estimated, then corrected by the reported usage) and its output cap:
  // twice the schema's expected output, which every request names (Chat Completions, Responses and
  // Messages alike), so the provider counts exactly that at admission.
  const pacer = options.fixedConcurrency ? null : pacerFor(settings.provider, apiKey, dbPacerStore);
  const maxOutputTokens = 2 * schemaOutputTokens(schema);
  const outputReserved = outputCapOf(settings.provider, settings.model, maxOutputTokens);
  let inputEstimate =
    fixedInputTokens({ provider: settings.provider, useCase: settings.useCase, schema }) +
    promptTokens(settings.provider, settings.prompt);
  const tickets: Ticket[] = [];
  const dropTickets = () => {
    for (const t of tickets.splice(0)) t.cancel();
  };
  /**
   * A row's second call (Anthropic's research follow-up) waits for its own place, ahead of new rows: its output
   * cap is charged again; its input is counted with the row's reported usage (both turns) when the row ends.
   */
  const followUpTicket = async (keyPacer: NonNullable<typeof pacer>) => {
    await keyPacer.request(batchId, { input: 0, output: outputReserved }, { first: true }).ready;
  };
  const learn = (info: Parameters<NonNullable<typeof pacer>["onAnswer"]>[0]) =>
    pacer?.onAnswer(info).catch((error: unknown) => log.warn({ err: error }, "pacer update failed"));
  const inFlight = new Set<Promise<void>>();
  let stopping = false;
  let yielding = false;
  const deadline = options.deadline;
  const pastStartBy = () =>
    deadline !== undefined &&
    ((deadline.startBy !== undefined && Date.now() >= deadline.startBy) || deadline.signal?.aborted === true);
  /** The request's timeout, shortened so that it ends by the deadline; `cut` when it was. */
  const requestTimeout = (): { timeoutMs: number | undefined; cut: boolean } => {
    if (deadline?.endBy === undefined) return { timeoutMs: options.timeoutMs, cut: false };
    const full = options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    const left = Math.max(MIN_REQUEST_TIMEOUT_MS, deadline.endBy - Date.now());
    return left < full ? { timeoutMs: left, cut: true } : { timeoutMs: full, cut: false };
  };
  let fatal: string | null = null;
  const cap = settings.maxCostUsd ? await spendCapOf(batchId, settings.maxCostUsd) : null;
  let capped = false;
  let lastStatusCheck = 0;
  let lastRenew = Date.now();

  /**
   * One row. Only the provider call's failures are the row's (retried, or the row fails and is
   * refunded); a failure of our own bookkeeping (the database) is not: it stops the run (below).
   */
  const runItem = async (entry: QueueEntry, ticket: Ticket | undefined) => {
    const claimed = await claimItem(entry.itemId);
    if (!claimed?.data) ticket?.cancel(); // its request is never sent
    if (!claimed) return;
    if (!claimed.data) return failItem(ref, entry.itemId, claimed.rowId, null, "The row was deleted");
    const rowStartedAt = Date.now();
    /** When the row's latest call was sent (its answer's headers are read from then). */
    let sentAt = rowStartedAt;
    const timeout = requestTimeout();
    let result: GenerationOutput;
    try {
      result = await generate({
        provider: settings.provider,
        apiKey,
        model: settings.model,
        prompt: promptWithExamples(fillPrompt(settings.prompt, claimed.data), settings.examples),
        schema,
        useCase: settings.useCase,
        timeoutMs: timeout.timeoutMs,
        maxOutputTokens,
        beforeFollowUpCall: pacer
          ? async (previous) => {
              // The first call's headers end a probe (the follow-up would wait for it) and teach the key's state.
              await learn({ sentAt, rateLimit: previous });
              await followUpTicket(pacer);
              sentAt = Date.now();
            }
          : undefined,
      });
    } catch (error) {
      const e =
        error instanceof ProviderError ? error : classifyProviderError(error, settings.provider, settings.model);
      if (e.kind === "rate_limited")
        void learn({
          sentAt,
          rateLimit: e.rateLimit ?? {},
          retryAfterMs: e.retryAfterMs,
          ticket,
          countedInput: 0,
        });
      else void learn({ sentAt, ticket });
      if (e.kind === "timeout" && timeout.cut) {
        // Cut by the deadline, not the row's fault: back to the queue for the next lease holder.
        await releaseItem(entry.itemId);
        queue.unshift(entry);
      } else if (e.kind === "rate_limited" && entry.rateLimited < MAX_RATE_LIMITED_ATTEMPTS) {
        entry.rateLimited++;
        entry.notBefore = Date.now() + (pacer ? 0 : (e.retryAfterMs ?? 1000));
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
      return;
    }
    if (result.usage) inputEstimate = result.usage.inputTokens;
    void learn({
      sentAt,
      rateLimit: result.rateLimit,
      ticket,
      countedInput: result.usage?.inputTokens,
    });
    const usageOf = (ok: boolean) =>
      bulkUsageEntry(result, ok, {
        userId: leased.userId,
        batchId,
        csvFileId: ref.csvFileId,
        rowId: claimed.rowId,
        settings,
        connectionName,
        latencyMs: Date.now() - rowStartedAt,
      });
    // cellsFromOutput cleans what the database cannot store. Should a write still be refused, the
    // row fails with a generic message (the database's text — SQL, parameters, ids — goes to the
    // log only); a database outage is not the row's fault: it stops the run (below).
    const sources = research ? (result.sources ?? []) : undefined;
    const { cells } = cellsFromOutput(result.output, { fields: outputFields, sources });
    const flags = flagsOfResult({
      cells,
      output: result.output,
      useCase: settings.useCase,
      sources,
      rules: settings.qualityRules,
      openings,
      rowIndex: claimed.rowIndex,
    });
    // Remembered before any await: rows answering at the same moment see each other's opening.
    if (result.output) rememberOpening(openings, cells[GENERATED_COLUMNS.body] ?? "", claimed.rowIndex);
    try {
      if (result.output) await completeItem(ref, entry.itemId, claimed.rowId, cells, usageOf(true), flags);
      else
        await failItem(
          ref,
          entry.itemId,
          claimed.rowId,
          cells,
          "The model's answer was not valid JSON",
          usageOf(false),
          flags,
        );
    } catch (error) {
      if (isDatabaseOutage(error)) throw error;
      console.error(`[batch] could not save the result of item ${entry.itemId} (row ${claimed.rowId})`, error);
      await failItem(
        ref,
        entry.itemId,
        claimed.rowId,
        cellsForError(RESULT_NOT_SAVED),
        RESULT_NOT_SAVED,
        usageOf(false),
      );
    }
    cap?.add(result.usage ? costOfUsage(settings.model, result.usage) : null);
  };

  // The first failure of our own (database) stops the run: no new row starts, the rows in flight
  // end, the lease is given up and the error propagates, so that the job is retried (a row left
  // "running" is put back in the queue by the next lease holder). Nothing is failed or refunded.
  let broken: { error: unknown } | null = null;
  try {
    while (!options.signal?.aborted && !broken) {
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
      if (!yielding && pastStartBy()) yielding = true;
      // Every wait also wakes up after STATUS_CHECK_MS, so the lease is renewed (and a cancel seen)
      // even while every request in flight is slow: a lapsed lease would let another worker redo them.
      if (stopping || yielding || queue.length === 0) {
        dropTickets();
        if (inFlight.size === 0) break;
        await Promise.race([...inFlight, sleep(STATUS_CHECK_MS, options.signal)]);
        continue;
      }
      if (cap) {
        const decision = cap.decide(inFlight.size);
        if (decision === "stop") {
          capped = true;
          stopping = true;
          continue;
        }
        if (decision === "wait") {
          await Promise.race([...inFlight, sleep(STATUS_CHECK_MS, options.signal)]);
          continue;
        }
      }
      const wait = queue[0]!.notBefore - now;
      // Wake up at the deadline's startBy too, to stop waiting for a row that will not start.
      const untilStartBy = deadline?.startBy !== undefined ? Math.max(0, deadline.startBy - now) : Infinity;
      if (inFlight.size >= max || wait > 0) {
        await Promise.race([
          ...inFlight,
          sleep(Math.min(wait > 0 ? wait : STATUS_CHECK_MS, STATUS_CHECK_MS, untilStartBy), options.signal),
        ]);
        continue;
      }
      let ticket: Ticket | undefined;
      if (pacer) {
        // Keep one ticket in the key's line per row that could start now; start a row per granted ticket.
        const wanted = Math.min(max - inFlight.size, queue.length);
        while (tickets.length < wanted)
          tickets.push(pacer.request(batchId, () => ({ input: inputEstimate, output: outputReserved })));
        const granted = tickets.findIndex((t) => t.granted);
        if (granted < 0) {
          await Promise.race([
            ...inFlight,
            ...tickets.map((t) => t.ready),
            sleep(Math.min(STATUS_CHECK_MS, untilStartBy), options.signal),
          ]);
          continue;
        }
        ticket = tickets.splice(granted, 1)[0]!;
      }
      const entry = queue.shift()!;
      const task: Promise<void> = runItem(entry, ticket)
        .catch((error: unknown) => {
          broken ??= { error };
        })
        .finally(() => inFlight.delete(task));
      inFlight.add(task);
    }
  } catch (error) {
    broken ??= { error };
  }
  dropTickets();
  if (broken) {
    await Promise.allSettled(inFlight);
    await releaseLease(batchId, options.workerId).catch(() => undefined);
    throw (broken as { error: unknown }).error;
  }
  if (options.signal?.aborted) {
    await Promise.allSettled(inFlight);
    return "stopped";
  }
  if (yielding && !stopping && queue.length > 0) {
    // Rows are left: hand the batch over at once (the rows in flight have ended and are written).
    await releaseLease(batchId, options.workerId);
    return "yielded";
  }
  if (capped && cap) await stopBatchAtSpendCap(batchId, cap.capUsd);
  await finishBatch(batchId);
  // A paused batch is not finished: give it up so that, once resumed, any worker takes it at once.
  await releaseLease(batchId, options.workerId);
  return "done";
}
