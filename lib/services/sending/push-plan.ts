import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { QualityFlag } from "@/lib/quality/rules";
import type { PushDryRunJson } from "@/lib/responses/sending";
import { isSendingTool, SERVICE_LABELS, SKIP_REASONS, type SendingTool, type SkipReason } from "@/lib/sending/tools";
import { liveRowsIndexed } from "@/lib/services/csv/live-rows";
import { ownedCsvFile, type CsvFileRow } from "@/lib/services/csv/ownership";
import { indicesOfRowIds } from "@/lib/services/generation/plan-run";
import { ownedIntegration, type IntegrationConnectionRow } from "./connections";
import { leadFieldsOf, resolveMapping, skipReason, type PushMapping } from "./push-rules";
import type { PushInput } from "./schemas";
import { SENDING_TOOL_CLIENTS } from "./tools";

/** One chosen row of a push: pushed with its lead as the tool will receive it, or skipped with its reason. */
export interface PlannedRow {
  rowId: number;
  email: string;
  reason: SkipReason | null;
  lead: Record<string, unknown> | null;
}

export interface PushPlan {
  file: CsvFileRow;
  connection: IntegrationConnectionRow;
  service: SendingTool;
  mapping: PushMapping;
  rows: PlannedRow[];
}

type StoredRow = {
  id: number;
  data: Record<string, string>;
  quality_flags: QualityFlag[] | string | null;
};

const parsed = <T>(value: T | string | null): T | null =>
  typeof value === "string" ? (JSON.parse(value) as T) : value;

/**
 * The file's live rows in order, and what the user pushed to this campaign before: which rows (of this
 * file) and which addresses (lower-cased, by any row of any file).
 */
async function readRows(file: CsvFileRow, service: SendingTool, campaignId: string) {
  const [rows, pushed] = await Promise.all([
    db.execute<StoredRow>(sql`select id, data, quality_flags from ${liveRowsIndexed(file.id)} live order by row_index`),
    db.execute<{ row_id: number; email: string | null; csv_id: string }>(sql`
      select pr.row_id, lower(pr.email) as email, p.csv_id from push_rows pr join pushes p on p.id = pr.push_id
      where p.user_id = ${file.userId} and p.service = ${service} and p.campaign_id = ${campaignId}
        and pr.status = 'pushed'`),
  ]);
  return {
    rows: rows.rows.map((r) => ({ ...r, id: Number(r.id), data: parsed(r.data)! })),
    pushedRows: new Set(pushed.rows.filter((r) => r.csv_id === file.id).map((r) => Number(r.row_id))),
    pushedAddresses: new Set(pushed.rows.flatMap((r) => (r.email ? [r.email] : []))),
  };
}

/**
 * What a push will do, decided before anything is sent: the rows chosen (`rowIds`, or every row), the
 * mapping (defaults filled in), each row's skip reason or lead. No call to the tool.
 */
export async function planPush(userId: string, csvId: string, input: PushInput): Promise<PushPlan> {
  const file = await ownedCsvFile(userId, csvId);
  const connection = await ownedIntegration(userId, input.connectionId);
  const service = connection.service;
  if (!isSendingTool(service))
    throw new AppError(
      "invalid_input",
      `${SERVICE_LABELS[service]} checks addresses: choose a sending tool's connection`,
    );
  const mapping = resolveMapping(file.columns, input.mapping);
  const { rows, pushedRows, pushedAddresses } = await readRows(file, service, input.campaignId);
  const chosen = input.rowIds ? indicesOfRowIds(rows, input.rowIds).map((i) => rows[i]!) : rows;
  const client = SENDING_TOOL_CLIENTS[service];
  const options = { includeFlagged: input.includeFlagged ?? false, repush: input.repush ?? false };
  const seen = new Set<string>();
  const planned = chosen.map((row): PlannedRow => {
    const fields = leadFieldsOf(row.data, mapping);
    const pushedBefore = pushedRows.has(row.id) || pushedAddresses.has(fields.email.toLowerCase());
    const toDecide = { data: row.data, flags: parsed(row.quality_flags), pushedBefore };
    const reason = skipReason(toDecide, fields.email, options, seen);
    return { rowId: row.id, email: fields.email, reason, lead: reason ? null : client.toLead(fields) };
  });
  return { file, connection, service, mapping, rows: planned };
}

/** Skipped rows by reason (every reason, in order). */
function skippedCounts(rows: readonly PlannedRow[]): Record<SkipReason, number> {
  const counts = Object.fromEntries(SKIP_REASONS.map((r) => [r, 0])) as Record<SkipReason, number>;
  for (const row of rows) if (row.reason) counts[row.reason]++;
  return counts;
}

/** The dry run's answer: nothing sent, nothing stored. */
export function dryRunJson(plan: PushPlan): PushDryRunJson {
  const leads = plan.rows.filter((r) => r.lead !== null);
  return {
    total: plan.rows.length,
    willPush: leads.length,
    skipped: skippedCounts(plan.rows),
    rows: plan.rows.map((r) => ({ rowId: r.rowId, status: r.reason ? "skip" : "push", reason: r.reason })),
    sample: leads.slice(0, 3).map((r) => r.lead!),
    mapping: plan.mapping,
  };
}
