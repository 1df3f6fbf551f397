import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { db, type Tx } from "@/lib/db";
import { pgArray } from "@/lib/db/pg-array";
import { pushes, pushRows } from "@/lib/db/schema";
import { AppError, notFound } from "@/lib/errors";
import { toCsvText } from "@/lib/csv/parse-csv";
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
import { isSendingTool, SERVICE_LABELS } from "@/lib/sending/tools";
import { ownedCsvFile } from "@/lib/services/csv/ownership";
import { asApiError, integrationKey, ownedIntegration, type IntegrationConnectionRow } from "./connections";
import { dryRunJson, planPush, type PlannedRow } from "./push-plan";
import type { PushInput } from "./schemas";
import { SENDING_TOOL_CLIENTS } from "./tools";

type PushRow = typeof pushes.$inferSelect;
const NOT_FOUND = "Push not found";

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
async function campaignName(connection: IntegrationConnectionRow, campaignId: string): Promise<string> {
  const service = connection.service;
  if (!isSendingTool(service)) return ""; // planPush answers this connection's 400
  const campaigns = await asApiError(() => SENDING_TOOL_CLIENTS[service].listCampaigns(integrationKey(connection)));
  const campaign = campaigns.find((c) => c.id === campaignId);
  if (!campaign)
    throw new AppError("invalid_input", `Campaign ${campaignId} was not found in ${SERVICE_LABELS[service]}`);
  return campaign.name;
}

/**
 * Every chosen row's receipt in one statement (arrays unnested: 100,000 rows are one round trip): pending
 * with its lead, or skipped with its reason.
 */
async function insertReceipts(tx: Tx, pushId: string, rows: readonly PlannedRow[]): Promise<void> {
  const column = <T extends number | string | null>(pick: (row: PlannedRow, ord: number) => T) =>
    pgArray(rows.map((row, ord) => pick(row, ord)));
  await tx.execute(sql`insert into push_rows (push_id, row_id, ord, email, status, reason, lead, done_at)
    select ${pushId}, x.row_id, x.ord, x.email, x.status, x.reason, x.lead::jsonb,
      case when x.status = 'skipped' then now() end
    from unnest(${column((r) => r.rowId)}::bigint[], ${column((_, ord) => ord)}::int[],
      ${column((r) => r.email || null)}::text[], ${column((r) => (r.reason ? "skipped" : "pending"))}::text[],
      ${column((r) => r.reason)}::text[], ${column((r) => (r.lead ? JSON.stringify(r.lead) : null))}::text[])
      as x(row_id, ord, email, status, reason, lead)`);
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
  if (input.dryRun) return dryRunJson(await planPush(userId, csvId, input));
  // The campaign is read from the tool while the rows are planned; the plan's errors come first.
  await ownedCsvFile(userId, csvId);
  const named = campaignName(await ownedIntegration(userId, input.connectionId), input.campaignId);
  named.catch(() => undefined);
  const plan = await planPush(userId, csvId, input);
  const name = await named;
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
    await insertReceipts(tx, push!.id, plan.rows);
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

/** The skipped and failed rows of a push with their reasons, as CSV (the dialog's download). */
export async function pushReportCsv(userId: string, id: string): Promise<string> {
  const push = await ownedPush(userId, id);
  const rows = await db
    .select({ rowId: pushRows.rowId, email: pushRows.email, status: pushRows.status, reason: pushRows.reason })
    .from(pushRows)
    .where(and(eq(pushRows.pushId, push.id), sql`${pushRows.status} in ('skipped', 'failed')`))
    .orderBy(pushRows.ord);
  // The app's one CSV writer ("Export as CSV"): a BOM for Excel, cells that would run as formulas neutralised.
  return toCsvText(
    ["Row ID", "Email", "Status", "Reason"],
    rows.map((r) => ({ "Row ID": String(r.rowId), Email: r.email ?? "", Status: r.status, Reason: r.reason ?? "" })),
  );
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
