import "server-only";
import { and, desc, eq, lt, sql } from "drizzle-orm";
import { db, type Tx } from "@/lib/db";
import { csvFiles, csvRows } from "@/lib/db/schema";
import { CSV_LIMITS, formatCount } from "@/lib/csv/limits";
import { AppError } from "@/lib/errors";
import { ownedCsvFile, type CsvFileRow } from "./ownership";
import { rowSink } from "./row-sinks";
import { fileAnswerClosing, fileAnswerOpening, rowsAsJsonText, rowsJsonStream } from "./rows-json";
import type { CsvFileJson, CsvFileSummary } from "@/lib/responses/csv";

type Row = Record<string, string>;

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
    if (!name.trim()) throw new AppError("invalid_input", "Column names cannot be empty");
    seen.add(name);
    columns.push(name);
  };
  given?.forEach(add);
  for (const row of rows) for (const key of Object.keys(row)) add(key);
  if (columns.length > CSV_LIMITS.maxColumns) {
    throw new AppError(
      "invalid_input",
      `A file can have at most ${CSV_LIMITS.maxColumns} columns (this one has ${columns.length})`,
    );
  }
  return columns;
}

/** Stores rows at positions startPosition… through the same sink as a streamed import (`rowSink`). */
async function insertRows(tx: Tx, fileId: string, rows: Row[], startPosition: number): Promise<void> {
  const sink = rowSink(tx, fileId, startPosition);
  for (const row of rows) await sink.add(JSON.stringify(row));
  await sink.finish();
}

/** The database's clock, read after a write commits: pollers ask for changes since this time. */
export async function serverNow(): Promise<string> {
  const [{ now }] = (await db.execute<{ now: string }>(sql`select now()::text as now`)).rows as [{ now: string }];
  return new Date(now).toISOString();
}

/** Every row with every column, in column order ("" when empty): what `GET /csv/{id}` answers. */
export function completeRows(columns: string[], rows: Row[]): Row[] {
  return rows.map((data) => Object.fromEntries(columns.map((c) => [c, data[c] ?? ""])));
}

export function assertRowLimit(total: number): void {
  if (total > CSV_LIMITS.maxRows) {
    throw new AppError(
      "invalid_input",
      `A file can have at most ${formatCount(CSV_LIMITS.maxRows)} rows (this one would have ${formatCount(total)})`,
    );
  }
}

/** Sweep: chunked imports left unfinished for a day are deleted (on each import, and by the workers' sweeps). */
export async function deleteStaleImports(): Promise<number> {
  const gone = await db
    .delete(csvFiles)
    .where(and(eq(csvFiles.status, "importing"), lt(csvFiles.updatedAt, sql`now() - interval '1 day'`)))
    .returning({ id: csvFiles.id });
  return gone.length;
}

/** The position after a file's last row (inside the transaction that holds the file's lock). */
export async function nextRowPosition(tx: Tx, fileId: string): Promise<number> {
  const [{ next }] = (
    await tx.execute<{ next: number }>(
      sql`select coalesce(max(position) + 1, 0)::int as next from csv_rows where file_id = ${fileId}`,
    )
  ).rows as [{ next: number }];
  return Number(next);
}

/** Records `added` appended rows and the columns now (the last chunk, `final` not false, makes the file ready). */
export async function recordAppend(
  tx: Tx,
  file: CsvFileRow,
  columns: string[],
  added: number,
  final: boolean | undefined,
): Promise<CsvFileSummary> {
  const [after] = await tx
    .update(csvFiles)
    .set({
      columns,
      rowCount: sql`${csvFiles.rowCount} + ${added}`,
      status: final === false ? file.status : "ready",
      updatedAt: sql`now()`,
    })
    .where(eq(csvFiles.id, file.id))
    .returning();
  return toCsvFileSummary(after!);
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

/** The JSON text of a `CsvFileJson` without its rows and row ids. */
function csvFileHead(file: CsvFileRow, serverTime: string, rowsReplacedAt: Date | null): string {
  return JSON.stringify({
    ...toCsvFileSummary(file),
    serverTime: new Date(serverTime).toISOString(),
    rowsReplacedAt: rowsReplacedAt?.toISOString() ?? null,
  });
}

/**
 * The JSON text of a `CsvFileJson` in pieces: its head, then `rowPieces` (each a run of rows' JSON texts
 * joined by commas), then the row ids (a JSON array's text). Each piece is made when it is asked for.
 */
export function* csvFileTextPieces(
  file: CsvFileRow,
  rowPieces: Iterable<string>,
  rowIds: string,
  serverTime: string,
  rowsReplacedAt: Date | null,
): Generator<string> {
  yield fileAnswerOpening(csvFileHead(file, serverTime, rowsReplacedAt));
  let first = true;
  for (const piece of rowPieces) {
    yield first ? piece : `,${piece}`;
    first = false;
  }
  yield fileAnswerClosing(rowIds);
}

/** `PUT /csv/update`'s answer: the file as the JSON text of a `CsvFileJson`. */
async function csvFileJsonText(userId: string, fileId: string): Promise<string> {
  const file = await ownedCsvFile(userId, fileId);
  const { rows, ids, now } = await rowsAsJsonText(fileId, file.columns);
  return [...csvFileTextPieces(file, rows, ids, now, file.rowsReplacedAt)].join("");
}

/** `GET /csv/{id}`: the file as a `CsvFileJson`, streamed as the database reads it (`rowsJsonStream`). */
export async function csvFileJsonStream(userId: string, fileId: string): Promise<ReadableStream<Uint8Array>> {
  const file = await ownedCsvFile(userId, fileId);
  return rowsJsonStream(fileId, file.columns, (now) => csvFileHead(file, now, file.rowsReplacedAt));
}

/** A file with its rows in order, as `GET /csv/{id}` answers it. */
export async function getCsvFile(userId: string, fileId: string): Promise<CsvFileJson> {
  return JSON.parse(await csvFileJsonText(userId, fileId)) as CsvFileJson;
}

/** `PUT /csv/update`: replaces every row (pollers are told to reload the whole file); answers the file as JSON text. */
export async function replaceCsvRows(userId: string, fileId: string, rows: Row[]): Promise<string> {
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
  return csvFileJsonText(userId, fileId);
}

export async function deleteCsvFile(userId: string, fileId: string): Promise<void> {
  await ownedCsvFile(userId, fileId, { allowImporting: true });
  await db.delete(csvFiles).where(and(eq(csvFiles.id, fileId), eq(csvFiles.userId, userId)));
}
