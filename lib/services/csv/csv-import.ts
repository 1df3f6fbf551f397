import "server-only";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { db, type Tx } from "@/lib/db";
import { csvFiles } from "@/lib/db/schema";
import { JsonRowsScanner, MalformedJson } from "@/lib/csv/json-rows-scanner";
import { CSV_LIMITS } from "@/lib/csv/limits";
import { readRow, rowErrorText, ROWS_MESSAGES } from "@/lib/csv/read-rows";
import { AppError } from "@/lib/errors";
import { BODY_LIMITS, bodyTextPieces, MALFORMED_JSON, parseValue } from "@/lib/http/parse";
import { textStream } from "@/lib/http/respond";
import {
  assertRowLimit,
  completeRows,
  csvFileTextPieces,
  deleteStaleImports,
  mergeColumns,
  nextRowPosition,
  recordAppend,
  serverNow,
  toCsvFileSummary,
} from "./csv-files";
import { ownedCsvFile } from "./ownership";
import { rowIdsText, rowSink } from "./row-sinks";
import { appendRowsSchema, importCsvSchema } from "./schemas";
import type { CsvFileJson, CsvFileSummary } from "@/lib/responses/csv";

/**
 * The one import path: `POST /csv/import` and `POST /csv/{id}/append` (and `importCsv` / `appendRows`
 * for callers that hold the rows as values). The body is read as it arrives
 * (lib/csv/json-rows-scanner.ts), each row parsed and checked on its own (`readRow`, the one row
 * validator) and handed at once to the database (lib/services/csv/row-sinks.ts: a `COPY` on PostgreSQL,
 * which stores the first rows while the rest of the body is still read; set-based inserts of 10,000
 * rows in local mode). A row stored as it came goes in as its own JSON text, and a one-request import
 * answers its rows from those texts: no row is serialised again. Any broken rule rolls the whole
 * request back. (Measured against parsing the body whole first: 25 % more rows a second on PostgreSQL,
 * 8 % in local mode — docs/performance.md.)
 */
export async function importCsvRequest(userId: string, req: Request): Promise<string | ReadableStream<Uint8Array>> {
  const body = await openRows(req, importCsvSchema);
  await deleteStaleImports();
  const { file, kept, rowIds, columns } = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(csvFiles)
      .values({ userId, fileName: "", columns: [], rowCount: 0, status: "importing" })
      .returning();
    const streamed = await streamRows(tx, created!.id, 0, 0, body, true);
    const input = parseValue({ ...streamed.members, rows: [] }, importCsvSchema);
    const merged = mergeColumns([], [], [...(input.columns ?? []), ...streamed.keys]);
    const complete = input.final !== false;
    const [stored] = await tx
      .update(csvFiles)
      .set({
        fileName: input.fileName,
        columns: merged,
        rowCount: streamed.count,
        status: complete ? "ready" : "importing",
      })
      .where(eq(csvFiles.id, created!.id))
      .returning();
    const ids = complete ? await rowIdsText(tx, created!.id) : "";
    return { file: stored!, kept: complete ? streamed.kept : null, rowIds: ids, columns: merged };
  });
  if (!kept) return JSON.stringify(toCsvFileSummary(file));
  // Streamed: each run of rows is encoded when the answer asks for it, and its texts are dropped then.
  return textStream(csvFileTextPieces(file, rowsTextPieces(columns, kept), `[${rowIds}]`, await serverNow(), null));
}

/** `POST /csv/{id}/append` (see `importCsvRequest`). */
export async function appendRowsRequest(userId: string, fileId: string, req: Request): Promise<CsvFileSummary> {
  // The file is looked up first, so that another user's id is a 404 whatever the body says.
  await ownedCsvFile(userId, fileId, { allowImporting: true });
  const body = await openRows(req, appendRowsSchema);
  return db.transaction(async (tx) => {
    const file = await ownedCsvFile(userId, fileId, { allowImporting: true, lock: true }, tx);
    const streamed = await streamRows(tx, fileId, await nextRowPosition(tx, fileId), file.rowCount, body, false);
    const input = parseValue({ ...streamed.members, rows: [] }, appendRowsSchema);
    return recordAppend(tx, file, mergeColumns(file.columns, [], streamed.keys), streamed.count, input.final);
  });
}

/** A request carrying `body` as JSON: how callers that hold rows as values take the one import path. */
const jsonRequest = (body: unknown) =>
  new Request("http://localhost/api/csv/import", { method: "POST", body: JSON.stringify(body) });

/** Imports rows held as values (the bulk benchmark, tests) through the one import path. */
export async function importCsv(
  userId: string,
  input: { fileName: string; rows: Record<string, unknown>[]; columns?: string[]; final?: boolean },
): Promise<CsvFileJson | CsvFileSummary> {
  const answer = await importCsvRequest(userId, jsonRequest(input));
  return JSON.parse(typeof answer === "string" ? answer : await new Response(answer).text()) as CsvFileJson;
}

/** Appends rows held as values through the one import path. */
export function appendRows(
  userId: string,
  fileId: string,
  input: { rows: Record<string, unknown>[]; final?: boolean },
): Promise<CsvFileSummary> {
  return appendRowsRequest(userId, fileId, jsonRequest(input));
}

