import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { batches } from "@/lib/db/schema";
import { runModeOf, type RunMode } from "../run-mode";
import { notifyBatchFinished } from "./finish-batch-mode";
import { providerBatchesOf } from "./provider-batch-store";

/** `provider` of `GET /ai/batch-status/{id}` in batch mode (CONTRACT "Batch mode"). */
export interface ProviderStatusJson {
  /** The provider batches submitted so far: the provider's id and its own status. */
  batches: Array<{ id: string; status: string }>;
  /** Requests submitted to the provider. */
  submitted: number;
  /** Requests whose result or error came back (cancelled and expired ones not counted). */
  returned: number;
}

export async function providerStatusOf(batchId: string): Promise<ProviderStatusJson> {
  const rows = await providerBatchesOf(batchId);
  const submitted = rows.filter((r) => r.providerBatchId !== null);
  return {
    batches: submitted.map((r) => ({ id: r.providerBatchId!, status: r.providerStatus ?? "submitted" })),
    submitted: submitted.reduce((sum, r) => sum + r.requestCount, 0),
    returned: submitted.reduce((sum, r) => sum + r.returnedCount, 0),
  };
}

/** Adds the provider block to a batch-mode run's status (one more query, batch mode only). */
export async function withProviderStatus<T extends { batchId: string }>(
  json: T,
  settings: unknown,
): Promise<T & { provider?: ProviderStatusJson }> {
  if (runModeOf(settings) !== "batch") return json;
  return { ...json, provider: await providerStatusOf(json.batchId) };
}

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
export async function unparkBatch(batchId: string): Promise<boolean> {
  const rows = await db
    .update(batches)
    .set({ leaseUntil: null, updatedAt: sql`now()` })
    .where(and(eq(batches.id, batchId), isNull(batches.leaseOwner), sql`${batches.settings}->>'mode' = 'batch'`))
    .returning({ id: batches.id });
  return rows.length > 0;
}
