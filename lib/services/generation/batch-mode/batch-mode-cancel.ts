import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { batches } from "@/lib/db/schema";
import type { RunMode } from "../run-mode";
import { notifyBatchFinished } from "./finish-batch-mode";

/**
 * After `POST /ai/cancel-batch/{id}` on a batch-mode run: while `cancelling` (rows at the provider) the
 * parked run is made due at once (true: the caller dispatches it, so the cancel reaches the provider
 * now); cancelled at once (nothing submitted yet): the user is e-mailed as for any finished run.
 */
export async function afterBatchModeCancel(cancelled: { batchId: string; status: string; mode: RunMode }) {
  const { batchId, status } = cancelled;
  if (cancelled.mode !== "batch") return false;
  if (status === "cancelling") return unparkBatch(batchId);
  if (status === "cancelled") await notifyBatchFinished(batchId);
  return false;
}

/**
 * A cancel of a parked batch-mode run (lease released until its next poll): makes it due at once, so
 * that the cancel reaches the provider now. True when the caller should dispatch the batch.
 */
async function unparkBatch(batchId: string): Promise<boolean> {
  const rows = await db
    .update(batches)
    .set({ leaseUntil: null, updatedAt: sql`now()` })
    .where(and(eq(batches.id, batchId), isNull(batches.leaseOwner), sql`${batches.settings}->>'mode' = 'batch'`))
    .returning({ id: batches.id });
  return rows.length > 0;
}
