import "server-only";
import { hostname } from "node:os";
import { randomUUID } from "node:crypto";
import type { JobWithMetadata } from "pg-boss";
import type { WorkerKind } from "@/lib/db/schema";
import { migrateDatabase } from "@/lib/db";
import { logger } from "@/lib/log";
import { runAttempt } from "./attempt";
import { getBoss, QUEUES, type WorkKind } from "./boss";
import type { WorkData } from "./enqueue";
import { beat } from "./heartbeat";
import { runSweeps } from "./sweeps";

/** Every BEAT_MS: the worker's heartbeat (GET /api/health); sweeps every SWEEP_MS. */
const BEAT_MS = 15_000;
const SWEEP_MS = 60 * 60 * 1000;
/** How long a stopping worker lets its rows in flight end before pg-boss gives up on them. */
const SHUTDOWN_TIMEOUT_MS = 70_000;

const holder = globalThis as unknown as { __workerStarted?: Promise<void>; __workerShutdown?: AbortController };

export const WORKER_ID = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/**
 * Takes jobs of every queue (four at a time each). pg-boss beats each job's heartbeat while it runs; a
 * worker that dies stops beating, and the job is retried on another worker (docs/architecture.md).
 */
async function start(kind: Exclude<WorkerKind, "cron">): Promise<void> {
  const log = logger("worker").child({ workerId: WORKER_ID, kind });
  await migrateDatabase();
  const boss = await getBoss();
  const shutdown = (holder.__workerShutdown = new AbortController());
  for (const work of Object.keys(QUEUES) as WorkKind[]) {
    await boss.work(
      QUEUES[work],
      { localConcurrency: 4, pollingIntervalSeconds: 1, includeMetadata: true },
      async ([job]: JobWithMetadata<WorkData>[]) => {
        // One lease owner per job attempt: two jobs for the same work in this process do not share its lease.
        await runAttempt(work, job!, { workerId: `${WORKER_ID}:${job!.id}`, deadline: { signal: shutdown.signal } });
      },
    );
  }
  let lastSweep = 0;
  const tick = async () => {
    await beat(WORKER_ID, kind);
    if (Date.now() - lastSweep >= SWEEP_MS) {
      lastSweep = Date.now();
      await runSweeps();
    }
  };
  await tick();
  setInterval(() => void tick().catch((err) => log.error({ err }, "worker tick failed")), BEAT_MS).unref();
  log.info({ queues: Object.values(QUEUES) }, "worker started");
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
