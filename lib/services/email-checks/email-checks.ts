import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { emailChecks } from "@/lib/db/schema";
import { CSV_LIMITS } from "@/lib/csv/limits";
import { defaultEmailColumn, EMAIL_STATUS_COLUMN } from "@/lib/csv/email-status";
import { EMAIL_STATUSES, zeroCounts } from "@/lib/email-checks/statuses";
import { AppError, notFound } from "@/lib/errors";
import { isUuid } from "@/lib/http/ids";
import { transactionWithQueue } from "@/lib/queue/enqueue";
import type { EmailCheckJson, EmailChecksJson, EmailCheckStartedJson } from "@/lib/responses/email-checks";
import { SERVICE_LABELS } from "@/lib/sending/tools";
import { ownedCsvFile, type CsvFileRow } from "@/lib/services/csv/ownership";
import { indicesOfRowIds } from "@/lib/services/generation/plan-run";
import { ownedIntegration } from "@/lib/services/sending/connections";
import type { EmailCheckInput } from "./schemas";

type EmailCheckRow = typeof emailChecks.$inferSelect;
const NOT_FOUND = "Address check not found";

function toJson(row: EmailCheckRow): EmailCheckJson {
  const counts = zeroCounts();
  for (const status of EMAIL_STATUSES) counts[status] = Number(row.counts[status] ?? 0);
  return {
    id: row.id,
    csvId: row.csvId,
    column: row.column,
    connectionId: row.connectionId,
    status: row.status,
    total: row.total,
    checked: row.checked,
    counts,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** The column of the addresses: the one named, else the file's e-mail column; 400 naming what is missing. */
function addressColumn(file: CsvFileRow, named: string | undefined): string {
  const column = named ?? defaultEmailColumn(file.columns);
  if (column === null)
    throw new AppError(
      "invalid_input",
      "This file has no e-mail column (a column named like Email, E-mail or Email Address): name one with column",
    );
  if (!file.columns.includes(column))
    throw new AppError("invalid_input", `Column "${column}" is not a column of this file`);
  if (column === EMAIL_STATUS_COLUMN)
    throw new AppError("invalid_input", `Column "${column}" holds the checks' statuses, not addresses`);
  if (!file.columns.includes(EMAIL_STATUS_COLUMN) && file.columns.length >= CSV_LIMITS.maxColumns)
    throw new AppError(
      "invalid_input",
      `A file can have at most ${CSV_LIMITS.maxColumns} columns: remove one to add "${EMAIL_STATUS_COLUMN}"`,
    );
  return column;
}

/** The deep check's connection: the caller's (404 otherwise), and a ZeroBounce one (400 otherwise). */
async function zeroBounceConnection(userId: string, connectionId: string | undefined): Promise<string | null> {
  if (connectionId === undefined) return null;
  const connection = await ownedIntegration(userId, connectionId);
  if (connection.service !== "zerobounce")
    throw new AppError(
      "invalid_input",
      `${SERVICE_LABELS[connection.service]} is a sending tool: a deep check needs a ZeroBounce connection`,
    );
  return connection.id;
}

/** The rows to check: the named ones (an id not of the file is a 400 naming it), else every row. */
async function chosenRows(fileId: string, rowIds: number[] | undefined) {
  const result = await db.execute<{ id: number }>(
    sql`select id from csv_rows where file_id = ${fileId} and deleted_at is null order by position, id`,
  );
  const rows = result.rows.map((r) => ({ id: Number(r.id) }));
  const maxRowId = rows.reduce((max, r) => Math.max(max, r.id), 0);
  if (!rowIds) return { rowIds: null, total: rows.length, maxRowId };
  const chosen = indicesOfRowIds(rows, rowIds).map((i) => rows[i]!.id);
  return { rowIds: chosen, total: chosen.length, maxRowId };
}

/**
 * `POST /csv/{id}/email-check`: the check is recorded with its job in one transaction; the worker checks the
 * rows and writes their Email Status.
 */
export async function createEmailCheck(
  userId: string,
  csvId: string,
  input: EmailCheckInput,
): Promise<EmailCheckStartedJson> {
  const file = await ownedCsvFile(userId, csvId);
  const column = addressColumn(file, input.column);
  const connectionId = await zeroBounceConnection(userId, input.connectionId);
  const { rowIds, total, maxRowId } = await chosenRows(file.id, input.rowIds);
  const checkId = await transactionWithQueue(async (tx, enqueueInTx) => {
    const [check] = await tx
      .insert(emailChecks)
      .values({
        userId,
        csvId: file.id,
        column,
        connectionId,
        options: { rowIds, maxRowId, deep: connectionId !== null },
        total,
      })
      .returning({ id: emailChecks.id });
    await enqueueInTx("email_check", check!.id);
    return check!.id;
  });
  return { checkId };
}

async function ownedCheck(userId: string, id: string): Promise<EmailCheckRow> {
  if (!isUuid(id)) throw notFound(NOT_FOUND);
  const [row] = await db
    .select()
    .from(emailChecks)
    .where(and(eq(emailChecks.id, id), eq(emailChecks.userId, userId)));
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

export async function getEmailCheck(userId: string, id: string): Promise<EmailCheckJson> {
  return toJson(await ownedCheck(userId, id));
}

/** `GET /csv/{id}/email-checks`: the file's checks, newest first. */
export async function listEmailChecks(userId: string, csvId: string): Promise<EmailChecksJson> {
  const file = await ownedCsvFile(userId, csvId);
  const rows = await db
    .select()
    .from(emailChecks)
    .where(and(eq(emailChecks.csvId, file.id), eq(emailChecks.userId, userId)))
    .orderBy(desc(emailChecks.createdAt));
  return { checks: rows.map(toJson) };
}

/**
 * Stops a check between two chunks: the rows checked keep their status (a chunk in flight is still written).
 * A finished check is answered as it is.
 */
export async function cancelEmailCheck(userId: string, id: string): Promise<EmailCheckJson> {
  const check = await ownedCheck(userId, id);
  const [row] = await db
    .update(emailChecks)
    .set({ status: "cancelled", finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(emailChecks.id, check.id), sql`${emailChecks.status} in ('queued', 'running')`))
    .returning();
  return toJson(row ?? check);
}
