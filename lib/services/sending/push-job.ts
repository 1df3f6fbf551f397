import "server-only";
import { and, asc, eq, gte, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { pgArray } from "@/lib/db/pg-array";
import { integrationConnections, pushes, pushRows } from "@/lib/db/schema";
import { logger } from "@/lib/log";
import { dropLease, takeLease, type LeasedTable } from "@/lib/queue/lease";
import { PROVIDER_SKIPPED } from "@/lib/sending/tools";
import { integrationKey } from "./connections";
import { KeyRefusedError } from "./tools/errors";
import { SENDING_TOOL_CLIENTS } from "./tools";
import type { LeadOutcome } from "./tools/types";

/** A push's lease: on its row in `pushes`; taking a queued push starts it. */
export const PUSH_LEASE: LeasedTable = {
  table: "pushes",
  // Renewed before every call; a call waits at most a 429's Retry-After and its own time.
  seconds: 120,
  active: ["queued", "running"],
  onTake: sql`status = 'running', started_at = coalesce(started_at, now())`,
};

export interface PushJobContext {
  workerId: string;
  /** Stops between calls, leaving the lease as a crash would (a cron call's budget, a worker shutting down). */
  signal?: AbortSignal;
}

type PushRecord = typeof pushes.$inferSelect;

/** Ends the push (completed or failed) if this worker still holds it and it is still running. */
async function finishPush(id: string, owner: string, status: "completed" | "failed", error: string | null) {
  await db.execute(sql`update pushes set status = ${status}, error = ${error}, finished_at = now(), updated_at = now(),
      lease_owner = null, lease_until = null
    where id = ${id} and lease_owner = ${owner} and status = 'running'`);
}

/**
 * Records one call's answer before the next call: each lead's receipt, and the push's counts. Only by
 * the lease's holder (a worker taken for dead that still runs records nothing: its leads are pending
 * and are sent again, which the tool's de-duplication absorbs). A cancel in between does not stop it:
 * what was sent is recorded.
 */
async function recordOutcomes(id: string, owner: string, ords: number[], outcomes: LeadOutcome[]) {
  const entries = ords.map((ord, i) => {
    const o = outcomes[i] ?? { status: "failed" as const, reason: "No answer for this lead" };
    return {
      ord,
      status: o.status,
      reason: o.status === "failed" ? o.reason : o.status === "skipped" ? PROVIDER_SKIPPED : null,
      lead_id: o.status === "pushed" ? o.providerLeadId : null,
    };
  });
  const count = (status: string) => entries.filter((e) => e.status === status).length;
  await db.transaction(async (tx) => {
    const held = await tx.execute(sql`update pushes set pushed = pushed + ${count("pushed")},
        failed = failed + ${count("failed")}, provider_skipped = provider_skipped + ${count("skipped")},
        updated_at = now()
      where id = ${id} and lease_owner = ${owner} returning id`);
    if (held.rows.length === 0) return;
    const column = <K extends keyof (typeof entries)[number]>(key: K) => pgArray(entries.map((e) => e[key]));
    await tx.execute(sql`update push_rows pr set status = x.status, reason = x.reason, provider_lead_id = x.lead_id,
        lead = null, done_at = now()
      from unnest(${column("ord")}::int[], ${column("status")}::text[], ${column("reason")}::text[],
        ${column("lead_id")}::text[]) as x(ord, status, reason, lead_id)
      where pr.push_id = ${id} and pr.ord between ${Math.min(...ords)} and ${Math.max(...ords)}
        and pr.ord = x.ord and pr.status = 'pending'`);
  });
}

/** The next pending rows in the push's order from `fromOrd` (a range of the primary key, not the whole push). */
async function pendingBatch(id: string, fromOrd: number, size: number) {
  return db
    .select({ ord: pushRows.ord, lead: pushRows.lead })
    .from(pushRows)
    .where(and(eq(pushRows.pushId, id), gte(pushRows.ord, fromOrd), eq(pushRows.status, "pending")))
    .orderBy(asc(pushRows.ord))
    .limit(size);
}

/** The push's key, or null when its connection was deleted. */
async function keyOf(push: PushRecord): Promise<string | null> {
  if (!push.connectionId) return null;
  const [row] = await db.select().from(integrationConnections).where(eq(integrationConnections.id, push.connectionId));
  return row ? integrationKey(row) : null;
}

/**
 * Carries a push out from its recorded receipts: the pending rows in order, one call of at most the
 * tool's batch size at a time, each call's answer recorded before the next. "yielded": stopped by the
 * signal with rows left; "done": finished, cancelled, or held by another worker. A tool that cannot be
 * reached after the call's retries throws: the queue retries the job later, from the receipts.
 */
export async function runPush(id: string, ctx: PushJobContext): Promise<"done" | "yielded"> {
  const owner = ctx.workerId;
  if (!(await takeLease(PUSH_LEASE, id, owner))) return "done";
  const [push] = await db.select().from(pushes).where(eq(pushes.id, id));
  const apiKey = push ? await keyOf(push) : null;
  if (!push || !apiKey) {
    await finishPush(id, owner, "failed", "The connection of this push was deleted.");
    return "done";
  }
  const client = SENDING_TOOL_CLIENTS[push.service];
  // Rows before this place have an outcome (pending rows are taken in order; a resumed push starts at 0).
  let fromOrd = 0;
  for (;;) {
    if (ctx.signal?.aborted) {
      await dropLease(PUSH_LEASE, id, owner);
      return "yielded";
    }
    if (!(await takeLease(PUSH_LEASE, id, owner))) return "done";
    const batch = await pendingBatch(id, fromOrd, client.batchSize);
    if (batch.length === 0) {
      await finishPush(id, owner, "completed", null);
      return "done";
    }
    let outcomes: LeadOutcome[];
    try {
      outcomes = await client.addLeads(
        apiKey,
        push.campaignId,
        batch.map((r) => r.lead ?? {}),
      );
    } catch (error) {
      if (error instanceof KeyRefusedError) {
        await finishPush(id, owner, "failed", error.message);
        return "done";
      }
      logger("push").warn({ pushId: id, err: error }, "push call failed; the queue retries it");
      await dropLease(PUSH_LEASE, id, owner);
      throw error;
    }
    await recordOutcomes(
      id,
      owner,
      batch.map((r) => r.ord),
      outcomes,
    );
    fromOrd = batch.at(-1)!.ord + 1;
  }
}

/** The queue gave up after its last retry: the push ends failed with the message. */
export async function giveUpPush(id: string, msg: string): Promise<void> {
  await db.execute(sql`update pushes set status = 'failed', error = ${msg}, finished_at = now(), updated_at = now(),
      lease_owner = null, lease_until = null
    where id = ${id} and status in ('queued', 'running')`);
}
