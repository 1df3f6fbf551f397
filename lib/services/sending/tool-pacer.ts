import "server-only";
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { pgArray } from "@/lib/db/pg-array";

/** A tool's documented limit: at most `requests` calls in any `windowMs`. */
export interface ToolLimit {
  requests: number;
  windowMs: number;
}

/**
 * Time added to a window before a call that would be the limit's next one: our send time and the
 * tool's receive time differ by the network's jitter. 5 % of the window, at most 250 ms.
 */
export const windowMargin = (windowMs: number) => Math.min(windowMs * 0.05, 250);

/** The pacer's key of one tool key: never the key itself. */
export function toolKeyHash(service: string, apiKey: string): string {
  return createHash("sha256").update(`${service}:${apiKey}`).digest("hex").slice(0, 40);
}

/**
 * The earliest time (ms) a call may be sent after the calls `sentAt` (sorted, oldest first) under
 * `limits`, not before `notBefore`. Calls keep their order: never before the last one reserved.
 */
export function nextSendTime(sentAt: readonly number[], limits: readonly ToolLimit[], notBefore: number): number {
  let at = Math.max(notBefore, sentAt.at(-1) ?? 0);
  for (const limit of limits) {
    if (sentAt.length < limit.requests) continue;
    // The limit's window may then hold limit.requests - 1 earlier calls: wait out the one before them.
    const bound = sentAt[sentAt.length - limit.requests]!;
    at = Math.max(at, bound + limit.windowMs + windowMargin(limit.windowMs));
  }
  return at;
}

/**
 * Reserves the next call of one tool key (shared by every worker: the database holds the key's recent
 * calls) and returns when it may be sent (ms since the epoch); the caller waits until then.
 */
export async function reserveCall(keyHash: string, limits: readonly ToolLimit[], now = Date.now()): Promise<number> {
  const longest = Math.max(...limits.map((l) => l.windowMs + windowMargin(l.windowMs)));
  const keep = Math.max(...limits.map((l) => l.requests));
  return db.transaction(async (tx) => {
    await tx.execute(sql`insert into tool_pacers (key_hash) values (${keyHash}) on conflict do nothing`);
    const result = await tx.execute<{ sent_at: number[] | string; blocked_until: number }>(
      sql`select sent_at, blocked_until from tool_pacers where key_hash = ${keyHash} for update`,
    );
    const row = result.rows[0]!;
    const sentAt = parseArray(row.sent_at);
    const at = nextSendTime(sentAt, limits, Math.max(now, Number(row.blocked_until)));
    // Calls older than the longest window no longer count; only the last `keep` are ever read.
    const kept = [...sentAt.filter((t) => t > at - longest), at].slice(-keep);
    await tx.execute(sql`update tool_pacers set sent_at = ${pgArray(kept)}::double precision[], updated_at = now()
      where key_hash = ${keyHash}`);
    return at;
  });
}

/** A call leaves later than its turn by more than this: its recorded time moves to when it really left. */
const LATE_MS = 5;

/**
 * Records when a reserved call really left (a busy event loop or database can delay it past its turn): the
 * next turns of the key are counted from there, so a late call does not bring the next window's calls
 * closer to it than the limit allows.
 */
export async function markSent(keyHash: string, reservedAt: number, sentAt = Date.now()): Promise<void> {
  if (sentAt - reservedAt <= LATE_MS) return;
  await db.execute(sql`update tool_pacers set sent_at = (
      select coalesce(array_agg(t order by t), '{}') from unnest(
        array_replace(sent_at, ${reservedAt}::double precision, ${sentAt}::double precision)) t
    ), updated_at = now()
    where key_hash = ${keyHash}`);
}

/** The tool said to wait (429 Retry-After, or its rate-limit headers): no call of this key before `untilMs`. */
export async function blockKey(keyHash: string, untilMs: number): Promise<void> {
  await db.execute(sql`insert into tool_pacers (key_hash, blocked_until) values (${keyHash}, ${untilMs})
    on conflict (key_hash) do update set blocked_until = greatest(tool_pacers.blocked_until, ${untilMs}),
      updated_at = now()`);
}

function parseArray(value: number[] | string): number[] {
  if (Array.isArray(value)) return value.map(Number);
  const inner = value.replace(/^\{|\}$/g, "");
  return inner === "" ? [] : inner.split(",").map(Number);
}

/** Sweep: tool keys not called for a day keep nothing worth reading (their windows are a minute at most). */
export async function pruneToolPacers(): Promise<number> {
  const gone = await db.execute<{ key_hash: string }>(
    sql`delete from tool_pacers where updated_at < now() - interval '1 day' returning key_hash`,
  );
  return gone.rows.length;
}
