import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import { db, type DbOrTx } from "@/lib/db";
import { hotStatement, runHot } from "@/lib/db/hot-statements";
import { csvFiles, csvRows } from "@/lib/db/schema";
import { CSV_LIMITS, GENERATED_COLUMNS } from "@/lib/csv/limits";
import { getAiSettings } from "@/lib/services/ai-config/ai-config";
import { flagsAfterEdit } from "@/lib/services/quality/row-flags";
import { AppError, notFound } from "@/lib/errors";
import { isUuid } from "@/lib/http/ids";
import { ownedCsvFile } from "./ownership";
import type { ChangesJson, RowJson } from "@/lib/responses/csv";

type Row = Record<string, string>;

type FileChanges = { columns?: string[]; rowCount?: ReturnType<typeof sql> };

function touchFile(conn: DbOrTx, fileId: string, set: FileChanges = {}) {
  return conn
    .update(csvFiles)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(csvFiles.id, fileId));
}

/** Changes some cells of one row (one database row touched). */
export async function updateRowCells(userId: string, fileId: string, rowId: number, data: Row): Promise<RowJson> {
  const file = await ownedCsvFile(userId, fileId);
  const unknown = Object.keys(data).filter((k) => !file.columns.includes(k));
  if (unknown.length) throw new AppError("invalid_input", `Unknown column: ${unknown[0]}`);
  const [row] = await db
    .update(csvRows)
    .set({ data: sql`${csvRows.data} || ${JSON.stringify(data)}::jsonb`, updatedAt: sql`now()` })
    .where(and(eq(csvRows.id, rowId), eq(csvRows.fileId, fileId), isNull(csvRows.deletedAt)))
    .returning({ _id: csvRows.id, position: csvRows.position, data: csvRows.data, flags: csvRows.qualityFlags });
  if (!row) throw notFound("Row not found");
  const { flags, ...json } = row;
  // A hand edit of the generated text is checked again, so that the export gate follows the fix.
  if (flags && (GENERATED_COLUMNS.subject in data || GENERATED_COLUMNS.body in data)) {
    const { qualityRules } = await getAiSettings(userId);
    await db
      .update(csvRows)
      .set({ qualityFlags: flagsAfterEdit(flags, json.data, qualityRules), editedAt: sql`now()` })
      .where(eq(csvRows.id, rowId));
  }
  return json;
}

/** Adds a row at the end of the file. */
export async function addRow(userId: string, fileId: string, data: Row = {}): Promise<RowJson> {
  return db.transaction(async (tx) => {
    const file = await ownedCsvFile(userId, fileId, { lock: true }, tx);
    if (file.rowCount >= CSV_LIMITS.maxRows)
      throw new AppError("invalid_input", "This file already has the maximum number of rows");
    const unknown = Object.keys(data).filter((k) => !file.columns.includes(k));
    if (unknown.length) throw new AppError("invalid_input", `Unknown column: ${unknown[0]}`);
    const filled = Object.fromEntries(file.columns.map((c) => [c, data[c] ?? ""]));
    const [row] = await tx
      .insert(csvRows)
      .values({
        fileId,
        data: filled,
        position: sql`(select coalesce(max(position) + 1, 0) from csv_rows where file_id = ${fileId})`,
      })
      .returning({ _id: csvRows.id, position: csvRows.position, data: csvRows.data });
    await touchFile(tx, fileId, { rowCount: sql`${csvFiles.rowCount} + 1` });
    return row!;
  });
}

/** Deletes a row (kept as a tombstone so that pollers learn about it). */
export async function deleteRow(userId: string, fileId: string, rowId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await ownedCsvFile(userId, fileId, { lock: true }, tx);
    const deleted = await tx
      .update(csvRows)
      .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(csvRows.id, rowId), eq(csvRows.fileId, fileId), isNull(csvRows.deletedAt)))
      .returning({ id: csvRows.id });
    if (deleted.length === 0) throw notFound("Row not found");
    await touchFile(tx, fileId, { rowCount: sql`greatest(${csvFiles.rowCount} - 1, 0)` });
  });
}

/** Adds an empty column; the name must be non-empty and not already present. */
export async function addColumn(userId: string, fileId: string, name: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const file = await ownedCsvFile(userId, fileId, { lock: true }, tx);
    if (file.columns.includes(name)) throw new AppError("conflict", `A column named "${name}" already exists`);
    if (file.columns.length >= CSV_LIMITS.maxColumns)
      throw new AppError("invalid_input", `A file can have at most ${CSV_LIMITS.maxColumns} columns`);
    const columns = [...file.columns, name];
    await touchFile(tx, fileId, { columns });
    return columns;
  });
}

/** Removes a column from the file and from every row that has it. */
export async function deleteColumn(userId: string, fileId: string, name: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const file = await ownedCsvFile(userId, fileId, { lock: true }, tx);
    if (!file.columns.includes(name)) throw notFound(`Column "${name}" not found`);
    const columns = file.columns.filter((c) => c !== name);
    await tx
      .update(csvRows)
      .set({ data: sql`${csvRows.data} - ${name}::text`, updatedAt: sql`now()` })
      .where(and(eq(csvRows.fileId, fileId), sql`${csvRows.data} ? ${name}::text`));
    await touchFile(tx, fileId, { columns });
    return columns;
  });
}

type ChangesRow = {
  columns: string[] | string;
  row_count: number;
  rows_replaced_at: string | null;
  now: string;
  rows: ChangesJson["rows"] | string;
};

/** The file (owner checked), the database's clock and the rows changed after $1 ($2 file, $3 user). */
const CHANGES_SINCE = hotStatement(
  "hot_csv_changes_since",
  ["timestamptz", "uuid", "text"],
  `select f.columns, f.row_count, f.rows_replaced_at::text as rows_replaced_at, now()::text as now,
     case when f.rows_replaced_at > $1 then '[]'::json
     else coalesce((
       select json_agg(json_build_object('_id', r.id, 'position', r.position, 'data', r.data,
         'deleted', r.deleted_at is not null, 'flags', r.quality_flags, 'approved', r.approved_at is not null)
         order by r.position, r.id)
       from csv_rows r where r.file_id = f.id and r.updated_at > $1), '[]'::json)
     end as rows
   from csv_files f
   where f.id = $2 and f.user_id = $3 and f.status <> 'importing'`,
);

/**
 * Rows changed since a point in time (with a few seconds of overlap for late commits), each with its
 * quality flags and approval, so a screen watching a run needs no other read. Polled by every open
 * generator every second or two, so it is ONE query: the file (owner checked), the database's clock
 * and the changed rows (none when every row was replaced: the client reloads).
 */
export async function changesSince(userId: string, fileId: string, since: Date): Promise<ChangesJson> {
  if (!isUuid(fileId)) throw notFound("CSV file not found");
  const from = new Date(since.getTime() - 5_000).toISOString();
  const [file] = await runHot<ChangesRow>(CHANGES_SINCE, [from, fileId, userId]);
  if (!file) throw notFound("CSV file not found");
  const replacedAt = file.rows_replaced_at ? new Date(file.rows_replaced_at) : null;
  const columns = typeof file.columns === "string" ? (JSON.parse(file.columns) as string[]) : file.columns;
  return {
    columns,
    rowCount: Number(file.row_count),
    serverTime: new Date(file.now).toISOString(),
    reload: Boolean(replacedAt && replacedAt.getTime() > Date.parse(from)),
    rowsReplacedAt: replacedAt?.toISOString() ?? null,
    rows: typeof file.rows === "string" ? JSON.parse(file.rows) : file.rows,
  };
}
