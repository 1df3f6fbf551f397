import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import { transactionWithQueue } from "@/lib/queue/enqueue";
import { batches } from "@/lib/db/schema";
import type { RunMode } from "../run-mode";
import { notifyBatchFinished } from "./finish-batch-mode";

/**
 * After `POST /ai/cancel-batch/{id}` on a batch-mode run: while `cancelling` (rows at the provider) the
 * parked run is made due at once, so the cancel reaches the provider now; cancelled at once (nothing
 * submitted yet): the user is e-mailed as for any finished run.
 */
export async function afterBatchModeCancel(cancelled: { batchId: string; status: string; mode: RunMode }) {
  const { batchId, status } = cancelled;
  if (cancelled.mode !== "batch") return;
  if (status === "cancelling") await unparkBatch(batchId);
  if (status === "cancelled") await notifyBatchFinished(batchId);
}

/**
 * A cancel of a parked batch-mode run (lease released until its next poll): makes it due at once, its
 * wake-up moved to now.
 */
async function unparkBatch(batchId: string): Promise<void> {
  await transactionWithQueue(async (tx, enqueueInTx) => {
    const rows = await tx
      .update(batches)
      .set({ leaseUntil: null, updatedAt: sql`now()` })
      .where(and(eq(batches.id, batchId), isNull(batches.leaseOwner), sql`${batches.settings}->>'mode' = 'batch'`))
      .returning({ id: batches.id });
    if (rows.length > 0) await enqueueInTx("run", batchId, { replaceWaiting: true });
  });
}
