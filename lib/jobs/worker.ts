import "server-only";
import { hostname } from "node:os";
import { randomUUID } from "node:crypto";
import type { WorkerKind } from "@/lib/db/schema";
import { migrateDatabase } from "@/lib/db";
import { logger } from "@/lib/log";
import { orphanedBatchIds } from "@/lib/services/generation/batch-control";
import { resumeOrphanedJobs } from "./background-jobs";
import { dispatchBatch, getBoss, type QueueName } from "./boss";
import { JOB_HANDLERS } from "./handlers";
import { beat } from "./heartbeat";
import { runSweeps } from "./sweeps";

/** Every RESUME_SCAN_MS: heartbeat and resume scan; sweeps every SWEEP_MS. */
const RESUME_SCAN_MS = 15_000;
const SWEEP_MS = 60 * 60 * 1000;
/** How long a stopping worker lets its rows in flight end before pg-boss gives up on them. */
const SHUTDOWN_TIMEOUT_MS = 70_000;

const holder = globalThis as unknown as { __workerStarted?: Promise<void>; __workerShutdown?: AbortController };

export const WORKER_ID = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/** Dispatches batches that no live worker holds: never started, or left by a worker that died. */
async function resumeOrphanedBatches(): Promise<number> {
  const ids = await orphanedBatchIds();
  for (const id of ids) await dispatchBatch(id);
  return ids.length;
}

async function start(kind: Exclude<WorkerKind, "cron">): Promise<void> {
  const log = logger("worker").child({ workerId: WORKER_ID, kind });
  await migrateDatabase();
  const boss = await getBoss();
  const shutdown = (holder.__workerShutdown = new AbortController());
  for (const [name, handler] of Object.entries(JOB_HANDLERS) as Array<[QueueName, (typeof JOB_HANDLERS)[QueueName]]>) {
    await boss.work<object>(name, { localConcurrency: 4, pollingIntervalSeconds: 1 }, async (jobs) => {
      // One lease owner per job: two jobs for the same batch in this process do not share its lease.
      for (const job of jobs) {
        const startedAt = Date.now();
        try {
          const outcome = await handler(job.data, {
            workerId: `${WORKER_ID}:${job.id}`,
            deadline: { signal: shutdown.signal },
          });
          log.info({ queue: name, jobId: job.id, outcome, durationMs: Date.now() - startedAt }, "job ended");
          // Stopped by the shutdown with work left: another worker continues it.
          if (outcome === "yielded")
            await boss
              .send(name, job.data)
              .catch((err) => log.error({ err, queue: name, jobId: job.id }, "could not hand the job over"));
        } catch (err) {
          // A transient failure (database...): the job keeps its work done; pg-boss retries it,
          // and for batches the resume scan picks the batch up again after that.
          log.error(
            { err, queue: name, jobId: job.id, durationMs: Date.now() - startedAt },
            "job stopped by an error; it will be retried",
          );
          throw err;
        }
      }
    });
  }
  let lastSweep = 0;
  const tick = async () => {
    await beat(WORKER_ID, kind);
    const resumed = await resumeOrphanedBatches();
    if (resumed) log.info({ resumed }, "resuming unfinished batches");
    const resumedJobs = await resumeOrphanedJobs();
    if (resumedJobs) log.info({ resumedJobs }, "resuming unfinished background jobs");
    if (Date.now() - lastSweep >= SWEEP_MS) {
      lastSweep = Date.now();
      await runSweeps();
    }
  };
  await tick();
  setInterval(() => void tick().catch((err) => log.error({ err }, "worker tick failed")), RESUME_SCAN_MS).unref();
  log.info({ queues: Object.keys(JOB_HANDLERS) }, "worker started");
}

/** Starts the background worker in this process (once): the inline loop, or an `npm run worker` process. */
export function startWorker(kind: Exclude<WorkerKind, "cron"> = "inline"): Promise<void> {
  holder.__workerStarted ??= start(kind);
  return holder.__workerStarted;
}

/**
 * Stops taking jobs; the jobs running start no new work, let what is in flight end, and hand their
 * work over (a batch's lease is released at once, so another worker continues it immediately).
 */
export async function stopWorker(): Promise<void> {
  if (!holder.__workerStarted) return;
  holder.__workerShutdown?.abort();
  const boss = await getBoss();
  await boss.stop({ graceful: true, timeout: SHUTDOWN_TIMEOUT_MS });
}
