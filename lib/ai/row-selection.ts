import { EMAIL_STATUS_COLUMN, isFailedEmailStatus } from "@/lib/csv/email-status";
import { emptyVariablesCheck, onlyRunIfFilter } from "./prompt-variables";

export interface RowSelection {
  /** 0-based indices, or N for the first N rows; all rows when absent. */
  rowsToProcess?: number[] | number;
  onlyRunIf?: string;
  maxRows?: number;
}

/** Which rows a run covers: rowsToProcess, then Only Run If, then maxRows (same in browser and server). */
export function selectRowIndices(rows: { data: Record<string, string> }[], input: RowSelection): number[] {
  let indices: number[];
  if (Array.isArray(input.rowsToProcess))
    indices = [...new Set(input.rowsToProcess)].filter((i) => i < rows.length).sort((a, b) => a - b);
  else if (typeof input.rowsToProcess === "number")
    indices = Array.from({ length: Math.min(input.rowsToProcess, rows.length) }, (_, i) => i);
  else indices = rows.map((_, i) => i);
  const keep = onlyRunIfFilter(input.onlyRunIf ?? "");
  if (keep) indices = indices.filter((i) => keep(rows[i]!.data));
  if (input.maxRows !== undefined) indices = indices.slice(0, input.maxRows);
  return indices;
}

/** The payload fields that decide which selected rows are left out. */
export interface SkipOptions {
  /** Keeps rows whose Email Status failed the address check (default: they are left out). */
  includeInvalidEmails?: boolean;
  /** Leaves out rows where a variable the prompt uses without a fallback is empty. */
  skipThinRows?: boolean;
}

export interface RowsToRun {
  /** The rows that will really run, in the order given. */
  indices: number[];
  skipped: { invalidEmail: number; thinInput: number };
  /** Rows (past the address check) whose prompt lacks a value, left out or not. */
  thinRows: number;
  /** The column most of them lack, and how many lack it (null: no thin row). */
  thinColumn: { name: string; rows: number } | null;
}

/**
 * The selected rows a run really covers (docs/api.md "Runs and checked addresses", "Thin input"): rows
 * whose Email Status is a failed status are left out unless `includeInvalidEmails`, then rows with an empty
 * variable when `skipThinRows`. A file without an Email Status column loses no row to the first rule. The
 * same in the browser (the Save menu's counts) and on the server (planRun).
 */
export function leaveOutRows(
  rows: readonly { data: Record<string, string> }[],
  indices: readonly number[],
  prompt: string,
  options: SkipOptions,
): RowsToRun {
  const emptyIn = emptyVariablesCheck(prompt);
  const missing = new Map<string, number>();
  const kept: number[] = [];
  let invalidEmail = 0;
  let thinRows = 0;
  for (const i of indices) {
    const data = rows[i]!.data;
    if (!options.includeInvalidEmails && isFailedEmailStatus(data[EMAIL_STATUS_COLUMN])) {
      invalidEmail++;
      continue;
    }
    const empty = emptyIn(data);
    if (empty.length > 0) {
      thinRows++;
      for (const column of empty) missing.set(column, (missing.get(column) ?? 0) + 1);
      if (options.skipThinRows) continue;
    }
    kept.push(i);
  }
  let thinColumn: RowsToRun["thinColumn"] = null;
  for (const [name, count] of missing) if (!thinColumn || count > thinColumn.rows) thinColumn = { name, rows: count };
  return {
    indices: kept,
    skipped: { invalidEmail, thinInput: options.skipThinRows ? thinRows : 0 },
    thinRows,
    thinColumn,
  };
}
