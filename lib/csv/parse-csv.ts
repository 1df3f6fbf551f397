import Papa from "papaparse";
import { escapeFormula } from "./escape-formula";
import { CSV_LIMITS, formatCount } from "./limits";

export type ColumnType = "number" | "date" | "text";

export interface ParsedCsv {
  columns: string[];
  rows: Record<string, string>[];
  columnTypes: Record<string, ColumnType>;
  /** Header cells that were blank or repeated, and the names they were given. */
  renamedColumns: { original: string; name: string }[];
  delimiter: string;
  encoding: "utf-8" | "utf-16le" | "utf-16be" | "windows-1252";
  droppedEmptyRows: number;
}

/**
 * A file that could not be read. `code` "invalid": the message says what is wrong with the file; "unreadable": the
 * parser itself failed (its worker crashed), with no reason to give.
 */
export class CsvParseError extends Error {
  readonly code: "invalid" | "unreadable";
  constructor(message: string, code: CsvParseError["code"] = "invalid") {
    super(message);
    this.name = "CsvParseError";
    this.code = code;
  }
}

/** Text of a file: BOMs stripped, UTF-8 when valid, else Windows-1252 (Excel's default on Windows). */
export function decodeCsvBytes(bytes: Uint8Array): { text: string; encoding: ParsedCsv["encoding"] } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: new TextDecoder("utf-8").decode(bytes.subarray(3)), encoding: "utf-8" };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: new TextDecoder("utf-16le").decode(bytes.subarray(2)), encoding: "utf-16le" };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { text: new TextDecoder("utf-16be").decode(bytes.subarray(2)), encoding: "utf-16be" };
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8" };
  } catch {
    return { text: new TextDecoder("windows-1252").decode(bytes), encoding: "windows-1252" };
  }
}

/** Blank header cells become "Column N"; repeated names get " (2)", " (3)"... */
export function uniqueHeaders(raw: string[]): { columns: string[]; renamed: ParsedCsv["renamedColumns"] } {
  const used = new Set<string>();
  const renamed: ParsedCsv["renamedColumns"] = [];
  const columns = raw.map((cell, i) => {
    const original = cell.trim();
    let name = original || `Column ${i + 1}`;
    for (let n = 2; used.has(name); n++) name = `${original || `Column ${i + 1}`} (${n})`;
    used.add(name);
    if (name !== original) renamed.push({ original, name });
    return name;
  });
  return { columns, renamed };
}

const NUMBER = /^-?(\d+|\d{1,3}(,\d{3})+)(\.\d+)?$|^-?\d+(,\d+)?$/;
const DATE = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2})?)?$|^\d{1,2}\/\d{1,2}\/\d{2,4}$/;

/** A column's type from its non-empty values (values themselves stay text, exactly as in the file). */
export function inferColumnType(values: string[]): ColumnType {
  const filled = values.map((v) => v.trim()).filter(Boolean);
  if (filled.length === 0) return "text";
  if (filled.every((v) => NUMBER.test(v))) return "number";
  if (filled.every((v) => DATE.test(v))) return "date";
  return "text";
}

/** Parses CSV text: header row gives the names, delimiter detected, all-empty rows dropped. */
export function parseCsvText(text: string, encoding: ParsedCsv["encoding"] = "utf-8"): ParsedCsv {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (!body.trim()) throw new CsvParseError("The file is empty");
  // Only truly blank lines are skipped here: rows of empty cells (",,,") are dropped and counted below.
  const result = Papa.parse<string[]>(body, {
    header: false,
    skipEmptyLines: true,
    delimitersToGuess: [",", ";", "\t", "|"],
  });
  const fatal = result.errors.find((e) => e.type === "Quotes" && e.code === "MissingQuotes");
  if (fatal) throw new CsvParseError(`Unclosed quote on row ${fatal.row ?? "?"}`);
  const isBlank = (record: string[]) => record.every((v) => !v || !v.trim());
  const start = result.data.findIndex((r) => !isBlank(r));
  const [header, ...records] = start < 0 ? [] : result.data.slice(start);
  if (!header) throw new CsvParseError("The file has no header row");
  let width = header.length;
  for (const record of records) if (record.length > width && !isBlank(record)) width = record.length;
  if (width > CSV_LIMITS.maxColumns)
    throw new CsvParseError(`The file has ${width} columns; the limit is ${CSV_LIMITS.maxColumns}.`);
  const paddedHeader = [...header, ...Array.from({ length: width - header.length }, () => "")];
  const { columns, renamed } = uniqueHeaders(paddedHeader);
  let dropped = 0;
  const rows: Record<string, string>[] = [];
  for (const record of records) {
    if (isBlank(record)) {
      dropped++;
      continue;
    }
    const row: Record<string, string> = {};
    columns.forEach((name, i) => (row[name] = record[i] ?? ""));
    rows.push(row);
  }
  if (rows.length > CSV_LIMITS.maxRows) {
    throw new CsvParseError(
      `The file has ${formatCount(rows.length)} rows; the limit is ${formatCount(CSV_LIMITS.maxRows)} rows per file. Split it into smaller files.`,
    );
  }
  const columnTypes = Object.fromEntries(
    columns.map((c) => [c, inferColumnType(rows.slice(0, 1000).map((r) => r[c]!))]),
  );
  return {
    columns,
    rows,
    columnTypes,
    renamedColumns: renamed,
    delimiter: result.meta.delimiter,
    encoding,
    droppedEmptyRows: dropped,
  };
}

/** Whole pipeline for a file's bytes, with the size limit checked first. */
export function parseCsvBytes(bytes: Uint8Array): ParsedCsv {
  if (bytes.byteLength > CSV_LIMITS.maxFileBytes) {
    throw new CsvParseError(
      `The file is larger than the ${CSV_LIMITS.maxFileBytes / 1024 / 1024} MB limit (${(bytes.byteLength / 1024 / 1024).toFixed(2)} MB). Split it into smaller files.`,
    );
  }
  const { text, encoding } = decodeCsvBytes(bytes);
  return parseCsvText(text, encoding);
}

/**
 * CSV text of a table (for "Export as CSV"), with a BOM so that Excel reads UTF-8. Headers and
 * cells that a spreadsheet would run as a formula are neutralised (see `escapeFormula`).
 */
export function toCsvText(columns: string[], rows: Record<string, string>[]): string {
  const fields = columns.map(escapeFormula);
  const data = rows.map((r) => columns.map((c) => escapeFormula(String(r[c] ?? ""))));
  return "\ufeff" + Papa.unparse({ fields, data }, { newline: "\r\n" });
}
