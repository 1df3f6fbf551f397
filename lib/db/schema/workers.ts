import { index, pgTable, text } from "drizzle-orm/pg-core";
import { ts } from "./columns";

/** Who beats: the worker loop inside the app, an `npm run worker` process, or a `/api/cron/work` call. */
export const WORKER_KINDS = ["inline", "worker", "cron"] as const;
export type WorkerKind = (typeof WORKER_KINDS)[number];

/**
 * Liveness of the background workers: one row per worker (process, or serverless instance for cron
 * calls), its last beat renewed while it runs. `/api/health` reports the newest beat; rows older
 * than a day are swept.
 */
export const workerHeartbeats = pgTable(
  "worker_heartbeats",
  {
    workerId: text("worker_id").primaryKey(),
    kind: text("kind", { enum: WORKER_KINDS }).notNull(),
    startedAt: ts("started_at").notNull().defaultNow(),
    lastBeatAt: ts("last_beat_at").notNull().defaultNow(),
  },
  (t) => [index("worker_heartbeats_last_beat_idx").on(t.lastBeatAt)],
);
