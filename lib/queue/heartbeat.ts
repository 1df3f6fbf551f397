import "server-only";
import { lt, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { workerHeartbeats, type WorkerKind } from "@/lib/db/schema";

/** Records that a worker is alive (one row per worker id, its last beat renewed). */
export async function beat(workerId: string, kind: WorkerKind): Promise<void> {
  await db
    .insert(workerHeartbeats)
    .values({ workerId, kind })
    .onConflictDoUpdate({ target: workerHeartbeats.workerId, set: { lastBeatAt: sql`now()`, kind } });
}

/** The newest heartbeat of any worker (inline loop, `npm run worker` process or cron call), or null. */
export async function lastBeatAt(): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | string | null>`max(${workerHeartbeats.lastBeatAt})` })
    .from(workerHeartbeats);
  return row?.at ? new Date(row.at) : null;
}

/** Sweep: workers silent for a day are gone (serverless instances, replaced containers). */
export async function pruneHeartbeats(): Promise<number> {
  const gone = await db
    .delete(workerHeartbeats)
    .where(lt(workerHeartbeats.lastBeatAt, sql`now() - interval '1 day'`))
    .returning({ id: workerHeartbeats.workerId });
  return gone.length;
}
