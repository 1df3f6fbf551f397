import "server-only";
import { sql } from "drizzle-orm";
import { PgBoss, fromPglite } from "pg-boss";
import { db, dbKind, pgliteClient } from "@/lib/db";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";

/**
 * The kinds of background work and their pg-boss queues: a bulk run (standard or provider batch, its
 * collection included), an admin bulk e-mail, a webhook export, a push to a sending tool, an address check.
 * A new kind adds its queue here and its handler in ./work.ts.
 */
export const QUEUES = {
  run: "generate-batch",
  bulk_email: "bulk-email",
  webhook_export: "webhook-export",
  push: "push-leads",
  email_check: "email-check",
} as const;
export type WorkKind = keyof typeof QUEUES;
export type QueueName = (typeof QUEUES)[WorkKind];

/**
 * A worker that dies stops beating its job's heartbeat: pg-boss's supervisor fails the job after this
 * long without one and retries it (on any worker), which continues from the work's recorded progress.
 */
const HEARTBEAT_SECONDS = 30;

/**
 * Every queue's options (created on start): a heartbeat; retries with a growing delay (at most 5 minutes),
 * so a database that is away for a while loses no work; `expireInSeconds` caps one attempt.
 */
const queueOptions = (expireInSeconds: number): Parameters<PgBoss["createQueue"]>[1] => ({
  heartbeatSeconds: HEARTBEAT_SECONDS,
  retryLimit: 10,
  retryDelay: 5,
  retryBackoff: true,
  retryDelayMax: 300,
  expireInSeconds,
  deleteAfterSeconds: 24 * 60 * 60,
});

const QUEUE_OPTIONS: Record<QueueName, Parameters<PgBoss["createQueue"]>[1]> = {
  // One attempt of a run lasts until the run is over or parked (a provider batch waits at the provider).
  [QUEUES.run]: queueOptions(6 * 60 * 60),
  [QUEUES.bulk_email]: queueOptions(60 * 60),
  [QUEUES.webhook_export]: queueOptions(60 * 60),
  // A push of 100,000 rows to lemlist (one lead a call, 10 a second) takes under 3 hours.
  [QUEUES.push]: queueOptions(6 * 60 * 60),
  // A deep check of 100,000 addresses (200 a ZeroBounce call, 5 calls a minute) takes under 2 hours.
  [QUEUES.email_check]: queueOptions(6 * 60 * 60),
};

const holder = globalThis as unknown as {
  __boss?: Promise<PgBoss>;
  __bossStarted?: boolean;
  __queueSchemaSeen?: boolean;
};

const ZERO_UUID = "00000000-0000-0000-0000-000000000000";

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
  for (const [name, options] of Object.entries(QUEUE_OPTIONS)) {
    await boss.createQueue(name, options).catch(() => undefined);
    // A queue created by an earlier version gets today's options (its heartbeat, its retries).
    await boss.updateQueue(name, options).catch(() => undefined);
    // Loads pg-boss's cache of the queue now: a send inside a transaction then never reads outside it.
    await boss.findJobs(name, { id: ZERO_UUID }).catch(() => undefined);
  }
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

/** Stops this process's pg-boss instance if it was started (tests, shutdown). */
export async function stopBoss(): Promise<void> {
  const started = holder.__boss;
  if (!started) return;
  holder.__boss = undefined;
  holder.__bossStarted = false;
  await (await started.catch(() => null))?.stop({ graceful: false }).catch(() => undefined);
}
