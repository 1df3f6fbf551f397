import "server-only";
import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import { inArray, sql } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { db } from "@/lib/db";
import { batches } from "@/lib/db/schema";
import { logger } from "@/lib/log";
import { ACTIVE_STATUSES, orphanedBatchIds } from "@/lib/services/generation/batch-control";
import { runBatch } from "@/lib/services/generation/run-batch";
import type { RunDeadline } from "@/lib/services/generation/run-options";
import { resumeOrphanedJobs } from "./background-jobs";
import { getBoss, QUEUES, type QueueName } from "./boss";
import { JOB_HANDLERS } from "./handlers";
import { beat } from "./heartbeat";
import { runSweeps } from "./sweeps";
import { WORKER_ID } from "./worker";
import type { CronWorkJson } from "@/lib/responses/system";

/** Batches run side by side in one call (each with its own adaptive concurrency). */
const BATCHES_PER_CALL = 4;
/** Jobs of the other queues fetched at once. */
const JOBS_PER_FETCH = 4;

/**
 * The deadline of a call with `budgetMs`: new work starts during the first 70% of the budget;
 * requests still in flight are cut a little before its end (at most 2 s) so that the call has time
 * to write, release its leases and answer within the budget.
 */
function cronDeadline(startedAt: number, budgetMs: number): Required<Pick<RunDeadline, "startBy" | "endBy">> {
  return { startBy: startedAt + budgetMs * 0.7, endBy: startedAt + budgetMs - Math.min(2_000, budgetMs * 0.1) };
}

/**
 * Runs due work for at most `budgetMs` (WORKER_MODE=cron; harmless in the other modes): sweeps,
 * every batch that no live worker holds (never started, yielded by the previous call, or left by a
 * dead worker) under the usual lease, and the jobs queued in pg-boss, with the same handlers as the
 * worker loop. A batch not finished by the deadline releases its lease and the next call (or any
 * worker) continues it without redoing or re-charging a row.
 */
export async function runDueWork(budgetMs: number): Promise<CronWorkJson> {
  const startedAt = Date.now();
  const deadline = cronDeadline(startedAt, budgetMs);
  const cronId = `cron:${WORKER_ID}`;
  const log = logger("cron").child({ workerId: cronId });
  await beat(cronId, "cron");
  await runSweeps();
  // pg-boss: the queue of the other background jobs. Batches do not depend on it (their table is
  // their queue), so a queue that cannot start does not stop them.
  const boss = await getBoss().catch((err: unknown) => {
    log.error({ err }, "job queue unavailable; running batches only");
    return null;
  });
  // Batch wake-ups sent under another mode: the scan below covers their batches.
  if (boss) {
    // Background jobs left by a dead worker go back to their queue, worked below.
    await resumeOrphanedJobs().catch((err: unknown) => log.error({ err }, "background-job resume scan failed"));
    const wakeUps = await boss.fetch(QUEUES.generateBatch, { batchSize: 100 });
    if (wakeUps.length)
      await boss.complete(
        QUEUES.generateBatch,
        wakeUps.map((j) => j.id),
      );
  }
  const [batchRuns, jobRuns] = await Promise.all([
    runBatches(deadline, cronId),
    boss ? runQueuedJobs(boss, deadline, cronId) : 0,
  ]);
  await beat(cronId, "cron");
  const remaining = (await activeBatchCount()) + (boss ? await queuedJobCount(boss) : 0);
  const result = { processed: batchRuns + jobRuns, remaining };
  log.info({ ...result, durationMs: Date.now() - startedAt, budgetMs }, "cron work done");
  return result;
}

async function runBatches(deadline: RunDeadline, cronId: string): Promise<number> {
  const ids = await orphanedBatchIds();
  let next = 0;
  let processed = 0;
  const lane = async () => {
    while (next < ids.length && Date.now() < deadline.startBy!) {
      const id = ids[next++]!;
      const outcome = await runBatch(id, { workerId: `${cronId}:${randomUUID().slice(0, 8)}`, deadline });
      if (outcome !== "busy") processed++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(BATCHES_PER_CALL, ids.length) }, lane));
  return processed;
}

async function runQueuedJobs(boss: PgBoss, deadline: RunDeadline, cronId: string): Promise<number> {
  const log = logger("cron");
  let processed = 0;
  for (const [name, handler] of Object.entries(JOB_HANDLERS) as Array<[QueueName, (typeof JOB_HANDLERS)[QueueName]]>) {
    if (name === QUEUES.generateBatch) continue;
    while (Date.now() < deadline.startBy!) {
      const jobs = await boss.fetch<object>(name, { batchSize: JOBS_PER_FETCH });
      if (jobs.length === 0) break;
      await Promise.all(
        jobs.map(async (job) => {
          const startedAt = Date.now();
          try {
            const outcome = await handler(job.data, { workerId: `${cronId}:${job.id}`, deadline });
            await boss.complete(name, job.id);
            // Not finished within this call: queued again for the next one.
            if (outcome === "yielded") await boss.send(name, job.data);
            log.info({ queue: name, jobId: job.id, outcome, durationMs: Date.now() - startedAt }, "job ended");
          } catch (err) {
            log.error(
              { err, queue: name, jobId: job.id, durationMs: Date.now() - startedAt },
              "job failed; it will be retried",
            );
            await boss
              .fail(name, job.id, { message: err instanceof Error ? err.message : String(err) })
              .catch(() => undefined);
          }
          processed++;
        }),
      );
    }
  }
  return processed;
}

async function activeBatchCount(): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(batches)
    .where(inArray(batches.status, [...ACTIVE_STATUSES]));
  return Number(row?.n ?? 0);
}

async function queuedJobCount(boss: PgBoss): Promise<number> {
  const names = Object.keys(JOB_HANDLERS).filter((n) => n !== QUEUES.generateBatch);
  if (names.length === 0) return 0;
  const queues = await boss.getQueues(names).catch(() => []);
  return queues.reduce((sum, q) => sum + Number(q.queuedCount ?? 0), 0);
}

/** `Authorization: Bearer $CRON_SECRET`, compared in constant time; false when no secret is configured. */
export function cronAuthorized(authorization: string | null, secret: string | undefined): boolean {
  if (!secret || !authorization) return false;
  const match = /^Bearer\s+(.+)$/i.exec(authorization.trim());
  if (!match) return false;
  // Equal-length digests: timingSafeEqual needs equal lengths and the length must not leak either.
  return timingSafeEqual(createHash("sha256").update(match[1]!).digest(), createHash("sha256").update(secret).digest());
}
