import "server-only";
import { classifyProviderError, ProviderError } from "@/lib/ai/errors";
import { generateStructured } from "@/lib/ai/generate";
import type { GenerationOutput, GenerationRequest } from "@/lib/ai/generation-types";
import { promptWithExamples } from "@/lib/ai/examples";
import { fillPrompt } from "@/lib/ai/prompt-variables";
import { outputCapOf } from "@/lib/ai/request-quirks";
import { cellsForError } from "@/lib/ai/result";
import { fixedInputTokens, promptTokens, schemaOutputTokens } from "@/lib/ai/token-count";
import { costOfUsage } from "@/lib/ai/usage";
import { env } from "@/lib/env";
import type { logger } from "@/lib/log";
import { failBatch, finishBatch, readBatch, stopBatchAtSpendCap } from "./batch-control";
import { claimItem, failItem, pendingItemIds, releaseItem } from "./batch-items";
import { spendCapOf } from "./bulk-usage";
import { pacerFor, type KeyPacer, type Ticket } from "./key-pacer";
import { dbPacerStore } from "./pacer-store";
import type { PreparedRun } from "./prepare-run";
import { saveRowResult } from "./row-result";
import { afterFailedCall, type QueueEntry } from "./row-retry";
import { msUntilStartBy, pastStartBy, requestTimeout } from "./run-deadline";
import { sleep, type RunLease } from "./run-lease";
import type { RunBatchOptions, RunBatchOutcome } from "./run-options";

const STATUS_CHECK_MS = 500;

type Claimed = NonNullable<Awaited<ReturnType<typeof claimItem>>> & { data: Record<string, string> };
type PacerAnswer = Parameters<KeyPacer["onAnswer"]>[0];

/**
 * The standard strategy of a run: one request per row, at the key's rate limit. Requests start when
 * the key's shared pacer (key-pacer.ts) allows, at most GENERATION_CONCURRENCY in flight; 429s still
 * pause a row for their retry-after, transient failures are retried with jittered backoff, and each
 * result is written to its CSV row the moment it arrives. Safe to run again after a crash: finished
 * items are never redone or charged again.
 */
export class StandardRun {
  private readonly queue: QueueEntry[];
  private readonly inFlight = new Set<Promise<void>>();
  private readonly tickets: Ticket[] = [];
  private readonly pacer: KeyPacer | null;
  private readonly max: number;
  private readonly generate: (req: GenerationRequest) => Promise<GenerationOutput>;
  private readonly maxOutputTokens: number;
  private readonly outputReserved: number;
  private inputEstimate: number;
  private stopping = false;
  private yielding = false;
  private capped = false;
  private fatal: string | null = null;
  /** The first failure of our own (the database): the run stops and the error propagates. */
  private broken: { error: unknown } | null = null;
  private lastStatusCheck = 0;

  private constructor(
    private readonly run: PreparedRun,
    private readonly lease: RunLease,
    private readonly options: RunBatchOptions,
    private readonly log: ReturnType<typeof logger>,
    itemIds: string[],
    private readonly cap: Awaited<ReturnType<typeof spendCapOf>> | null,
  ) {
    const { settings, schema } = run;
    this.queue = itemIds.map((itemId) => ({ itemId, notBefore: 0, transientFailures: 0, rateLimited: 0 }));
    this.generate = options.generate ?? generateStructured;
    this.max = options.fixedConcurrency ?? options.maxConcurrency ?? env().generationConcurrency;
    // One pacer per provider key, shared with every run and worker on it. Each request reserves its input
    // tokens (estimated, then corrected by the reported usage) and its output cap: twice the schema's
    // expected output, which every request names, so the provider counts exactly that at admission.
    this.pacer = options.fixedConcurrency ? null : pacerFor(settings.provider, run.apiKey, dbPacerStore);
    this.maxOutputTokens = 2 * schemaOutputTokens(schema);
    this.outputReserved = outputCapOf(settings.provider, settings.model, this.maxOutputTokens);
    this.inputEstimate =
      fixedInputTokens({ provider: settings.provider, useCase: settings.useCase, schema }) +
      promptTokens(settings.provider, settings.prompt);
  }

  static async start(
    run: PreparedRun,
    lease: RunLease,
    options: RunBatchOptions,
    log: ReturnType<typeof logger>,
  ): Promise<StandardRun> {
    const cap = run.settings.maxCostUsd ? await spendCapOf(run.batchId, run.settings.maxCostUsd) : null;
    return new StandardRun(run, lease, options, log, await pendingItemIds(run.batchId), cap);
  }

