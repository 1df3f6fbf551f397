import "server-only";
import type { JobWithMetadata } from "pg-boss";
import { logger } from "@/lib/log";
import { getBoss, QUEUES, type WorkKind } from "./boss";
import { enqueue, type WorkData } from "./enqueue";
import { leaseHeldUntil } from "./lease";
import { WORK, type JobContext, type JobOutcome } from "./work";

/** The work's final message when the queue has retried it as often as it may. */
export const GAVE_UP = "Stopped after repeated errors. Please try again.";

/** pg-boss states of a job that will still run (waiting, waiting to retry, running). */
const LIVE_JOB_STATES = new Set(["created", "retry", "active"]);

/** A job queued for a lapsed lease starts this long after `lease_until`, so the lease has lapsed by then. */
const AFTER_LEASE_MS = 1_000;

/**
 * Carries out one attempt of a queued job with its kind's handler, the same in every worker mode. Work
 * that yielded at its deadline is queued again before this job completes (a crash between the two
 * leaves two jobs, which is harmless); work another worker's lease kept from this job comes back when
 * that lease lapses. A failure is thrown back to pg-boss, which retries the job; after the last retry
 * the work itself is ended as failed, so that nothing stays "running" for ever.
 */
export async function runAttempt(kind: WorkKind, job: JobWithMetadata<WorkData>, ctx: JobContext): Promise<JobOutcome> {
  const log = logger("queue").child({ kind, jobId: job.id, workId: job.data.id, workerId: ctx.workerId });
  const startedAt = Date.now();
  let outcome: JobOutcome;
  try {
    outcome = await WORK[kind].handle(job.data.id, ctx);
  } catch (err) {
    const last = job.retryCount >= job.retryLimit;
    log.error({ err, durationMs: Date.now() - startedAt, retry: job.retryCount, last }, "job stopped by an error");
    if (last)
      await WORK[kind]
        .giveUp(job.data.id, GAVE_UP)
        .catch((e: unknown) => log.error({ err: e }, "could not end the work"));
    throw err;
  }
  if (outcome === "yielded") await enqueue(kind, job.data.id);
  else await queueAfterLease(kind, job, ctx.workerId, log);
  log.info({ outcome, durationMs: Date.now() - startedAt }, "job ended");
  return outcome;
}

/**
 * Work this job could not take because another worker's lease holds it — a worker that died mid-work holds
 * its lease until it lapses, and the queue hands the dead worker's job out again before then — is queued
 * again to start once that lease has lapsed, unless another job of the same work will still run (the live
 * holder's own job, a parked run's wake-up): dropping it would leave the work "running" for ever.
 */
async function queueAfterLease(
  kind: WorkKind,
  job: JobWithMetadata<WorkData>,
  owner: string,
  log: ReturnType<typeof logger>,
): Promise<void> {
  const until = await leaseHeldUntil(await WORK[kind].lease(), job.data.id, owner);
  if (!until) return;
  const boss = await getBoss();
  const jobs = await boss.findJobs<WorkData>(QUEUES[kind], { data: { id: job.data.id } });
  if (jobs.some((other) => other.id !== job.id && LIVE_JOB_STATES.has(other.state))) return;
  const startAfter = new Date(until.getTime() + AFTER_LEASE_MS);
  await enqueue(kind, job.data.id, { startAfter });
  log.info({ startAfter }, "work held by another lease: queued again for when it lapses");
}
