import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { batchItems, batches, csvRows } from "@/lib/db/schema";
import { writeGeneratedCells } from "@/lib/services/csv/generated-cells";
import { recordUsage, type UsageEntry } from "@/lib/services/usage/record-usage";
import { closeItemsWithRefund } from "./refund";
import type { QualityFlag } from "@/lib/quality/rules";

/** What the item functions need of the batch they work on. */
export interface BatchRef {
  id: string;
  csvFileId: string;
}

/** Takes a pending item for this worker (null when it was cancelled or taken meanwhile). */
export async function claimItem(
  itemId: string,
): Promise<{ rowId: number; rowIndex: number; data: Record<string, string> | null } | null> {
  const [item] = await db
    .update(batchItems)
    .set({ status: "running", attempts: sql`${batchItems.attempts} + 1`, updatedAt: sql`now()` })
    .where(and(eq(batchItems.id, itemId), eq(batchItems.status, "pending")))
    .returning({ rowId: batchItems.rowId, rowIndex: batchItems.rowIndex });
  if (!item) return null;
  const [row] = await db
    .select({ data: csvRows.data, deletedAt: csvRows.deletedAt })
    .from(csvRows)
    .where(eq(csvRows.id, item.rowId));
  return { rowId: item.rowId, rowIndex: item.rowIndex, data: row && !row.deletedAt ? row.data : null };
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
    const [batch] = await tx
      .select({ status: batches.status })
      .from(batches)
      .where(eq(batches.id, item.batchId))
      .for("update");
    // Paused: the row goes back to the queue too (it runs when the batch is resumed).
    if (batch?.status === "running" || batch?.status === "paused") {
      await tx
        .update(batchItems)
        .set({ status: "pending", updatedAt: sql`now()` })
        .where(and(eq(batchItems.id, itemId), eq(batchItems.status, "running")));
      return;
    }
    await closeItemsWithRefund(tx, item.batchId, { itemIds: [itemId], from: "running", to: "cancelled" });
  });
}

/**
 * Result written, the call's usage recorded and the item done, in one transaction: a finished item
 * is never redone or charged again.
 */
export async function completeItem(
  batch: BatchRef,
  itemId: string,
  rowId: number,
  cells: Record<string, string>,
  usage?: UsageEntry,
  flags: QualityFlag[] | null = null,
): Promise<void> {
  await db.transaction(async (tx) => {
    const done = await tx
      .update(batchItems)
      .set({ status: "done", error: null, updatedAt: sql`now()` })
      .where(and(eq(batchItems.id, itemId), eq(batchItems.status, "running")))
      .returning({ id: batchItems.id });
    if (done.length > 0) {
      await writeGeneratedCells(batch.csvFileId, rowId, cells, tx, false, flags);
      await tx
        .update(batches)
        .set({ processed: sql`${batches.processed} + 1`, updatedAt: sql`now()` })
        .where(eq(batches.id, batch.id));
    }
    // The provider billed the call whatever became of the item: recorded with the row's result. Last, once this
    // transaction holds the batch row: the ledger's foreign key share-locks it, and taken first that lock deadlocks
    // against another row's transaction waiting to lock the batch row for update (PostgreSQL).
    if (usage) await recordUsage(usage, tx);
  });
}

/** A failed item: error shown in its row and its credit refunded (once), in one transaction. */
export async function failItem(
  batch: BatchRef,
  itemId: string,
  rowId: number,
  cells: Record<string, string> | null,
  error: string,
  usage?: UsageEntry,
  flags: QualityFlag[] | null = null,
): Promise<void> {
  await db.transaction(async (tx) => {
    // Locks the batch row for update first (see completeItem for why the ledger row comes last).
    const { closed } = await closeItemsWithRefund(tx, batch.id, {
      itemIds: [itemId],
      from: "running",
      to: "failed",
      error,
    });
    if (closed.length > 0) {
      if (cells) await writeGeneratedCells(batch.csvFileId, rowId, cells, tx, true, flags);
      await tx
        .update(batches)
        .set({ processed: sql`${batches.processed} + 1`, failed: sql`${batches.failed} + 1`, updatedAt: sql`now()` })
        .where(eq(batches.id, batch.id));
    }
    if (usage) await recordUsage(usage, tx);
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
