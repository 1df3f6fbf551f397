import "server-only";
import { hostname } from "node:os";
import { randomUUID } from "node:crypto";
import { migrateDatabase } from "@/lib/db";
import { orphanedBatchIds } from "@/lib/services/generation/batch-control";
import { runBatch } from "@/lib/services/generation/run-batch";
import { dispatchBatch, getBoss, QUEUES } from "./boss";

const RESUME_SCAN_MS = 15_000;
const holder = globalThis as unknown as { __workerStarted?: Promise<void> };

export const WORKER_ID = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/** Dispatches batches that no live worker holds: never started, or left by a worker that died. */
export async function resumeOrphanedBatches(): Promise<number> {
  const ids = await orphanedBatchIds();
  for (const id of ids) await dispatchBatch(id);
  return ids.length;
}

async function start(): Promise<void> {
  await migrateDatabase();
  const boss = await getBoss();
  await boss.work<{ batchId: string }>(QUEUES.generateBatch, { localConcurrency: 4, pollingIntervalSeconds: 1 }, async (jobs) => {
    // One lease owner per job: two jobs for the same batch in this process do not share its lease.
    for (const job of jobs) await runBatch(job.data.batchId, { workerId: `${WORKER_ID}:${job.id}` });
  });
  const resumed = await resumeOrphanedBatches();
  if (resumed) console.log(`[worker] resuming ${resumed} unfinished batch(es)`);
  setInterval(() => void resumeOrphanedBatches().catch((e) => console.error("[worker] resume scan failed", e)), RESUME_SCAN_MS).unref();
  console.log(`[worker] ${WORKER_ID} processing ${QUEUES.generateBatch}`);
}

/** Starts the background worker in this process (once). */
export function startWorker(): Promise<void> {
  holder.__workerStarted ??= start();
  return holder.__workerStarted;
}
