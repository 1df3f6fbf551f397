import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { batchItems, batches, csvRows } from "@/lib/db/schema";
import { writeGeneratedCells } from "@/lib/services/csv/generated-cells";
import { refundCredits } from "@/lib/services/credits/credits";

export interface BatchRef {
  id: string;
  userId: string;
  csvFileId: string;
  creditDay: string;
}

/** Takes a pending item for this worker (null when it was cancelled or taken meanwhile). */
export async function claimItem(itemId: string): Promise<{ rowId: number; data: Record<string, string> | null } | null> {
  const [item] = await db
    .update(batchItems)
    .set({ status: "running", attempts: sql`${batchItems.attempts} + 1`, updatedAt: sql`now()` })
    .where(and(eq(batchItems.id, itemId), eq(batchItems.status, "pending")))
    .returning({ rowId: batchItems.rowId });
  if (!item) return null;
  const [row] = await db.select({ data: csvRows.data, deletedAt: csvRows.deletedAt }).from(csvRows).where(eq(csvRows.id, item.rowId));
  return { rowId: item.rowId, data: row && !row.deletedAt ? row.data : null };
}

/**
 * Puts a running item back in the queue (rate limited or transient failure: tried again later).
 * When the batch was cancelled or failed while the item was in flight, nobody will pick it up
 * again: it is closed and its credit refunded instead (else the batch would stay "cancelling"
 * and the credit would be lost).
 */
export async function releaseItem(itemId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [item] = await tx.select({ batchId: batchItems.batchId }).from(batchItems).where(eq(batchItems.id, itemId));
    if (!item) return;
    const [batch] = await tx.select().from(batches).where(eq(batches.id, item.batchId)).for("update");
    const running = and(eq(batchItems.id, itemId), eq(batchItems.status, "running"));
    if (batch?.status === "running") {
      await tx.update(batchItems).set({ status: "pending", updatedAt: sql`now()` }).where(running);
      return;
    }
    const closed = await tx.update(batchItems).set({ status: "cancelled", updatedAt: sql`now()` }).where(running).returning({ id: batchItems.id });
    if (closed.length === 0 || !batch?.creditDay || (batch.settings as { unlimited?: boolean }).unlimited) return;
    await refundCredits(batch.userId, batch.creditDay, 1, tx);
    await tx.update(batches).set({ creditsRefunded: sql`${batches.creditsRefunded} + 1`, updatedAt: sql`now()` }).where(eq(batches.id, batch.id));
  });
}

/** Result written and the item done, in one transaction: a finished item is never redone or charged again. */
export async function completeItem(batch: BatchRef, itemId: string, rowId: number, cells: Record<string, string>): Promise<void> {
  await db.transaction(async (tx) => {
    const done = await tx
      .update(batchItems)
      .set({ status: "done", error: null, updatedAt: sql`now()` })
      .where(and(eq(batchItems.id, itemId), eq(batchItems.status, "running")))
      .returning({ id: batchItems.id });
    if (done.length === 0) return;
    await writeGeneratedCells(batch.csvFileId, rowId, cells, tx);
    await tx.update(batches).set({ processed: sql`${batches.processed} + 1`, updatedAt: sql`now()` }).where(eq(batches.id, batch.id));
  });
}

/** A failed item: error shown in its row and its credit refunded, in one transaction. */
export async function failItem(batch: BatchRef, itemId: string, rowId: number, cells: Record<string, string> | null, error: string): Promise<void> {
  await db.transaction(async (tx) => {
    const failed = await tx
      .update(batchItems)
      .set({ status: "failed", error, updatedAt: sql`now()` })
      .where(and(eq(batchItems.id, itemId), eq(batchItems.status, "running")))
      .returning({ id: batchItems.id });
    if (failed.length === 0) return;
    if (cells) await writeGeneratedCells(batch.csvFileId, rowId, cells, tx, true);
    await tx
      .update(batches)
      .set({
        processed: sql`${batches.processed} + 1`,
        failed: sql`${batches.failed} + 1`,
        creditsRefunded: sql`${batches.creditsRefunded} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(batches.id, batch.id));
    await refundCredits(batch.userId, batch.creditDay, 1, tx);
  });
}

/** Pending item ids in row order. */
export async function pendingItemIds(batchId: string): Promise<string[]> {
  const rows = await db
    .select({ id: batchItems.id })
    .from(batchItems)
    .where(and(eq(batchItems.batchId, batchId), eq(batchItems.status, "pending")))
    .orderBy(batchItems.rowIndex);
  return rows.map((r) => r.id);
}
