import "server-only";
import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { batchItems, batches } from "@/lib/db/schema";
import { notFound } from "@/lib/http/errors";
import { isUuid } from "@/lib/http/ids";
import { refundCredits } from "@/lib/services/credits/credits";

export type BatchRow = typeof batches.$inferSelect;
export const ACTIVE_STATUSES = ["queued", "running", "cancelling"] as const;
const LEASE_SECONDS = 30;

export interface BatchStatusJson {
  batchId: string;
  status: BatchRow["status"];
  progress: { processed: number; total: number };
  failed: number;
  error: string | null;
  creditsRefunded: number;
}

export function toBatchStatusJson(b: BatchRow): BatchStatusJson {
  return {
    batchId: b.id,
    status: b.status,
    progress: { processed: b.processed, total: b.total },
    failed: b.failed,
    error: b.error,
    creditsRefunded: b.creditsRefunded,
  };
}

async function ownedBatch(userId: string, batchId: string): Promise<BatchRow> {
  if (!isUuid(batchId)) throw notFound("Batch not found");
  const [batch] = await db.select().from(batches).where(and(eq(batches.id, batchId), eq(batches.userId, userId)));
  if (!batch) throw notFound("Batch not found");
  return batch;
}

export async function getBatchStatus(userId: string, batchId: string): Promise<BatchStatusJson> {
  return toBatchStatusJson(await ownedBatch(userId, batchId));
}

/**
 * Refunds and closes every item that has not started, in one transaction. Items in flight
 * finish (their work is done and kept); the batch is "cancelled" once none is running.
 */
async function stopPendingItems(batchId: string, finalStatus: "cancelled" | "failed", error: string | null): Promise<BatchRow> {
  return db.transaction(async (tx) => {
    const [batch] = await tx.select().from(batches).where(eq(batches.id, batchId)).for("update");
    if (!batch || !(ACTIVE_STATUSES as readonly string[]).includes(batch.status)) return batch!;
    const stopped = await tx
      .update(batchItems)
      .set({ status: "cancelled", updatedAt: sql`now()` })
      .where(and(eq(batchItems.batchId, batchId), eq(batchItems.status, "pending")))
      .returning({ id: batchItems.id });
    const unlimited = Boolean((batch.settings as { unlimited?: boolean }).unlimited);
    const refund = unlimited ? 0 : stopped.length;
    if (refund > 0 && batch.creditDay) await refundCredits(batch.userId, batch.creditDay, refund, tx);
    const [{ running }] = (await tx.execute<{ running: number }>(sql`select count(*)::int as running from batch_items where batch_id = ${batchId} and status = 'running'`)).rows as [{ running: number }];
    const done = Number(running) === 0;
    const [updated] = await tx
      .update(batches)
      .set({
        status: done ? finalStatus : finalStatus === "cancelled" ? "cancelling" : batch.status,
        creditsRefunded: sql`${batches.creditsRefunded} + ${refund}`,
        error: error ?? batch.error,
        finishedAt: done ? sql`now()` : null,
        updatedAt: sql`now()`,
      })
      .where(eq(batches.id, batchId))
      .returning();
    return updated!;
  });
}

/** `POST /api/ai/cancel-batch/{id}`: cancelling, then cancelled; every unprocessed reservation refunded. */
export async function cancelBatch(userId: string, batchId: string): Promise<BatchStatusJson & { msg: string }> {
  const batch = await ownedBatch(userId, batchId);
  const updated = (ACTIVE_STATUSES as readonly string[]).includes(batch.status) ? await stopPendingItems(batchId, "cancelled", null) : batch;
  return { ...toBatchStatusJson(updated), msg: updated.status === "cancelled" || updated.status === "cancelling" ? "Batch cancelled" : `Batch already ${updated.status}` };
}

/** Worker side: the whole batch cannot go on (bad key, connection deleted...). */
export async function failBatch(batchId: string, error: string): Promise<void> {
  await stopPendingItems(batchId, "failed", error);
  await db.update(batches).set({ status: "failed", error, finishedAt: sql`now()` }).where(and(eq(batches.id, batchId), inArray(batches.status, [...ACTIVE_STATUSES])));
}

/** Worker side: after the last in-flight item of a cancelling batch, or when no item is left. */
export async function finishBatch(batchId: string): Promise<void> {
  await db.execute(sql`
    update batches set
      status = case when status = 'cancelling' then 'cancelled'
                    when failed = total and total > 0 then 'failed'
                    else 'completed' end,
      error = case when status <> 'cancelling' and failed = total and total > 0
                   then coalesce(error, (select error from batch_items where batch_id = ${batchId} and status = 'failed' limit 1))
                   else error end,
      finished_at = now(), lease_owner = null, lease_until = null, updated_at = now()
    where id = ${batchId} and status in ('queued', 'running', 'cancelling')
      and not exists (select 1 from batch_items where batch_id = ${batchId} and status in ('pending', 'running'))`);
}

/** Takes (or renews) the batch for one worker; null when another live worker holds it or it is over. */
export async function acquireLease(batchId: string, owner: string): Promise<BatchRow | null> {
  const [batch] = await db
    .update(batches)
    .set({
      leaseOwner: owner,
      leaseUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
      status: sql`case when ${batches.status} = 'queued' then 'running' else ${batches.status} end`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(batches.id, batchId),
        inArray(batches.status, [...ACTIVE_STATUSES]),
        or(isNull(batches.leaseUntil), lt(batches.leaseUntil, sql`now()`), eq(batches.leaseOwner, owner)),
      ),
    )
    .returning();
  return batch ?? null;
}

export async function readBatch(batchId: string): Promise<BatchRow | null> {
  const [batch] = await db.select().from(batches).where(eq(batches.id, batchId));
  return batch ?? null;
}

/** Batches nobody is working on (never started, or their worker died): to be dispatched again. */
export async function orphanedBatchIds(): Promise<string[]> {
  const rows = await db
    .select({ id: batches.id })
    .from(batches)
    .where(and(inArray(batches.status, [...ACTIVE_STATUSES]), or(isNull(batches.leaseUntil), lt(batches.leaseUntil, sql`now()`))));
  return rows.map((r) => r.id);
}

/** Items left "running" by a worker that died go back to the queue (called by the new lease holder). */
export async function requeueOrphanedItems(batchId: string): Promise<void> {
  await db.update(batchItems).set({ status: "pending", updatedAt: sql`now()` }).where(and(eq(batchItems.batchId, batchId), eq(batchItems.status, "running")));
}
