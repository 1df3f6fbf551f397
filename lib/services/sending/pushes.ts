import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { pushes, pushRows } from "@/lib/db/schema";
import { AppError, notFound } from "@/lib/errors";
import { isUuid } from "@/lib/http/ids";
import { transactionWithQueue } from "@/lib/queue/enqueue";
import type {
  PushDryRunJson,
  PushesJson,
  PushJson,
  PushReceiptsJson,
  PushRowsJson,
  PushStartedJson,
} from "@/lib/responses/sending";
import { SERVICE_LABELS } from "@/lib/sending/tools";
import { ownedCsvFile } from "@/lib/services/csv/ownership";
import { asApiError, integrationKey } from "./connections";
import { dryRunJson, planPush, type PushPlan } from "./push-plan";
import type { PushInput } from "./schemas";
import { SENDING_TOOL_CLIENTS } from "./tools";

type PushRow = typeof pushes.$inferSelect;
const NOT_FOUND = "Push not found";
/** Receipts are written this many at a time. */
const INSERT_CHUNK = 500;

function toPushJson(row: PushRow): PushJson {
  return {
    id: row.id,
    csvId: row.csvId,
    connectionId: row.connectionId,
    service: row.service,
    campaignId: row.campaignId,
    campaignName: row.campaignName,
    status: row.status,
    total: row.total,
    pushed: row.pushed,
    skipped: row.skipped,
    failed: row.failed,
    providerSkipped: row.providerSkipped,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** The campaign's name, read live: a campaign the account does not have is a 400. */
async function campaignName(plan: PushPlan, campaignId: string): Promise<string> {
  const campaigns = await asApiError(plan.service, () =>
    SENDING_TOOL_CLIENTS[plan.service].listCampaigns(integrationKey(plan.connection)),
  );
  const campaign = campaigns.find((c) => c.id === campaignId);
  if (!campaign)
    throw new AppError("invalid_input", `Campaign ${campaignId} was not found in ${SERVICE_LABELS[plan.service]}`);
  return campaign.name;
}

/**
 * `POST /csv/{id}/push`: a dry run answers what would happen; otherwise the push and every chosen row's
 * receipt (pending with its lead, or skipped with its reason) are recorded with the push's job, in one
 * transaction, and the worker sends them.
 */
export async function createPush(
  userId: string,
  csvId: string,
  input: PushInput,
): Promise<PushDryRunJson | PushStartedJson> {
  const plan = await planPush(userId, csvId, input);
  if (input.dryRun) return dryRunJson(plan);
  const name = await campaignName(plan, input.campaignId);
  const skipped = plan.rows.filter((r) => r.reason !== null).length;
  const pushId = await transactionWithQueue(async (tx, enqueueInTx) => {
    const [push] = await tx
      .insert(pushes)
      .values({
        userId,
        csvId: plan.file.id,
        connectionId: plan.connection.id,
        service: plan.service,
        campaignId: input.campaignId,
        campaignName: name,
        options: { mapping: plan.mapping, includeFlagged: !!input.includeFlagged, repush: !!input.repush },
        total: plan.rows.length,
        skipped,
      })
      .returning({ id: pushes.id });
    for (let start = 0; start < plan.rows.length; start += INSERT_CHUNK) {
      const chunk = plan.rows.slice(start, start + INSERT_CHUNK);
      await tx.insert(pushRows).values(
        chunk.map((r, i) => ({
          pushId: push!.id,
          rowId: r.rowId,
          ord: start + i,
          email: r.email || null,
          status: r.reason ? ("skipped" as const) : ("pending" as const),
          reason: r.reason,
          lead: r.lead,
          doneAt: r.reason ? sql`now()` : null,
        })),
      );
    }
    await enqueueInTx("push", push!.id);
    return push!.id;
  });
  return { pushId };
}

async function ownedPush(userId: string, id: string): Promise<PushRow> {
  if (!isUuid(id)) throw notFound(NOT_FOUND);
  const [row] = await db
    .select()
    .from(pushes)
    .where(and(eq(pushes.id, id), eq(pushes.userId, userId)));
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

export async function getPush(userId: string, id: string): Promise<PushJson> {
  return toPushJson(await ownedPush(userId, id));
}

/** `GET /csv/{id}/pushes`: the file's pushes, newest first. */
export async function listPushes(userId: string, csvId: string): Promise<PushesJson> {
  const file = await ownedCsvFile(userId, csvId);
  const rows = await db
    .select()
    .from(pushes)
    .where(and(eq(pushes.csvId, file.id), eq(pushes.userId, userId)))
    .orderBy(desc(pushes.createdAt));
  return { pushes: rows.map(toPushJson) };
}

/** The receipts so far (rows still waiting for their call are not listed), in the push's order. */
export async function listPushRows(userId: string, id: string): Promise<PushRowsJson> {
  const push = await ownedPush(userId, id);
  const rows = await db
    .select({ rowId: pushRows.rowId, status: pushRows.status, reason: pushRows.reason, id: pushRows.providerLeadId })
    .from(pushRows)
    .where(and(eq(pushRows.pushId, push.id), sql`${pushRows.status} <> 'pending'`))
    .orderBy(pushRows.ord);
  return {
    rows: rows.map((r) => ({
      rowId: Number(r.rowId),
      status: r.status as "pushed" | "skipped" | "failed",
      reason: r.reason,
      providerLeadId: r.id,
    })),
  };
}

/** Stops a push between two calls (a call in flight is still recorded); a finished push is answered as it is. */
export async function cancelPush(userId: string, id: string): Promise<PushJson> {
  const push = await ownedPush(userId, id);
  const [row] = await db
    .update(pushes)
    .set({ status: "cancelled", finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(pushes.id, push.id), sql`${pushes.status} in ('queued', 'running')`))
    .returning();
  return toPushJson(row ?? push);
}

const csvCell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The skipped and failed rows of a push with their reasons, as CSV (the dialog's download). */
export async function pushReportCsv(userId: string, id: string): Promise<string> {
  const push = await ownedPush(userId, id);
  const rows = await db
    .select({ rowId: pushRows.rowId, email: pushRows.email, status: pushRows.status, reason: pushRows.reason })
    .from(pushRows)
    .where(and(eq(pushRows.pushId, push.id), sql`${pushRows.status} in ('skipped', 'failed')`))
    .orderBy(pushRows.ord);
  const lines = [["Row ID", "Email", "Status", "Reason"].join(",")];
  for (const r of rows) lines.push([String(r.rowId), r.email ?? "", r.status, r.reason ?? ""].map(csvCell).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

/** `GET /csv/{id}/push-receipts`: for each row, its latest receipt in each campaign it was pushed to. */
export async function pushReceipts(userId: string, csvId: string): Promise<PushReceiptsJson> {
  const file = await ownedCsvFile(userId, csvId);
  const result = await db.execute<{
    row_id: number;
    service: "instantly" | "smartlead" | "lemlist";
    campaign_id: string;
    campaign_name: string;
    done_at: string | Date;
  }>(sql`
    select distinct on (pr.row_id, p.service, p.campaign_id)
      pr.row_id, p.service, p.campaign_id, p.campaign_name, pr.done_at
    from push_rows pr join pushes p on p.id = pr.push_id
    where p.csv_id = ${file.id} and p.user_id = ${userId} and pr.status = 'pushed'
    order by pr.row_id, p.service, p.campaign_id, pr.done_at desc`);
  return {
    receipts: result.rows.map((r) => ({
      rowId: Number(r.row_id),
      service: r.service,
      campaignId: r.campaign_id,
      campaignName: r.campaign_name,
      pushedAt: new Date(r.done_at).toISOString(),
    })),
  };
}