  /** Runs rows until none is left, the run is stopped, the deadline comes or another worker takes over. */
  async execute(): Promise<RunBatchOutcome> {
    try {
      while (!this.options.signal?.aborted && !this.broken) {
        if (!(await this.lease.renew())) break; // another worker took over
        if ((await this.step()) === "end") break;
      }
    } catch (error) {
      this.broken ??= { error };
    }
    this.dropTickets();
    return this.end();
  }

  /** One turn of the loop: notice a stop, wait for room, or start one row. */
  private async step(): Promise<"next" | "end"> {
    await this.checkStatus();
    if (this.stopping || this.yielding || this.queue.length === 0) {
      this.dropTickets();
      if (this.inFlight.size === 0) return "end";
      await this.wait(STATUS_CHECK_MS);
      return "next";
    }
    if (this.cap) {
      const decision = this.cap.decide(this.inFlight.size);
      if (decision === "stop") {
        this.capped = this.stopping = true;
        return "next";
      }
      if (decision === "wait") {
        await this.wait(STATUS_CHECK_MS);
        return "next";
      }
    }
    const now = Date.now();
    const wait = this.queue[0]!.notBefore - now;
    if (this.inFlight.size >= this.max || wait > 0) {
      await this.wait(
        Math.min(wait > 0 ? wait : STATUS_CHECK_MS, STATUS_CHECK_MS, msUntilStartBy(this.options.deadline, now)),
      );
      return "next";
    }
    const ticket = this.pacer ? await this.grantedTicket() : undefined;
    if (ticket === null) return "next";
    this.startRow(this.queue.shift()!, ticket);
    return "next";
  }

  /** Reads the run's status now and then (a pause or a cancel stops new rows); a fatal row fails the run. */
  private async checkStatus(): Promise<void> {
    const now = Date.now();
    if (!this.stopping && now - this.lastStatusCheck > STATUS_CHECK_MS) {
      this.lastStatusCheck = now;
      const current = await readBatch(this.run.batchId);
      if (!current || current.status !== "running") this.stopping = true;
    }
    if (this.fatal && !this.stopping) {
      this.stopping = true;
      await failBatch(this.run.batchId, this.fatal);
    }
    if (!this.yielding && pastStartBy(this.options.deadline)) this.yielding = true;
  }

  /**
   * Keeps one ticket in the key's line per row that could start now and hands out a granted one;
   * null (after waiting a little) when none is granted yet.
   */
  private async grantedTicket(): Promise<Ticket | null> {
    const pacer = this.pacer!;
    const wanted = Math.min(this.max - this.inFlight.size, this.queue.length);
    while (this.tickets.length < wanted)
      this.tickets.push(
        pacer.request(this.run.batchId, () => ({ input: this.inputEstimate, output: this.outputReserved })),
      );
    const granted = this.tickets.findIndex((t) => t.granted);
    if (granted >= 0) return this.tickets.splice(granted, 1)[0]!;
    await Promise.race([
      ...this.inFlight,
      ...this.tickets.map((t) => t.ready),
      sleep(Math.min(STATUS_CHECK_MS, msUntilStartBy(this.options.deadline, Date.now())), this.options.signal),
    ]);
    return null;
  }

  private startRow(entry: QueueEntry, ticket: Ticket | undefined): void {
    const task: Promise<void> = this.runRow(entry, ticket)
      .catch((error: unknown) => {
        this.broken ??= { error };
      })
      .finally(() => this.inFlight.delete(task));
    this.inFlight.add(task);
  }

