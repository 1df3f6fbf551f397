import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { batchItems, batches } from "@/lib/db/schema";
import type { StopReason } from "@/lib/domain/enums";
import { hotStatement, runHot, tableColumnsSql, tableRow } from "@/lib/db/hot-statements";
import {
  batchUsageTotals,
  batchUsageTotalsText,
  toBatchUsageTotals,
  type BatchUsageTotals,
  type BatchUsageTotalsRow,
} from "@/lib/services/usage/record-usage";
import type { Tx } from "@/lib/db";
import { formatUsd } from "@/lib/ai/format-usd";
import { conflict, notFound } from "@/lib/errors";
import { isUuid } from "@/lib/http/ids";
import { transactionWithQueue } from "@/lib/queue/enqueue";
import { closeItemsWithRefund } from "./refund";
import { runModeOf } from "./run-mode";
import { withProviderStatus } from "./batch-mode/batch-mode-status";
import type { BatchControlJson, BatchStatusJson, CancelBatchJson } from "@/lib/responses/generation";

export type BatchRow = typeof batches.$inferSelect;
/** Statuses a worker works on. A paused batch is not among them: no worker takes it until it is resumed. */
export const ACTIVE_STATUSES = ["queued", "running", "cancelling"] as const;
/** Statuses a cancel (or a failure) can still stop: the active ones and paused. */
const STOPPABLE_STATUSES = [...ACTIVE_STATUSES, "paused"] as const;
const isStoppable = (status: string) => (STOPPABLE_STATUSES as readonly string[]).includes(status);

/** Why a batch ended early: null while it runs and when it completed. */
function stopReasonOf(b: BatchRow): StopReason | null {
  if (b.status === "failed") return b.stopReason ?? "fatal";
  if (b.status === "cancelled" || b.status === "cancelling") return b.stopReason ?? "cancelled";
  return null;
}

/** Rows left divided by the rows per second seen since the batch's first call was sent. */
function etaSecondsOf(b: BatchRow, firstStartedAt: number | null, now = Date.now()): number | null {
  if (!["queued", "running"].includes(b.status) || b.processed <= 0 || firstStartedAt === null) return null;
  const elapsedSeconds = Math.max(0.001, (now - firstStartedAt) / 1000);
  const left = Math.max(0, b.total - b.processed);
  return Math.ceil(left / (b.processed / elapsedSeconds));
}

async function toBatchStatusJson(b: BatchRow): Promise<BatchStatusJson> {
  return withProviderStatus(batchStatusJson(b, await batchUsageTotals(b.id)), b.settings);
}

function batchStatusJson(b: BatchRow, totals: BatchUsageTotals): BatchStatusJson {
  return {
    batchId: b.id,
    status: b.status,
    progress: { processed: b.processed, total: b.total },
    failed: b.failed,
    error: b.error,
    creditsRefunded: b.creditsRefunded,
    usage: totals.usage,
    // Batch mode: rows come back when the provider's batch ends, not at a pace: no ETA.
    etaSeconds: runModeOf(b.settings) === "batch" ? null : etaSecondsOf(b, totals.firstStartedAt),
    stopReason: stopReasonOf(b),
    mode: runModeOf(b.settings),
  };
}

async function ownedBatch(userId: string, batchId: string): Promise<BatchRow> {
  if (!isUuid(batchId)) throw notFound("Batch not found");
  const [batch] = await db
    .select()
    .from(batches)
    .where(and(eq(batches.id, batchId), eq(batches.userId, userId)));
  if (!batch) throw notFound("Batch not found");
  return batch;
}

/**
 * Worker side: the spending cap was reached and no row is in flight any more. Every row not
 * started is closed and refunded; the batch ends "cancelled" with stopReason "spend_cap" and an
 * error naming the cap, the rows done and the spend.
 */
