import "server-only";
import { and, asc, desc, eq, isNull, lt, sql } from "drizzle-orm";
import { db, type DbOrTx } from "@/lib/db";
import { csvFiles, csvRows } from "@/lib/db/schema";
import { CSV_LIMITS, formatCount } from "@/lib/csv/limits";
import { AppError } from "@/lib/http/errors";
import { ownedCsvFile, type CsvFileRow } from "./ownership";

type Row = Record<string, string>;
const INSERT_BATCH = 1_000;

export interface CsvFileSummary {
  _id: string;
  fileName: string;
  rowCount: number;
  columns: string[];
  created: string;
  updatedAt: string;
}

export interface CsvFileJson extends CsvFileSummary {
  /** Every row has every column, in column order ("" when empty). */
  rows: Row[];
  /** Database ids of the rows, in the same order (for cell edits and polling). */
  rowIds: number[];
  serverTime: string;
  /** When every row was last replaced (PUT /csv/update); pollers reload when it changes. */
  rowsReplacedAt: string | null;
}

export function toCsvFileSummary(file: CsvFileRow): CsvFileSummary {
  return {
    _id: file.id,
    fileName: file.fileName,
    rowCount: file.rowCount,
    columns: file.columns,
    created: file.createdAt.toISOString(),
    updatedAt: file.updatedAt.toISOString(),
  };
}

/** Column order: the given one, or every key in order of first appearance; checked against the limits. */
export function mergeColumns(existing: string[], rows: Row[], given?: string[]): string[] {
  const columns = [...existing];
  const seen = new Set(columns);
  const add = (name: string) => {
    if (seen.has(name)) return;
    if (!name.trim()) throw new AppError(400, "Column names cannot be empty");
    seen.add(name);
    columns.push(name);
  };
  given?.forEach(add);
  for (const row of rows) for (const key of Object.keys(row)) add(key);
  if (columns.length > CSV_LIMITS.maxColumns) {
    throw new AppError(400, `A file can have at most ${CSV_LIMITS.maxColumns} columns (this one has ${columns.length})`);
  }
  return columns;
}

async function insertRows(conn: DbOrTx, fileId: string, rows: Row[], startPosition: number): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    const batch = rows.slice(i, i + INSERT_BATCH).map((data, j) => ({ fileId, position: startPosition + i + j, data }));
    await conn.insert(csvRows).values(batch);
  }
}

function assertRowLimit(total: number): void {
  if (total > CSV_LIMITS.maxRows) {
    throw new AppError(400, `A file can have at most ${formatCount(CSV_LIMITS.maxRows)} rows (this one would have ${formatCount(total)})`);
  }
}

/** `POST /csv/import`: stores a file, one database row per line. `final: false` starts a chunked import. */
export async function importCsv(userId: string, input: { fileName: string; rows: Row[]; columns?: string[]; final?: boolean }): Promise<CsvFileJson | CsvFileSummary> {
  await db.delete(csvFiles).where(and(eq(csvFiles.status, "importing"), lt(csvFiles.updatedAt, sql`now() - interval '1 day'`)));
  const columns = mergeColumns([], input.rows, input.columns);
  const complete = input.final !== false;
  const fileId = await db.transaction(async (tx) => {
    const [file] = await tx
      .insert(csvFiles)
      .values({ userId, fileName: input.fileName, columns, rowCount: input.rows.length, status: complete ? "ready" : "importing" })
      .returning({ id: csvFiles.id });
    await insertRows(tx, file!.id, input.rows, 0);
    return file!.id;
  });
  if (!complete) return toCsvFileSummary(await ownedCsvFile(userId, fileId, { allowImporting: true }));
  return getCsvFile(userId, fileId);
}

/** `POST /api/csv/{id}/append`: the next chunk of an import (or more rows for a finished file). */
export async function appendRows(userId: string, fileId: string, input: { rows: Row[]; final?: boolean }): Promise<CsvFileSummary> {
  await db.transaction(async (tx) => {
    const file = await ownedCsvFile(userId, fileId, { allowImporting: true, lock: true }, tx);
    assertRowLimit(file.rowCount + input.rows.length);
    const columns = mergeColumns(file.columns, input.rows);
    const [{ next }] = (await tx.execute<{ next: number }>(sql`select coalesce(max(position) + 1, 0)::int as next from csv_rows where file_id = ${fileId}`)).rows as [{ next: number }];
    await insertRows(tx, fileId, input.rows, Number(next));
    await tx
      .update(csvFiles)
      .set({
        columns,
        rowCount: sql`${csvFiles.rowCount} + ${input.rows.length}`,
        status: input.final === false ? file.status : "ready",
        updatedAt: sql`now()`,
      })
      .where(eq(csvFiles.id, fileId));
  });
  return toCsvFileSummary(await ownedCsvFile(userId, fileId, { allowImporting: true }));
}

export async function listCsvFiles(userId: string, limit?: number): Promise<CsvFileSummary[]> {
  const query = db
    .select()
    .from(csvFiles)
    .where(and(eq(csvFiles.userId, userId), eq(csvFiles.status, "ready")))
    .orderBy(desc(csvFiles.createdAt));
  const files = limit ? await query.limit(limit) : await query;
  return files.map(toCsvFileSummary);
}

/** `GET /csv/{id}`: the file with its rows in order. */
export async function getCsvFile(userId: string, fileId: string): Promise<CsvFileJson> {
  const file = await ownedCsvFile(userId, fileId);
  const [{ now }] = (await db.execute<{ now: string }>(sql`select now()::text as now`)).rows as [{ now: string }];
  const rows = await db
    .select({ id: csvRows.id, data: csvRows.data })
    .from(csvRows)
    .where(and(eq(csvRows.fileId, fileId), isNull(csvRows.deletedAt)))
    .orderBy(asc(csvRows.position), asc(csvRows.id));
  const complete = (data: Row): Row => Object.fromEntries(file.columns.map((c) => [c, data[c] ?? ""]));
  return {
    ...toCsvFileSummary(file),
    rows: rows.map((r) => complete(r.data)),
    rowIds: rows.map((r) => r.id),
    serverTime: new Date(now).toISOString(),
    rowsReplacedAt: file.rowsReplacedAt?.toISOString() ?? null,
  };
}

/** `PUT /csv/update`: replaces every row (pollers are told to reload the whole file). */
export async function replaceCsvRows(userId: string, fileId: string, rows: Row[]): Promise<CsvFileJson> {
  await db.transaction(async (tx) => {
    const file = await ownedCsvFile(userId, fileId, { lock: true }, tx);
    const kept = rows.length === 0 ? file.columns : file.columns.filter((c) => rows.some((r) => c in r));
    const columns = mergeColumns(kept, rows);
    await tx.delete(csvRows).where(eq(csvRows.fileId, fileId));
    await insertRows(tx, fileId, rows, 0);
    await tx
      .update(csvFiles)
      .set({ columns, rowCount: rows.length, rowsReplacedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(csvFiles.id, fileId));
  });
  return getCsvFile(userId, fileId);
}

export async function deleteCsvFile(userId: string, fileId: string): Promise<void> {
  await ownedCsvFile(userId, fileId, { allowImporting: true });
  await db.delete(csvFiles).where(and(eq(csvFiles.id, fileId), eq(csvFiles.userId, userId)));
}
