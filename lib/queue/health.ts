import "server-only";
import { pingDatabase } from "@/lib/db";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { queueReady } from "./boss";
import { lastBeatAt } from "./heartbeat";
import type { HealthJson } from "@/lib/responses/system";

/** Cheap on purpose (the readiness probe): two small queries once the queue has been seen, no pg-boss start. */
export async function healthReport(): Promise<HealthJson> {
  const log = logger("health");
  const mode = env().workerMode;
  const dbOk = await pingDatabase().then(
    () => true,
    (err: unknown) => (log.warn({ err }, "database check failed"), false),
  );
  if (!dbOk) return { ok: false, db: false, queue: false, worker: { mode, lastBeatAt: null } };
  const [queue, beat] = await Promise.all([
    queueReady().catch((err: unknown) => (log.warn({ err }, "queue check failed"), false)),
    lastBeatAt().catch((err: unknown) => (log.warn({ err }, "heartbeat check failed"), null)),
  ]);
  return { ok: queue, db: true, queue, worker: { mode, lastBeatAt: beat?.toISOString() ?? null } };
}
