/** What a bulk run is started with and how it ends: shared by both runners (run-batch.ts, batch-mode/). */
import type { GenerationOutput, GenerationRequest } from "@/lib/ai/generation-types";

/**
 * A cooperative time limit (a cron call's budget, a worker's shutdown). Once `startBy` has passed
 * (or `signal` is aborted) no row starts; a request still in flight at `endBy` is cut short and its
 * row goes back to the queue, uncharged. Then the lease is released and the run answers "yielded":
 * the next lease holder (the next cron call, another worker) continues without redoing a row.
 */
export interface RunDeadline {
  /** Epoch ms after which no row starts. */
  startBy?: number;
  /** Epoch ms by which requests in flight are cut. */
  endBy?: number;
  signal?: AbortSignal;
}

export type RunBatchOutcome = "done" | "busy" | "stopped" | "yielded";

/** How a provider-batch run waits in place for its next poll before parking the run (its lease set to the due time). */
export interface BatchModeTiming {
  holdMs: number;
  stepMs: number;
  /** Seconds from submission to the first poll (the interval then doubles up to MAX_POLL_SECONDS). */
  firstPollSeconds: number;
}

export interface RunBatchOptions {
  workerId: string;
  /** Upper bound of requests in flight (default GENERATION_CONCURRENCY); `fixed` disables the key's pacer. */
  maxConcurrency?: number;
  fixedConcurrency?: number;
  /** Stops the run early, as a crash would (tests of restart-resume). */
  signal?: AbortSignal;
  /** Stops the run early, cleanly, handing the batch over (see RunDeadline). */
  deadline?: RunDeadline;
  generate?: (req: GenerationRequest) => Promise<GenerationOutput>;
  timeoutMs?: number;
  /** Provider-batch mode: its polling rhythm (tests shorten it). */
  timing?: Partial<BatchModeTiming>;
}
