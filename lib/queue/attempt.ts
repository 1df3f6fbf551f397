import "server-only";
import type { JobWithMetadata } from "pg-boss";
import { logger } from "@/lib/log";
import type { WorkKind } from "./boss";
import { enqueue, type WorkData } from "./enqueue";
import { WORK, type JobContext, type JobOutcome } from "./work";

/** The work's final message when the queue has retried it as often as it may. */
export const GAVE_UP = "Stopped after repeated errors. Please try again.";

/**
 * Carries out one attempt of a queued job with its kind's handler, the same in every worker mode. Work
 * that yielded at its deadline is queued again before this job completes (a crash between the two
 * leaves two jobs, which is harmless). A failure is thrown back to pg-boss, which retries the job; after
 * the last retry the work itself is ended as failed, so that nothing stays "running" for ever.
 */
export async function runAttempt(kind: WorkKind, job: JobWithMetadata<WorkData>, ctx: JobContext): Promise<JobOutcome> {
  const log = logger("queue").child({ kind, jobId: job.id, workId: job.data.id, workerId: ctx.workerId });
  const startedAt = Date.now();
  try {
    const outcome = await WORK[kind].handle(job.data.id, ctx);
    if (outcome === "yielded") await enqueue(kind, job.data.id);
    log.info({ outcome, durationMs: Date.now() - startedAt }, "job ended");
    return outcome;
  } catch (err) {
    const last = job.retryCount >= job.retryLimit;
    log.error({ err, durationMs: Date.now() - startedAt, retry: job.retryCount, last }, "job stopped by an error");
    if (last)
      await WORK[kind]
        .giveUp(job.data.id, GAVE_UP)
        .catch((e: unknown) => log.error({ err: e }, "could not end the work"));
    throw err;
  }
}
