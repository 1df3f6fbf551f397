import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";

export interface RateLimitResult {
  count: number;
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * Counts one hit against `key` in a fixed window, atomically (one SQL statement, safe
 * across processes sharing the database).
 */
export async function hitRateLimit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
  const result = await db.execute<{ count: number; elapsed: number }>(sql`
    insert into rate_limits (key, count, window_start) values (${key}, 1, now())
    on conflict (key) do update set
      count = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) then now() else rate_limits.window_start end
    returning count, extract(epoch from (now() - window_start))::float8 as elapsed`);
  const row = result.rows[0]!;
  const count = Number(row.count);
  return {
    count,
    allowed: count <= limit,
    retryAfterSeconds: Math.max(1, Math.ceil(windowSeconds - Number(row.elapsed))),
  };
}

/** Forgets a key (e.g. a successful login clears the failures of that address). */
export async function clearRateLimit(key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** Gives one hit back (a successful attempt should not use up the caller's budget). */
export async function refundRateLimit(key: string): Promise<void> {
  await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`);
}

/** Counts a hit and refuses with 429 `{ msg, code: "rate_limited", retryAfter }` past the limit. */
export async function enforceRateLimit(
  key: string,
  limit: number,
  windowSeconds: number,
  msg = "Too many requests. Please try again later.",
): Promise<void> {
  const hit = await hitRateLimit(key, limit, windowSeconds);
  if (!hit.allowed) throw new AppError("rate_limited", msg, { retryAfter: hit.retryAfterSeconds });
}

/** The longest window any limit uses; a counter older than this can never count again. */
const LONGEST_WINDOW = "1 day";

/** Sweep: deletes counters whose window ended long ago (every limit's window is at most a day). */
export async function pruneRateLimits(): Promise<number> {
  const result = await db.execute(
    sql`delete from rate_limits where window_start < now() - ${LONGEST_WINDOW}::interval returning key`,
  );
  return result.rows.length;
}
