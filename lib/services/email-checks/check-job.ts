import "server-only";
import { eq, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { emailChecks, integrationConnections } from "@/lib/db/schema";
import type { EmailStatus } from "@/lib/email-checks/statuses";
import { logger } from "@/lib/log";
import { dropLease, takeLease, type LeasedTable } from "@/lib/queue/lease";
import { integrationKey } from "@/lib/services/sending/connections";
import { KeyRefusedError } from "@/lib/services/sending/tools/errors";
import { validateBatch, ZEROBOUNCE_BATCH, ZeroBounceRefusedError } from "@/lib/services/sending/tools/zerobounce";
import { afterDns, domainOf } from "./classify";
import { recordChunk, rowsToCheck, type RowToCheck } from "./check-rows";
import { domainLookups, type DomainLookups } from "./domain-lookups";

/** An address check's lease: on its row in `email_checks`; taking a queued check starts it. */
export const CHECK_LEASE: LeasedTable = {
  table: "email_checks",
  // Renewed before every chunk; a chunk waits at most for its lookups (DNS_TIMEOUT_MS) or one ZeroBounce call.
  seconds: 120,
  active: ["queued", "running"],
  onTake: sql`status = 'running', started_at = coalesce(started_at, now())`,
};

/** Rows checked and recorded together (a deep check's chunk ends earlier, at ZeroBounce's 200 a call). */
const CHUNK_ROWS = 500;

export interface CheckJobContext {
  workerId: string;
  /** Stops between chunks, leaving the lease as a crash would (a cron call's budget, a worker shutting down). */
  signal?: AbortSignal;
}

type CheckRecord = typeof emailChecks.$inferSelect;

/** Ends the check (completed or failed) if this worker still holds it and it is still running. */
async function finishCheck(id: string, owner: string, status: "completed" | "failed", error: string | null) {
  await db.execute(sql`update email_checks set status = ${status}, error = ${error}, finished_at = now(),
      updated_at = now(), lease_owner = null, lease_until = null
    where id = ${id} and lease_owner = ${owner} and status = 'running'`);
}

/** The deep check's ZeroBounce key, or null when its connection was deleted. */
async function keyOf(check: CheckRecord): Promise<string | null> {
  if (!check.connectionId) return null;
  const [row] = await db.select().from(integrationConnections).where(eq(integrationConnections.id, check.connectionId));
  return row ? integrationKey(row) : null;
}

/** The local status of each row (null: an empty cell), its domain looked up through the check's cache. */
function localStatuses(rows: readonly RowToCheck[], lookups: DomainLookups): Promise<(EmailStatus | null)[]> {
  return Promise.all(
    rows.map(async (r) =>
      r.local === "dns" ? afterDns(r.address, r.duplicate, await lookups.verdict(domainOf(r.address))) : r.local,
    ),
  );
}

/** A deep check's chunk ends before its 201st locally valid address: one ZeroBounce call per chunk. */
function cutForDeepCheck(statuses: (EmailStatus | null)[]): number {
  let valid = 0;
  for (let i = 0; i < statuses.length; i++) if (statuses[i] === "valid" && ++valid > ZEROBOUNCE_BATCH) return i;
  return statuses.length;
}

/** ZeroBounce's statuses replace the locally valid ones (one call, at most 200 addresses). */
async function deepCheck(apiKey: string, rows: readonly RowToCheck[], statuses: (EmailStatus | null)[]) {
  const valid = rows.filter((_, i) => statuses[i] === "valid").map((r) => r.address);
  if (valid.length === 0) return statuses;
  const verdicts = await validateBatch(apiKey, valid);
  return statuses.map((s, i) => (s === "valid" ? (verdicts.get(rows[i]!.address.toLowerCase()) ?? "unknown") : s));
}

/** Starts every lookup the rows need, in file order (PARALLEL_LOOKUPS at a time), while chunks are written. */
function prefetch(rows: readonly RowToCheck[], lookups: DomainLookups) {
  for (const r of rows) if (r.local === "dns") void lookups.verdict(domainOf(r.address));
}

/**
 * Checks the rows chunk by chunk, each recorded (statuses, counts, cursor) before the next. "yielded": stopped
 * by the signal with rows left; "done": finished, failed, cancelled, or held by another worker.
 */
async function checkChunks(
  check: CheckRecord,
  ctx: CheckJobContext,
  apiKey: string | null,
): Promise<"done" | "yielded"> {
  const owner = ctx.workerId;
  const rows = await rowsToCheck(check);
  const lookups = domainLookups();
  prefetch(rows, lookups);
  try {
    for (let at = 0; ;) {
      if (ctx.signal?.aborted) {
        await dropLease(CHECK_LEASE, check.id, owner);
        return "yielded";
      }
      if (!(await takeLease(CHECK_LEASE, check.id, owner))) return "done";
      if (at >= rows.length) {
        await finishCheck(check.id, owner, "completed", null);
        return "done";
      }
      let chunk = rows.slice(at, at + CHUNK_ROWS);
      let statuses = await localStatuses(chunk, lookups);
      if (apiKey) {
        const end = cutForDeepCheck(statuses);
        chunk = chunk.slice(0, end);
        statuses = await deepCheck(apiKey, chunk, statuses.slice(0, end));
      }
      if (!(await recordChunk(check, owner, chunk, statuses))) return "done";
      at += chunk.length;
    }
  } finally {
    lookups.close();
  }
}

/**
 * Carries a check out from its recorded progress (the rows after its cursor). ZeroBounce refusing the key or
 * the batch fails the check (the rows checked keep their status); ZeroBounce unreachable after the call's
 * retries throws: the queue retries the job later, from the cursor.
 */
export async function runEmailCheck(id: string, ctx: CheckJobContext): Promise<"done" | "yielded"> {
  const owner = ctx.workerId;
  if (!(await takeLease(CHECK_LEASE, id, owner))) return "done";
  const [check] = await db.select().from(emailChecks).where(eq(emailChecks.id, id));
  if (!check) return "done";
  const apiKey = check.options.deep ? await keyOf(check) : null;
  if (check.options.deep && !apiKey) {
    await finishCheck(id, owner, "failed", "The ZeroBounce connection of this check was deleted.");
    return "done";
  }
  try {
    return await checkChunks(check, ctx, apiKey);
  } catch (error) {
    if (error instanceof KeyRefusedError || error instanceof ZeroBounceRefusedError) {
      await finishCheck(id, owner, "failed", error.message);
      return "done";
    }
    logger("email-check").warn({ checkId: id, err: error }, "address check stopped; the queue retries it");
    await dropLease(CHECK_LEASE, id, owner);
    throw error;
  }
}

/** The queue gave up after its last retry: the check ends failed with the message (what was checked stays). */
export async function giveUpEmailCheck(id: string, msg: string): Promise<void> {
  await db.execute(sql`update email_checks set status = 'failed', error = ${msg}, finished_at = now(),
      updated_at = now(), lease_owner = null, lease_until = null
    where id = ${id} and status in ('queued', 'running')`);
}
