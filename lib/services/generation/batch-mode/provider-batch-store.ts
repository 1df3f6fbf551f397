import "server-only";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { batchItems, batches, csvRows, providerBatches, providerBatchItems } from "@/lib/db/schema";

export type ProviderBatchRow = typeof providerBatches.$inferSelect;

/** Seconds before the first poll of a new provider batch, and the longest interval between polls. */
export const FIRST_POLL_SECONDS = 10;
const MAX_POLL_SECONDS = 300;

const idempotencyKeyOf = (batchId: string, seq: number) => `coldmail-${batchId}-${seq}`;

export async function providerBatchesOf(batchId: string): Promise<ProviderBatchRow[]> {
  return db
    .select()
    .from(providerBatches)
    .where(eq(providerBatches.batchId, batchId))
    .orderBy(asc(providerBatches.seq));
}

export interface PendingRow {
  itemId: string;
  rowId: number;
  rowIndex: number;
  data: Record<string, string> | null;
}

/** The next pending items in row order, with their rows' data (null: the row was deleted). */
export async function pendingRows(batchId: string, limit: number): Promise<PendingRow[]> {
  const rows = await db
    .select({
      itemId: batchItems.id,
      rowId: batchItems.rowId,
      rowIndex: batchItems.rowIndex,
      data: csvRows.data,
      deletedAt: csvRows.deletedAt,
    })
    .from(batchItems)
    .leftJoin(csvRows, eq(csvRows.id, batchItems.rowId))
    .where(and(eq(batchItems.batchId, batchId), eq(batchItems.status, "pending")))
    .orderBy(asc(batchItems.rowIndex))
    .limit(limit);
  return rows.map((r) => ({ ...r, data: r.data && !r.deletedAt ? r.data : null }));
}

/** The items a provider batch carries, with their rows' data (for a retried submission). */
export async function rowsOfProviderBatch(providerBatchId: string): Promise<PendingRow[]> {
  const rows = await db
    .select({
      itemId: batchItems.id,
      rowId: batchItems.rowId,
      rowIndex: batchItems.rowIndex,
      data: csvRows.data,
      deletedAt: csvRows.deletedAt,
      status: batchItems.status,
    })
    .from(providerBatchItems)
    .innerJoin(batchItems, eq(batchItems.id, providerBatchItems.itemId))
    .leftJoin(csvRows, eq(csvRows.id, batchItems.rowId))
    .where(eq(providerBatchItems.providerBatchId, providerBatchId))
    .orderBy(asc(batchItems.rowIndex));
  return rows
    .filter((r) => r.status === "running")
    .map((r) => ({ ...r, data: r.data && !r.deletedAt ? r.data : null }));
}

/** Items of a provider batch still waiting for their result, with their rows' values (the flags read them). */
export async function runningItemsOf(
  providerBatchId: string,
): Promise<Map<string, { rowId: number; rowIndex: number; data: Record<string, string> | null }>> {
  const rows = await db
    .select({ id: batchItems.id, rowId: batchItems.rowId, rowIndex: batchItems.rowIndex, data: csvRows.data })
    .from(providerBatchItems)
    .innerJoin(batchItems, eq(batchItems.id, providerBatchItems.itemId))
    .leftJoin(csvRows, eq(csvRows.id, batchItems.rowId))
    .where(and(eq(providerBatchItems.providerBatchId, providerBatchId), eq(batchItems.status, "running")));
  return new Map(rows.map((r) => [r.id, { rowId: r.rowId, rowIndex: r.rowIndex, data: r.data }]));
}

/**
 * Step 1 of a submission, BEFORE any provider call: in one transaction, with the batch row locked and
 * still running, the provider batch row is written (`submitting`, its deterministic idempotency key) and
 * the chosen items still pending move to "running" and are tied to it. Returns the row and the item ids
 * it got (items cancelled meanwhile are left out); null when the batch no longer runs or none is left.
 */
export async function reserveProviderBatch(
  batchId: string,
  provider: string,
  itemIds: string[],
): Promise<{ row: ProviderBatchRow; itemIds: string[] } | null> {
  return db.transaction(async (tx) => {
    const [batch] = await tx.select().from(batches).where(eq(batches.id, batchId)).for("update");
    if (!batch || (batch.status !== "running" && batch.status !== "queued")) return null;
    const [{ next }] = (
      await tx.execute<{ next: number }>(
        sql`select coalesce(max(seq) + 1, 0)::int as next from provider_batches where batch_id = ${batchId}`,
      )
    ).rows as [{ next: number }];
    const moved: string[] = [];
    for (let i = 0; i < itemIds.length; i += 5_000) {
      const part = await tx
        .update(batchItems)
        .set({ status: "running", attempts: sql`${batchItems.attempts} + 1`, updatedAt: sql`now()` })
        .where(
          and(
            eq(batchItems.batchId, batchId),
            eq(batchItems.status, "pending"),
            inArray(batchItems.id, itemIds.slice(i, i + 5_000)),
          ),
        )
        .returning({ id: batchItems.id });
      moved.push(...part.map((p) => p.id));
    }
    if (moved.length === 0) return null;
    const seq = Number(next);
    const [row] = await tx
      .insert(providerBatches)
      .values({
        batchId,
        seq,
        idempotencyKey: idempotencyKeyOf(batchId, seq),
        provider,
        state: "submitting",
        requestCount: moved.length,
        nextPollAt: sql`now()`,
      })
      .returning();
    for (let i = 0; i < moved.length; i += 5_000)
      await tx
        .insert(providerBatchItems)
        .values(moved.slice(i, i + 5_000).map((itemId) => ({ providerBatchId: row!.id, itemId })));
    return { row: row!, itemIds: moved };
  });
}

export async function updateProviderBatch(
  id: string,
  set: Partial<typeof providerBatches.$inferInsert>,
): Promise<void> {
  await db
    .update(providerBatches)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(providerBatches.id, id));
}

/** The provider has it: its id stored right after its answer; first poll FIRST_POLL_SECONDS later. */
export async function markSubmitted(
  id: string,
  providerBatchId: string,
  providerStatus: string,
  firstPollSeconds = FIRST_POLL_SECONDS,
): Promise<void> {
  await updateProviderBatch(id, {
    state: "open",
    providerBatchId,
    providerStatus,
    submittedAt: sql`now()` as unknown as Date,
    attemptStartedAt: null,
    nextPollAt: sql`now() + make_interval(secs => ${firstPollSeconds})` as unknown as Date,
    pollIntervalSeconds: Math.max(1, firstPollSeconds),
  });
}

/** Next poll after `interval`; the interval doubles up to MAX_POLL_SECONDS. */
export async function schedulePoll(row: ProviderBatchRow, providerStatus: string, returned: number): Promise<void> {
  const interval = Math.min(MAX_POLL_SECONDS, row.pollIntervalSeconds * 2);
  await updateProviderBatch(row.id, {
    providerStatus,
    returnedCount: returned,
    pollIntervalSeconds: interval,
    nextPollAt: sql`now() + make_interval(secs => ${interval})` as unknown as Date,
  });
}
