import "server-only";
import { once } from "node:events";
import { eq, sql } from "drizzle-orm";
import { from as copyFrom } from "pg-copy-streams";
import type { Writable } from "node:stream";
import { db, dbKind, type Tx } from "@/lib/db";
import { copyConnectionOf } from "@/lib/db/copy-rows";
import { csvFiles } from "@/lib/db/schema";
import { JsonRowsScanner, MalformedJson } from "@/lib/csv/json-rows-scanner";
import { CSV_LIMITS } from "@/lib/csv/limits";
import { readRow, ROWS_MESSAGES } from "@/lib/csv/read-rows";
import { AppError } from "@/lib/errors";
import { BODY_LIMITS, bodyTextPieces, MALFORMED_JSON, parseBody, parseValue } from "@/lib/http/parse";
import {
  appendRows,
  assertRowLimit,
  completeRows,
  deleteStaleImports,
  importCsv,
  mergeColumns,
  nextRowPosition,
  recordAppend,
  serverNow,
  toCsvFileSummary,
  type CsvFileJson,
  type CsvFileSummary,
} from "./csv-files";
import { ownedCsvFile } from "./ownership";
import { appendRowsSchema, importCsvSchema } from "./schemas";

type Row = Record<string, string>;
/** COPY data is handed to the connection in pieces of about this many characters. */
const WRITE_CHARS = 256 * 1024;
/** COPY data that may wait for the connection before the parser waits in turn. */
const COPY_BUFFER_BYTES = 8 * 1024 * 1024;

/**
 * `POST /csv/import` and `POST /csv/{id}/append` on PostgreSQL, streamed: the body is read as it
 * arrives (lib/csv/json-rows-scanner.ts), each row parsed and checked on its own (`readRow`, the
 * import's one-pass rules and messages) and written at once into a `COPY` on the transaction's
 * connection, so the database stores the first rows while the rest of the body is still being read
 * and parsed. A row that is stored as it came is sent as its own JSON text (no second serialisation).
 * Any broken rule rolls the whole request back (the same 400s as the buffered path); a body of
 * another shape, and local mode (PGlite runs in this thread: nothing to overlap), take the buffered
 * path (`parseBody` + importCsv / appendRows).
 */
export async function importCsvRequest(userId: string, req: Request): Promise<CsvFileJson | CsvFileSummary> {
  if (dbKind() !== "pg")
    return importCsv(userId, await parseBody(req, importCsvSchema, { maxBytes: BODY_LIMITS.rows }));
  const body = await openRows(req);
  if ("whole" in body) return importCsv(userId, parseValue(body.whole, importCsvSchema));
  await deleteStaleImports();
  const { file, rows, rowIds, columns } = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(csvFiles)
      .values({ userId, fileName: "", columns: [], rowCount: 0, status: "importing" })
      .returning();
    const copied = await copyRows(tx, created!.id, 0, 0, body, true);
    const input = parseValue({ ...copied.members, rows: [] }, importCsvSchema);
    const merged = mergeColumns([], [], [...(input.columns ?? []), ...copied.keys]);
    const complete = input.final !== false;
    const [stored] = await tx
      .update(csvFiles)
      .set({
        fileName: input.fileName,
        columns: merged,
        rowCount: copied.count,
        status: complete ? "ready" : "importing",
      })
      .where(eq(csvFiles.id, created!.id))
      .returning();
    const ids = complete ? await rowIdsOf(tx, created!.id) : [];
    return { file: stored!, rows: complete ? copied.rows : null, rowIds: ids, columns: merged };
  });
  if (!rows) return toCsvFileSummary(file);
  return {
    ...toCsvFileSummary(file),
    rows: completeRows(columns, rows),
    rowIds,
    serverTime: await serverNow(),
    rowsReplacedAt: null,
  };
}

/** `POST /csv/{id}/append`, streamed on PostgreSQL (see `importCsvRequest`). */
export async function appendRowsRequest(userId: string, fileId: string, req: Request): Promise<CsvFileSummary> {
  if (dbKind() !== "pg") {
    return appendRows(userId, fileId, await parseBody(req, appendRowsSchema, { maxBytes: BODY_LIMITS.rows }));
  }
  // The file is looked up first, so that another user's id is a 404 whatever the body says.
  await ownedCsvFile(userId, fileId, { allowImporting: true });
  const body = await openRows(req);
  if ("whole" in body) return appendRows(userId, fileId, parseValue(body.whole, appendRowsSchema));
  return db.transaction(async (tx) => {
    const file = await ownedCsvFile(userId, fileId, { allowImporting: true, lock: true }, tx);
    const copied = await copyRows(tx, fileId, await nextRowPosition(tx, fileId), file.rowCount, body, false);
    const input = parseValue({ ...copied.members, rows: [] }, appendRowsSchema);
    return recordAppend(tx, file, mergeColumns(file.columns, [], copied.keys), copied.count, input.final);
  });
}

