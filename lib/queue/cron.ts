import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import type { JobWithMetadata, PgBoss } from "pg-boss";
import { logger } from "@/lib/log";
import type { RunDeadline } from "@/lib/services/generation/run-options";
import { runAttempt } from "./attempt";
import { getBoss, QUEUES, type WorkKind } from "./boss";
import type { WorkData } from "./enqueue";
import { beat } from "./heartbeat";
import { runSweeps } from "./sweeps";
import { WORKER_ID } from "./worker";
import type { JobContext } from "./work";
import type { CronWorkJson } from "@/lib/responses/system";

/** Jobs of one queue run side by side in one call (a run has its own adaptive concurrency inside). */
const LANES_PER_QUEUE = 4;
/** A job taken by a cron call beats its heartbeat this often (the queue's heartbeat is 30 s). */
const TOUCH_MS = 10_000;

/**
 * The deadline of a call with `budgetMs`: new work starts during the first 70% of the budget;
 * requests still in flight are cut a little before its end (at most 2 s) so that the call has time
 * to write, release its leases and answer within the budget.
 */
function cronDeadline(startedAt: number, budgetMs: number): Required<Pick<RunDeadline, "startBy" | "endBy">> {
  return { startBy: startedAt + budgetMs * 0.7, endBy: startedAt + budgetMs - Math.min(2_000, budgetMs * 0.1) };
}

/**
 * Runs due work for at most `budgetMs` (WORKER_MODE=cron; harmless in the other modes): sweeps, then
 * the jobs of every queue with the same handler as the worker loop (./attempt.ts). Work not finished
 * by the deadline hands over: its job is queued again and the next call continues it without redoing
 * or re-charging a row. `remaining`: jobs still queued (a parked provider batch's wake-up included).
 */
export async function runDueWork(budgetMs: number): Promise<CronWorkJson> {
  const startedAt = Date.now();
  const deadline = cronDeadline(startedAt, budgetMs);
  const cronId = `cron:${WORKER_ID}`;
  const log = logger("cron").child({ workerId: cronId });
  await beat(cronId, "cron");
  await runSweeps();
  const boss = await getBoss();
  // No cron-mode process lives long enough for pg-boss's own supervisor timer: each call runs it, so
  // the job of a call that died (its heartbeat lapsed) is put back for a later call.
  await boss.supervise().catch((err: unknown) => log.error({ err }, "queue supervision failed"));
  const kinds = Object.keys(QUEUES) as WorkKind[];
  const counts = await Promise.all(kinds.map((kind) => drainQueue(boss, kind, deadline, cronId)));
  await beat(cronId, "cron");
  const queued = await Promise.all(kinds.map((kind) => boss.findJobs(QUEUES[kind], { queued: true })));
  const result = { processed: counts.reduce((a, b) => a + b, 0), remaining: queued.reduce((a, q) => a + q.length, 0) };
  log.info({ ...result, durationMs: Date.now() - startedAt, budgetMs }, "cron work done");
  return result;
}

/** Takes the queue's due jobs one by one in a few lanes until the deadline's start-by time. */
async function drainQueue(boss: PgBoss, kind: WorkKind, deadline: RunDeadline, cronId: string): Promise<number> {
  let processed = 0;
  const lane = async () => {
    while (Date.now() < deadline.startBy!) {
      const [job] = await boss.fetch<WorkData>(QUEUES[kind], { batchSize: 1, includeMetadata: true });
      if (!job) return;
      await settle(boss, kind, job, { workerId: `${cronId}:${job.id}`, deadline });
      processed++;
    }
  };
  await Promise.all(Array.from({ length: LANES_PER_QUEUE }, lane));
  return processed;
}

/** One attempt, its heartbeat beaten meanwhile (pg-boss's work loop does this for workers), then settled. */
async function settle(boss: PgBoss, kind: WorkKind, job: JobWithMetadata<WorkData>, ctx: JobContext): Promise<void> {
  const queue = QUEUES[kind];
  const touch = setInterval(() => void boss.touch(queue, job).catch(() => undefined), TOUCH_MS);
  try {
    await runAttempt(kind, job, ctx);
    await boss.complete(queue, job);
  } catch (err) {
    await boss.fail(queue, job, { message: err instanceof Error ? err.message : String(err) }).catch(() => undefined);
  } finally {
    clearInterval(touch);
  }
}

/** `Authorization: Bearer $CRON_SECRET`, compared in constant time; false when no secret is configured. */
export function cronAuthorized(authorization: string | null, secret: string | undefined): boolean {
  if (!secret || !authorization) return false;
  const match = /^Bearer\s+(.+)$/i.exec(authorization.trim());
  if (!match) return false;
  // Equal-length digests: timingSafeEqual needs equal lengths and the length must not leak either.
  return timingSafeEqual(createHash("sha256").update(match[1]!).digest(), createHash("sha256").update(secret).digest());
}
