import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "@/lib/db";
import { batchItems, batches, ITEM_STATUSES } from "@/lib/db/schema";
import { refundCredits } from "@/lib/services/credits/credits";
import { isUnlimitedSettings } from "./batch-settings";

type ItemStatus = (typeof ITEM_STATUSES)[number];
type BatchRow = typeof batches.$inferSelect;

export interface CloseItems {
  /** The items to close; all of the batch's items in status `from` when omitted. */
  itemIds?: string[];
  /** Only items still in this status are closed: "pending" (never started) or "running" (in flight). */
  from: Extract<ItemStatus, "pending" | "running">;
  /** How they end: "failed" (an error, shown in the row) or "cancelled" (no result). */
  to: Extract<ItemStatus, "failed" | "cancelled">;
  error?: string;
}

export interface ClosedItems {
  /** The batch row as read under the lock (before this call's refund); null when there is no such batch. */
  batch: BatchRow | null;
  closed: string[];
  refunded: number;
}

/**
 * THE refund path of bulk generation (failItem, releaseItem, cancellation and failing a batch all
 * go through it): closes items that end without a result and gives their credits back, inside the
 * caller's transaction.
 *
 * - A row is refunded at most once: the credit goes back only for the items this very statement
 *   moved out of `from` (a retried or concurrent call finds them closed already and refunds
 *   nothing), and the item's status change and the refund commit or roll back together.
 * - An unlimited (lifetime) batch is never refunded: it reserved nothing. As a second guard the
 *   refund never exceeds what the batch reserved and has not been given back yet.
 *
 * The batch row is locked first (the lock order of every refund path: batch, then its items).
 */
export async function closeItemsWithRefund(tx: Tx, batchId: string, spec: CloseItems): Promise<ClosedItems> {
  const [batch] = await tx.select().from(batches).where(eq(batches.id, batchId)).for("update");
  if (!batch) return { batch: null, closed: [], refunded: 0 };
  if (spec.itemIds && spec.itemIds.length === 0) return { batch, closed: [], refunded: 0 };
  const where = and(
    eq(batchItems.batchId, batchId),
    eq(batchItems.status, spec.from),
    spec.itemIds ? inArray(batchItems.id, spec.itemIds) : undefined,
  );
  const closed = await tx
    .update(batchItems)
    .set({ status: spec.to, ...(spec.error !== undefined ? { error: spec.error } : {}), updatedAt: sql`now()` })
    .where(where)
    .returning({ id: batchItems.id });
  const refundable = isUnlimitedSettings(batch.settings)
    ? 0
    : Math.max(0, batch.creditsReserved - batch.creditsRefunded);
  const refunded = batch.creditDay ? Math.min(closed.length, refundable) : 0;
  if (refunded > 0) {
    await refundCredits(batch.userId, batch.creditDay!, refunded, tx);
    await tx
      .update(batches)
      .set({ creditsRefunded: sql`${batches.creditsRefunded} + ${refunded}`, updatedAt: sql`now()` })
      .where(eq(batches.id, batchId));
  }
  return { batch, closed: closed.map((c) => c.id), refunded };
}