  /**
   * One row. Only the provider call's failures are the row's (retried, or the row fails and is
   * refunded); a failure of our own bookkeeping (the database) is not: it stops the run.
   */
  private async runRow(entry: QueueEntry, ticket: Ticket | undefined): Promise<void> {
    const claimed = await claimItem(entry.itemId);
    if (!claimed?.data) ticket?.cancel(); // its request is never sent
    if (!claimed) return;
    if (!claimed.data) return failItem(this.run.ref, entry.itemId, claimed.rowId, null, "The row was deleted");
    const row = claimed as Claimed;
    const startedAt = Date.now();
    const timeout = requestTimeout(this.options.deadline, this.options.timeoutMs);
    let sentAt = startedAt; // when the row's latest call was sent (its answer's headers are read from then)
    let result: GenerationOutput;
    try {
      result = await this.generate({
        provider: this.run.settings.provider,
        apiKey: this.run.apiKey,
        model: this.run.settings.model,
        prompt: promptWithExamples(fillPrompt(this.run.settings.prompt, row.data), this.run.settings.examples),
        schema: this.run.schema,
        useCase: this.run.settings.useCase,
        timeoutMs: timeout.timeoutMs,
        maxOutputTokens: this.maxOutputTokens,
        beforeFollowUpCall: this.pacer
          ? async (previous) => {
              // The first call's headers end a probe (the follow-up would wait for it) and teach the key's state.
              await this.learn({ sentAt, rateLimit: previous });
              await this.followUpTicket();
              sentAt = Date.now();
            }
          : undefined,
      });
    } catch (error) {
      return this.callFailed(entry, row, error, { sentAt, ticket, cut: timeout.cut });
    }
    if (result.usage) this.inputEstimate = result.usage.inputTokens;
    void this.learn({ sentAt, rateLimit: result.rateLimit, ticket, countedInput: result.usage?.inputTokens });
    await saveRowResult(this.run, entry.itemId, row, result, Date.now() - startedAt);
    this.cap?.add(result.usage ? costOfUsage(this.run.settings.model, result.usage) : null);
  }

  /** A failed provider call: the row back in the queue or failed (row-retry.ts). */
  private async callFailed(
    entry: QueueEntry,
    row: Claimed,
    error: unknown,
    call: { sentAt: number; ticket: Ticket | undefined; cut: boolean },
  ): Promise<void> {
    const { settings } = this.run;
    const e = error instanceof ProviderError ? error : classifyProviderError(error, settings.provider, settings.model);
    const { sentAt, ticket } = call;
    if (e.kind === "rate_limited")
      void this.learn({ sentAt, rateLimit: e.rateLimit ?? {}, retryAfterMs: e.retryAfterMs, ticket, countedInput: 0 });
    else void this.learn({ sentAt, ticket });
    const next = afterFailedCall(entry, e, { cut: call.cut, paced: this.pacer !== null, now: Date.now() });
    if ("requeue" in next) {
      await releaseItem(entry.itemId);
      if (next.requeue === "front") this.queue.unshift(entry);
      else this.queue.push(entry);
      return;
    }
    await failItem(this.run.ref, entry.itemId, row.rowId, cellsForError(e.message), e.message);
    if (next.fail.fatal) this.fatal = e.message;
  }

  /**
   * A row's second call (Anthropic's research follow-up) waits for its own place, ahead of new rows: its output
   * cap is charged again; its input is counted with the row's reported usage (both turns) when the row ends.
   */
  private async followUpTicket(): Promise<void> {
    await this.pacer!.request(this.run.batchId, { input: 0, output: this.outputReserved }, { first: true }).ready;
  }

  private learn(info: PacerAnswer): Promise<void> | undefined {
    return this.pacer?.onAnswer(info).catch((error: unknown) => this.log.warn({ err: error }, "pacer update failed"));
  }

  private dropTickets(): void {
    for (const t of this.tickets.splice(0)) t.cancel();
  }

  /** Waits for a row in flight to end, or `ms` at most (so the lease is renewed and a cancel seen). */
  private wait(ms: number): Promise<unknown> {
    return Promise.race([...this.inFlight, sleep(ms, this.options.signal)]);
  }

  /**
   * After the loop: a broken run gives its lease up and throws (the job is retried, a row left
   * "running" goes back to the queue with the next lease holder); a stopped one leaves; a yielding one
   * hands the run over; else the run is finished (or stopped at its spending cap).
   */
  private async end(): Promise<RunBatchOutcome> {
    if (this.broken) {
      await Promise.allSettled(this.inFlight);
      await this.lease.release().catch(() => undefined);
      throw this.broken.error;
    }
    if (this.options.signal?.aborted) {
      await Promise.allSettled(this.inFlight);
      return "stopped";
    }
    if (this.yielding && !this.stopping && this.queue.length > 0) {
      // Rows are left: hand the run over at once (the rows in flight have ended and are written).
      await this.lease.release();
      return "yielded";
    }
    if (this.capped && this.cap) await stopBatchAtSpendCap(this.run.batchId, this.cap.capUsd);
    await finishBatch(this.run.batchId);
    // A paused run is not finished: give it up so that, once resumed, any worker takes it at once.
    await this.lease.release();
    return "done";
  }
}