interface StreamedBody {
  scanner: JsonRowsScanner;
  /** Rows the scanner completed while the start of the body was read. */
  first: string[];
  rest: AsyncGenerator<string>;
}

/**
 * Reads the body up to its `rows` array. A body the scanner cannot follow (not an object, no `rows`
 * array, broken JSON) is parsed whole and checked by `schema`, which answers its 400; one that passes
 * (nothing known does) takes the same path again as canonical JSON text.
 */
async function openRows(req: Request, schema: z.ZodType): Promise<StreamedBody> {
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
  let whole: unknown = {};
  try {
    if (text.trim() !== "") whole = JSON.parse(text);
  } catch {
    throw new AppError("invalid_input", MALFORMED_JSON);
  }
  const valid: unknown = parseValue(whole, schema);
  return openRows(jsonRequest(valid), schema);
}

/** The JSON texts of a one-request import's rows as stored, and which of them have exactly the first row's keys. */
interface KeptRows {
  texts: string[];
  firstKeys: string[];
  sameKeys: boolean[];
}

/**
 * Streams the body's rows into the database at positions `startPosition…` (`rowSink`); answers the
 * count, the column names in order of first appearance, the other top-level members, and (`keep`)
 * the rows' JSON texts for the answer.
 */
async function streamRows(
  tx: Tx,
  fileId: string,
  startPosition: number,
  existingRows: number,
  body: StreamedBody,
  keep: boolean,
) {
  const sink = rowSink(tx, fileId, startPosition);
  const keys = new Set<string>();
  const kept: KeptRows = { texts: [], firstKeys: [], sameKeys: [] };
  let count = 0;
  const take = (text: string) => {
    let input: unknown;
    try {
      input = JSON.parse(text);
    } catch {
      throw new AppError("invalid_input", MALFORMED_JSON);
    }
    const result = readRow(input);
    if ("error" in result) throw new AppError("invalid_input", rowErrorText(result, `rows.${count}`));
    count++;
    if (count > CSV_LIMITS.maxRows) throw new AppError("invalid_input", ROWS_MESSAGES.tooMany);
    assertRowLimit(existingRows + count);
    const first = kept.firstKeys;
    let k = 0;
    let same = true;
    for (const key in result.row) {
      keys.add(key);
      if (count === 1) first.push(key);
      else if (same && first[k] !== key) same = false;
      k++;
    }
    // As it came, unless a cell was cleaned or turned into text, or the text holds a raw tab or line break
    // (JSON whitespace between tokens, which COPY's text format would read as a separator).
    const json = result.changed || /[\t\n\r]/.test(text) ? JSON.stringify(result.row) : text;
    if (keep) {
      kept.texts.push(json);
      kept.sameKeys.push(same && k === first.length);
    }
    return sink.add(json);
  };
  try {
    // take answers a promise only when the sink waits for the database: no microtask per row otherwise.
    const takeAll = async (texts: string[]) => {
      for (const text of texts) {
        const wait = take(text);
        if (wait) await wait;
      }
    };
    await takeAll(body.first);
    for await (const piece of body.rest) {
      let texts: string[];
      try {
        texts = body.scanner.push(piece);
      } catch {
        throw new AppError("invalid_input", MALFORMED_JSON);
      }
      await takeAll(texts);
    }
    let members: Record<string, unknown>;
    try {
      members = body.scanner.members();
    } catch {
      throw new AppError("invalid_input", MALFORMED_JSON);
    }
    await sink.finish();
    return { count, keys: [...keys], members, kept };
  } catch (error) {
    await body.rest.return(undefined).catch(() => undefined);
    await sink.abort(error);
    throw error;
  }
}

/** Rows per piece of a one-request import's streamed answer. */
const ANSWER_PIECE_ROWS = 2_000;

/**
 * The answer's `rows` as JSON text in pieces of `ANSWER_PIECE_ROWS` rows: each row's stored text where it
 * has exactly the file's columns in order (the usual case: every row has the first row's keys, and those
 * are the columns), else the row completed to every column in order ("" when empty), as `completeRows`
 * does. A piece's texts are released once it is made.
 */
function* rowsTextPieces(columns: string[], kept: KeptRows): Generator<string> {
  // Integer-like names are ordered first by JavaScript objects whatever the text says: complete every row.
  const direct =
    columns.length === kept.firstKeys.length &&
    columns.every((c, i) => c === kept.firstKeys[i] && !/^(0|[1-9]\d*)$/.test(c));
  const { texts, sameKeys } = kept;
  for (let start = 0; start < texts.length; start += ANSWER_PIECE_ROWS) {
    const end = Math.min(start + ANSWER_PIECE_ROWS, texts.length);
    const parts: string[] = [];
    for (let i = start; i < end; i++) {
      const text = texts[i]!;
      parts.push(
        direct && sameKeys[i]
          ? text
          : JSON.stringify(completeRows(columns, [JSON.parse(text) as Record<string, string>])[0]),
      );
      texts[i] = "";
    }
    yield parts.join(",");
  }
}