export async function stopBatchAtSpendCap(batchId: string, capUsd: number): Promise<void> {
  await stopPendingItems(
    batchId,
    "cancelled",
    async (current, tx) => {
      const spent = (await batchUsageTotals(batchId, tx)).usage.costUsd ?? 0;
      return `Stopped at the ${formatUsd(capUsd)} spending cap after ${current.processed} of ${current.total} rows (${formatUsd(spent)} spent).`;
    },
    "spend_cap",
  );
}

/** A batch of its owner ($1 batch, $2 user) with its usage totals. */
const BATCH_STATUS = hotStatement(
  "hot_batch_status",
  ["uuid", "text"],
  `select ${tableColumnsSql(batches, "b")}, ${batchUsageTotalsText("$1")} as "usageTotals"
   from batches b where b.id = $1 and b.user_id = $2`,
);

/** `GET /ai/batch-status/{id}`, polled every second by each open generator: ONE query (the batch and its usage). */
export async function getBatchStatus(userId: string, batchId: string): Promise<BatchStatusJson> {
  if (!isUuid(batchId)) throw notFound("Batch not found");
  const [row] = await runHot<Record<string, unknown> & { usageTotals: BatchUsageTotalsRow | string }>(BATCH_STATUS, [
    batchId,
    userId,
  ]);
  if (!row) throw notFound("Batch not found");
  const batch = tableRow<BatchRow>(batches, row);
  return withProviderStatus(batchStatusJson(batch, toBatchUsageTotals(row.usageTotals)), batch.settings);
}

/**
 * Refunds and closes every item that has not started, in one transaction. Items in flight
 * finish (their work is done and kept); the batch is "cancelled" once none is running.
 */
async function stopPendingItems(
  batchId: string,
  finalStatus: "cancelled" | "failed",
  error: string | null | ((current: BatchRow, tx: Tx) => Promise<string>),
  stopReason: StopReason,
): Promise<BatchRow | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(batches).where(eq(batches.id, batchId)).for("update");
    if (!current || !isStoppable(current.status)) return current ?? null;
    await closeItemsWithRefund(tx, batchId, { from: "pending", to: "cancelled" });
    const [{ running }] = (
      await tx.execute<{ running: number }>(
        sql`select count(*)::int as running from batch_items where batch_id = ${batchId} and status = 'running'`,
      )
    ).rows as [{ running: number }];
    const done = Number(running) === 0;
    const message = typeof error === "function" ? await error(current, tx) : error;
    const [updated] = await tx
      .update(batches)
      .set({
        status: done ? finalStatus : finalStatus === "cancelled" ? "cancelling" : current.status,
        error: message ?? current.error,
        stopReason: current.stopReason ?? stopReason,
        finishedAt: done ? sql`now()` : null,
        updatedAt: sql`now()`,
      })
      .where(eq(batches.id, batchId))
      .returning();
    return updated ?? null;
  });
}

/** `POST /api/ai/cancel-batch/{id}`: cancelling, then cancelled; every unprocessed reservation refunded. */
export async function cancelBatch(userId: string, batchId: string): Promise<CancelBatchJson> {
  const batch = await ownedBatch(userId, batchId);
  const updated =
    (isStoppable(batch.status) ? await stopPendingItems(batchId, "cancelled", null, "cancelled") : null) ?? batch;
  return {
    ...(await toBatchStatusJson(updated)),
    msg:
      updated.status === "cancelled" || updated.status === "cancelling"
        ? "Batch cancelled"
        : `Batch already ${updated.status}`,
  };
}

/** Worker side: the whole batch cannot go on (bad key, connection deleted...). */
export async function failBatch(batchId: string, error: string): Promise<void> {
  await stopPendingItems(batchId, "failed", error, "fatal");
  await db
    .update(batches)
    .set({ status: "failed", error, stopReason: sql`coalesce(${batches.stopReason}, 'fatal')`, finishedAt: sql`now()` })
    .where(and(eq(batches.id, batchId), inArray(batches.status, [...STOPPABLE_STATUSES])));
}

