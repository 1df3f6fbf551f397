import { CSV_LIMITS, formatCount } from "./limits";

type Row = Record<string, string>;

/** Messages of the import rules (the API's `{msg}`). */
export const ROWS_MESSAGES = {
  notArray: "rows must be an array of row objects",
  tooMany: `A file can have at most ${formatCount(CSV_LIMITS.maxRows)} rows`,
  notObject: "Each row must be an object of column names to values",
  columnTooLong: "A column name is too long",
  cellTooLong: `A cell is longer than ${formatCount(CSV_LIMITS.maxCellChars)} characters`,
} as const;

// NUL, or an unpaired UTF-16 surrogate (with the `u` flag a valid pair is one code point).
const UNSTORABLE = /[\u0000\p{Cs}]/u;
const UNSTORABLE_ALL = /[\u0000\p{Cs}]/gu;
const clean = (s: string) =>
  UNSTORABLE.test(s) ? s.replace(UNSTORABLE_ALL, (c) => (c === "\u0000" ? "" : "\uFFFD")) : s;

/** A broken rule: its message, and the column whose cell is not text (`Invalid input`, named by the caller). */
export interface RowError {
  error: string;
  column?: string;
}

/**
 * The one row validator (a file's rows, a single row, the rows sent to a webhook or to generation): a
 * plain object of column names to cells; a cell a string, or a number, boolean or null stored as text.
 * Text the database cannot store is cleaned (NUL removed, an unpaired surrogate becomes U+FFFD).
 * `changed` says whether the row differs from its input (a cell cleaned or turned into text), i.e.
 * whether the input's JSON text still says it.
 */
export function readRow(input: unknown): { row: Row; changed: boolean } | RowError {
  if (input === null || typeof input !== "object" || Array.isArray(input)) return { error: ROWS_MESSAGES.notObject };
  const row: Row = {};
  let changed = false;
  for (const rawKey in input) {
    if (!Object.prototype.hasOwnProperty.call(input, rawKey)) continue;
    const key = clean(rawKey);
    if (key.length > CSV_LIMITS.maxColumnNameChars) return { error: ROWS_MESSAGES.columnTooLong };
    const cell: unknown = (input as Record<string, unknown>)[rawKey];
    let text: string;
    if (typeof cell === "string") text = clean(cell);
    else if (cell === null) text = "";
    else if (typeof cell === "number" || typeof cell === "boolean") text = String(cell);
    else return { error: "Invalid input", column: key };
    if (text.length > CSV_LIMITS.maxCellChars) return { error: ROWS_MESSAGES.cellTooLong };
    if (text !== cell || key !== rawKey) changed = true;
    if (key === "__proto__") Object.defineProperty(row, key, { value: text, enumerable: true, writable: true });
    else row[key] = text;
  }
  // Unchanged: the input object itself (a 50,000-row import keeps one copy of its rows, not two).
  return changed ? { row, changed } : { row: input as Row, changed };
}

/**
 * Reads a request's `rows` in one pass, without a schema object per row or cell (`readRow` each).
 * Answers the rows (strings only) or the message of the first rule broken, as the zod schemas did.
 */
export function readRows(value: unknown): { rows: Row[] } | { error: string } {
  if (!Array.isArray(value)) return { error: ROWS_MESSAGES.notArray };
  if (value.length > CSV_LIMITS.maxRows) return { error: ROWS_MESSAGES.tooMany };
  const rows: Row[] = new Array(value.length);
  for (let i = 0; i < value.length; i++) {
    const result = readRow(value[i]);
    if ("error" in result) return { error: rowErrorText(result, `rows.${i}`) };
    rows[i] = result.row;
  }
  return { rows };
}

/** A broken rule as the API says it: a cell that is not text is named by its path (`rows.3.Name: Invalid input`). */
export function rowErrorText(e: RowError, path: string): string {
  return e.column === undefined ? e.error : `${path}.${e.column}: ${e.error}`;
}