interface StreamedBody {
  scanner: JsonRowsScanner;
  /** Rows the scanner completed while the start of the body was read. */
  first: string[];
  rest: AsyncGenerator<string>;
}

/** Reads the body up to its `rows` array; a body of another shape (or without rows) is answered whole, parsed. */
async function openRows(req: Request): Promise<StreamedBody | { whole: unknown }> {
  const scanner = new JsonRowsScanner();
  const rest = bodyTextPieces(req, BODY_LIMITS.rows);
  const seen: string[] = [];
  try {
    for (;;) {
      const next = await rest.next();
      if (next.done) break;
      seen.push(next.value);
      const first = scanner.push(next.value);
      if (!scanner.simple) break;
      if (scanner.inRows) return { scanner, first, rest };
    }
  } catch (error) {
    if (!(error instanceof MalformedJson)) throw error;
  }
  for await (const piece of rest) seen.push(piece);
  const text = seen.join("");
  if (text.trim() === "") return { whole: {} };
  try {
    return { whole: JSON.parse(text) as unknown };
  } catch {
    throw new AppError("invalid_input", MALFORMED_JSON);
  }
}

/**
 * Streams the body's rows into `COPY csv_rows` on the transaction's connection, at positions
 * `startPosition…`; answers the count, the column names in order of first appearance, the other
 * top-level members, and (`keepRows`) the rows themselves.
 */
async function copyRows(
  tx: Tx,
  fileId: string,
  startPosition: number,
  existingRows: number,
  body: StreamedBody,
  keepRows: boolean,
) {
  const connection = copyConnectionOf(tx);
  if (!connection) throw new Error("COPY needs a PostgreSQL connection");
  // A deep buffer: the connection takes rows while the next ones are parsed, instead of the two
  // taking turns (the database stores rows at about the pace this process parses them).
  const sink = connection.query(
    copyFrom("copy csv_rows (file_id, position, data) from stdin", { highWaterMark: COPY_BUFFER_BYTES }),
  );
  const keys = new Set<string>();
  const rows: Row[] = [];
  let count = 0;
  let pending = "";
  const write = async (force: boolean) => {
    if (pending.length < WRITE_CHARS && !(force && pending)) return;
    const text = pending;
    pending = "";
    if (!sink.write(text)) await once(sink as Writable, "drain");
  };
  const take = (text: string) => {
    let input: unknown;
    try {
      input = JSON.parse(text);
    } catch {
      throw new AppError("invalid_input", MALFORMED_JSON);
    }
    const result = readRow(input, count);
    if ("error" in result) throw new AppError("invalid_input", result.error);
    count++;
    if (count > CSV_LIMITS.maxRows) throw new AppError("invalid_input", ROWS_MESSAGES.tooMany);
    assertRowLimit(existingRows + count);
    for (const key in result.row) keys.add(key);
    if (keepRows) rows.push(result.row);
    // As it came, unless a cell was cleaned or turned into text, or the text holds a raw tab or line break
    // (JSON whitespace between tokens, which COPY's text format would read as a separator).
    const json = result.changed || /[\t\n\r]/.test(text) ? JSON.stringify(result.row) : text;
    // In COPY's text format a backslash starts an escape: doubled, the JSON text arrives unchanged.
    pending += `${fileId}\t${startPosition + count - 1}\t${json.replaceAll("\\", "\\\\")}\n`;
  };
  try {
    for (const text of body.first) take(text);
    await write(false);
    for await (const piece of body.rest) {
      let texts: string[];
      try {
        texts = body.scanner.push(piece);
      } catch {
        throw new AppError("invalid_input", MALFORMED_JSON);
      }
      for (const text of texts) take(text);
      await write(false);
    }
    let members: Record<string, unknown>;
    try {
      members = body.scanner.members();
    } catch {
      throw new AppError("invalid_input", MALFORMED_JSON);
    }
    await write(true);
    sink.end();
    await once(sink as Writable, "finish");
    return { count, keys: [...keys], members, rows };
  } catch (error) {
    await body.rest.return(undefined).catch(() => undefined);
    if (!sink.destroyed) {
      sink.destroy(error instanceof Error ? error : new Error(String(error)));
      await once(sink as Writable, "close").catch(() => undefined);
    }
    throw error;
  }
}

async function rowIdsOf(tx: Tx, fileId: string): Promise<number[]> {
  const result = await tx.execute<{ ids: string | null }>(
    sql`select array_to_string(array_agg(id order by position), ',') as ids from csv_rows where file_id = ${fileId}`,
  );
  const ids = (result.rows as { ids: string | null }[])[0]?.ids;
  return ids ? ids.split(",").map(Number) : [];
}
