import "server-only";
import { sql } from "drizzle-orm";
import { PgBoss, fromPglite } from "pg-boss";
import { db, dbKind, pgliteClient } from "@/lib/db";
import type { JobKind } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";

export const QUEUES = {
  generateBatch: "generate-batch",
  bulkEmail: "bulk-email",
  webhookExport: "webhook-export",
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** The queue of each kind of background job (lib/services/jobs). */
export const JOB_QUEUES: Record<JobKind, QueueName> = {
  bulk_email: QUEUES.bulkEmail,
  webhook_export: QUEUES.webhookExport,
};

/** Background jobs keep their progress in their own row; a retry continues after the last chunk. */
const BACKGROUND_JOB_QUEUE = {
  expireInSeconds: 60 * 60,
  retryLimit: 5,
  retryDelay: 10,
  retryBackoff: true,
  deleteAfterSeconds: 24 * 60 * 60,
};

/** Options of each queue (created on start). Add a queue here and its handler in ./handlers.ts. */
const QUEUE_OPTIONS: Record<QueueName, Parameters<PgBoss["createQueue"]>[1]> = {
  [QUEUES.generateBatch]: {
    expireInSeconds: 6 * 60 * 60,
    retryLimit: 3,
    retryDelay: 5,
    deleteAfterSeconds: 24 * 60 * 60,
  },
  [QUEUES.bulkEmail]: BACKGROUND_JOB_QUEUE,
  [QUEUES.webhookExport]: BACKGROUND_JOB_QUEUE,
};

const holder = globalThis as unknown as {
  __boss?: Promise<PgBoss>;
  __bossStarted?: boolean;
  __queueSchemaSeen?: boolean;
};

async function createBoss(): Promise<PgBoss> {
  const config = env();
  const log = logger("jobs");
  // pg-boss keeps session state (advisory locks, LISTEN): the direct connection string when the
  // app's DATABASE_URL goes through a transaction-mode pooler. A small pool of its own.
  const boss =
    dbKind() === "pglite"
      ? new PgBoss({ db: fromPglite(pgliteClient()!), backend: "pglite" })
      : new PgBoss({ connectionString: config.databaseDirectUrl!, max: config.onVercel ? 2 : 4 });
  boss.on("error", (err) => log.error({ err }, "pg-boss error"));
  await boss.start();
  for (const [name, options] of Object.entries(QUEUE_OPTIONS))
    await boss.createQueue(name, options).catch(() => undefined);
  holder.__bossStarted = true;
  return boss;
}

/** The process's pg-boss instance (started on first use; one per process). */
export function getBoss(): Promise<PgBoss> {
  holder.__boss ??= createBoss().catch((error) => {
    holder.__boss = undefined;
    throw error;
  });
  return holder.__boss;
}

/** pg-boss has been started in this process. */
export function bossStarted(): boolean {
  return holder.__bossStarted === true;
}

/**
 * For /api/health, cheaply: the queue is usable when pg-boss runs in this process or its schema is
 * installed in the database (by any process); no pg-boss start per call.
 */
export async function queueReady(): Promise<boolean> {
  if (bossStarted() || holder.__queueSchemaSeen) return true;
  const result = await db.execute<{ ok: boolean }>(sql`select to_regclass('pgboss.job') is not null as ok`);
  const ok = Boolean(result.rows[0]?.ok);
  if (ok) holder.__queueSchemaSeen = true;
  return ok;
}

/**
 * Wakes a worker up for a batch (repeats within 10 s are dropped; extra ones are harmless). In cron
 * mode nothing is sent: the batch row itself is the queue, and the next `/api/cron/work` call runs
 * every batch that no live worker holds (as the other modes' resume scan does).
 */
export async function dispatchBatch(batchId: string): Promise<void> {
  if (env().workerMode === "cron") return;
  const boss = await getBoss();
  await boss.send(QUEUES.generateBatch, { batchId }, { singletonKey: batchId, singletonSeconds: 10 });
}

/** Enqueues the job that runs a background job (repeats within 10 s are dropped; extra ones are harmless). */
export async function dispatchJob(jobId: string, kind: JobKind): Promise<void> {
  const boss = await getBoss();
  await boss.send(JOB_QUEUES[kind], { jobId }, { singletonKey: jobId, singletonSeconds: 10 });
}

/** Stops this process's pg-boss instance if it was started (tests, shutdown). */
export async function stopBoss(): Promise<void> {
  const started = holder.__boss;
  if (!started) return;
  holder.__boss = undefined;
  holder.__bossStarted = false;
  await (await started.catch(() => null))?.stop({ graceful: false }).catch(() => undefined);
}
