import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { batchItems, batches } from "@/lib/db/schema";
import type { QualityFlag } from "@/lib/quality/rules";
import { writeGeneratedCells } from "@/lib/services/csv/generated-cells";
import { recordUsage, type UsageEntry } from "@/lib/services/usage/record-usage";
import type { BatchRef } from "../batch-items";
import { closeItemsWithRefund } from "../refund";

/**
 * Writing what a provider batch returned, one transaction per request, idempotent by item (custom_id):
 * the item's move out of "running" decides. Unlike a standard run's completeItem — where the call was
 * billed whatever became of the item — a result read a second time (a restart, a second download)
 * finds the item closed and writes and charges nothing.
 */
export async function completeBatchItem(
  ref: BatchRef,
  itemId: string,
  rowId: number,
  cells: Record<string, string>,
  usage: UsageEntry | undefined,
  flags: QualityFlag[] | null,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const done = await tx
      .update(batchItems)
      .set({ status: "done", error: null, updatedAt: sql`now()` })
      .where(and(eq(batchItems.id, itemId), eq(batchItems.batchId, ref.id), eq(batchItems.status, "running")))
      .returning({ id: batchItems.id });
    if (done.length === 0) return false;
    await writeGeneratedCells(ref.csvFileId, rowId, cells, tx, false, flags);
    await tx
      .update(batches)
      .set({ processed: sql`${batches.processed} + 1`, updatedAt: sql`now()` })
      .where(eq(batches.id, ref.id));
    // Last, as completeItem does (lock order: the ledger's foreign key share-locks the batch row).
    if (usage) await recordUsage(usage, tx);
    return true;
  });
}

/** A request that came back failed (or unparseable, or expired): error in its row, credit refunded, once. */
export async function failBatchItem(
  ref: BatchRef,
  itemId: string,
  rowId: number | null,
  cells: Record<string, string> | null,
  error: string,
  usage?: UsageEntry,
  flags: QualityFlag[] | null = null,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { closed } = await closeItemsWithRefund(tx, ref.id, {
      itemIds: [itemId],
      from: "running",
      to: "failed",
      error,
    });
    if (closed.length === 0) return false;
    if (cells && rowId !== null) await writeGeneratedCells(ref.csvFileId, rowId, cells, tx, true, flags);
    await tx
      .update(batches)
      .set({ processed: sql`${batches.processed} + 1`, failed: sql`${batches.failed} + 1`, updatedAt: sql`now()` })
      .where(eq(batches.id, ref.id));
    if (usage) await recordUsage(usage, tx);
    return true;
  });
}

/** Requests the provider cancelled (or that never reached it): closed without a result, credit refunded. */
export async function cancelBatchItems(batchId: string, itemIds: string[]): Promise<number> {
  if (itemIds.length === 0) return 0;
  return db.transaction(
    async (tx) =>
      (await closeItemsWithRefund(tx, batchId, { itemIds, from: "running", to: "cancelled" })).closed.length,
  );
}

/** A row deleted before submission: failed (no cells to write) and refunded. */
export async function failPendingItem(ref: BatchRef, itemId: string, error: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { closed } = await closeItemsWithRefund(tx, ref.id, {
      itemIds: [itemId],
      from: "pending",
      to: "failed",
      error,
    });
    if (closed.length > 0)
      await tx
        .update(batches)
        .set({ processed: sql`${batches.processed} + 1`, failed: sql`${batches.failed} + 1`, updatedAt: sql`now()` })
        .where(eq(batches.id, ref.id));
  });
}