/** Worker side: after the last in-flight item of a cancelling batch, or when no item is left. */
export async function finishBatch(batchId: string): Promise<void> {
  await db.execute(sql`
    update batches set
      status = case when status = 'cancelling' then 'cancelled'
                    when failed = total and total > 0 then 'failed'
                    else 'completed' end,
      stop_reason = case when status = 'cancelling' then coalesce(stop_reason, 'cancelled')
                         when failed = total and total > 0 then coalesce(stop_reason, 'fatal')
                         else stop_reason end,
      error = case when status <> 'cancelling' and failed = total and total > 0
                   then coalesce(error, (select error from batch_items where batch_id = ${batchId} and status = 'failed' limit 1))
                   else error end,
      finished_at = now(), lease_owner = null, lease_until = null, updated_at = now()
    where id = ${batchId} and status in ('queued', 'running', 'cancelling')
      and not exists (select 1 from batch_items where batch_id = ${batchId} and status in ('pending', 'running'))`);
}

export async function readBatch(batchId: string): Promise<BatchRow | null> {
  const [batch] = await db.select().from(batches).where(eq(batches.id, batchId));
  return batch ?? null;
}

/**
 * Items left "running" by a worker that died (called by the new lease holder): back to the queue
 * while the batch runs; when it was cancelled meanwhile nobody will run them again, so they are
 * closed and refunded like any row stopped in flight (else the batch would stay "cancelling").
 */
export async function requeueOrphanedItems(batchId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [batch] = await tx
      .select({ status: batches.status })
      .from(batches)
      .where(eq(batches.id, batchId))
      .for("update");
    if (!batch) return;
    if (batch.status === "running" || batch.status === "queued" || batch.status === "paused") {
      await tx
        .update(batchItems)
        .set({ status: "pending", updatedAt: sql`now()` })
        .where(and(eq(batchItems.batchId, batchId), eq(batchItems.status, "running")));
      return;
    }
    await closeItemsWithRefund(tx, batchId, { from: "running", to: "cancelled" });
  });
}

/**
 * Pauses a queued or running batch: rows in flight finish, no new row starts (the worker sees the
 * status and gives the batch up); unstarted rows keep their reserved credits. Pausing a paused batch
 * changes nothing; a batch that is over (or being cancelled) cannot be paused: 409.
 */
export async function pauseBatch(userId: string, batchId: string): Promise<BatchControlJson> {
  const batch = await ownedBatch(userId, batchId);
  const [paused] = await db
    .update(batches)
    .set({ status: "paused", updatedAt: sql`now()` })
    .where(and(eq(batches.id, batch.id), inArray(batches.status, ["queued", "running"])))
    .returning();
  const current = paused ?? (await readBatch(batch.id)) ?? batch;
  if (current.status !== "paused") throw conflict(`Batch already ${current.status}`, { status: current.status });
  return { ...(await toBatchStatusJson(current)), msg: "Batch paused" };
}

/**
 * Resumes a paused batch where it stopped: back in the queue for any worker, no row redone or
 * charged again. Resuming a queued or running batch changes nothing; a batch that is over: 409.
 */
export async function resumeBatch(userId: string, batchId: string): Promise<BatchControlJson> {
  const batch = await ownedBatch(userId, batchId);
  const resumed = await transactionWithQueue(async (tx, enqueueInTx) => {
    const [row] = await tx
      .update(batches)
      .set({ status: "queued", leaseOwner: null, leaseUntil: null, updatedAt: sql`now()` })
      .where(and(eq(batches.id, batch.id), eq(batches.status, "paused")))
      .returning();
    if (row) await enqueueInTx("run", row.id);
    return row;
  });
  const current = resumed ?? (await readBatch(batch.id)) ?? batch;
  if (current.status !== "queued" && current.status !== "running")
    throw conflict(`Batch already ${current.status}`, { status: current.status });
  return { ...(await toBatchStatusJson(current)), msg: "Batch resumed" };
}
