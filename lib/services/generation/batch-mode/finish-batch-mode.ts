import "server-only";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { batchNotices, batches, csvFiles, providerBatches, users } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { batchFinishedEmail } from "@/lib/mail/batch-finished-email";
import { sendMail } from "@/lib/mail/send";
import { batchUsageTotals } from "@/lib/services/usage/record-usage";
import { failBatch, finishBatch, readBatch } from "../batch-control";
import { closeItemsWithRefund } from "../refund";

/**
 * Ends a batch-mode run once no item is pending or running: `failed` when every request failed (its error
 * naming the causes), else `completed` (`cancelled` after a cancel); then e-mails the user. False while
 * items are still open.
 */
export async function finishBatchMode(batchId: string): Promise<boolean> {
  const before = await readBatch(batchId);
  if (before && before.status !== "cancelling" && before.total > 0 && before.failed === before.total && !before.error)
    await db
      .update(batches)
      .set({ error: await failureSummary(batchId, before.total) })
      .where(and(eq(batches.id, batchId), isNull(batches.error)));
  await finishBatch(batchId);
  const after = await readBatch(batchId);
  if (!after || !["completed", "failed", "cancelled"].includes(after.status)) return false;
  await notifyBatchFinished(batchId);
  return true;
}

/** "All 1,000 requests failed: 1,000 × Expired: …" — the causes, most frequent first. */
async function failureSummary(batchId: string, total: number): Promise<string> {
  const rows = (
    await db.execute<{ error: string | null; n: number }>(
      sql`select error, count(*)::int as n from batch_items where batch_id = ${batchId} and status = 'failed'
          group by error order by n desc limit 3`,
    )
  ).rows;
  const causes = rows.map((r) => `${Number(r.n).toLocaleString("en-US")} × ${r.error ?? "unknown error"}`).join("; ");
  return `All ${total.toLocaleString("en-US")} requests of this batch failed: ${causes}`;
}

/**
 * The run cannot go on (settings unreadable, file or connection gone, key refused): failed; unsubmitted
 * rows and the rows at the provider are refunded (their results cannot be read without the key), and
 * the provider batches are closed on our side.
 */
export async function failBatchMode(batchId: string, error: string): Promise<void> {
  await failBatch(batchId, error);
  await db.transaction(async (tx) => {
    await closeItemsWithRefund(tx, batchId, { from: "running", to: "failed", error });
    await tx
      .update(providerBatches)
      .set({ state: "failed", error, endedAt: sql`now()`, nextPollAt: null, updatedAt: sql`now()` })
      .where(and(eq(providerBatches.batchId, batchId), inArray(providerBatches.state, ["submitting", "open"])));
  });
  await db.update(batches).set({ leaseOwner: null, leaseUntil: null }).where(eq(batches.id, batchId));
  await notifyBatchFinished(batchId);
}

/** At most one e-mail per run: the notice row is claimed first (a crash right after loses it, never doubles it). */
export async function notifyBatchFinished(batchId: string): Promise<void> {
  const claimed = await db.insert(batchNotices).values({ batchId }).onConflictDoNothing().returning();
  if (claimed.length === 0) return;
  try {
    const [row] = await db
      .select({ batch: batches, email: users.email, name: users.name, fileName: csvFiles.fileName })
      .from(batches)
      .innerJoin(users, eq(users.id, batches.userId))
      .leftJoin(csvFiles, eq(csvFiles.id, batches.csvFileId))
      .where(eq(batches.id, batchId));
    if (!row) return;
    const b = row.batch;
    const status = b.status as "completed" | "failed" | "cancelled";
    const url = `${env().appUrl}/email-generator${b.csvFileId ? `?csvId=${b.csvFileId}` : ""}`;
    const cost = (await batchUsageTotals(batchId)).usage.costUsd;
    await sendMail(
      batchFinishedEmail(
        { name: row.name, email: row.email },
        {
          status,
          done: b.processed - b.failed,
          failed: b.failed,
          total: b.total,
          fileName: row.fileName,
          error: b.error,
          costUsd: cost,
        },
        url,
      ),
    );
  } catch (err) {
    logger("batch-mode").error({ err, batchId }, "could not e-mail the end of a batch-mode run");
    await db
      .delete(batchNotices)
      .where(eq(batchNotices.batchId, batchId))
      .catch(() => undefined);
  }
}
