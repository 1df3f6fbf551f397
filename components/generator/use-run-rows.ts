"use client";

import { useMemo } from "react";
import { leaveOutRows, selectRowIndices, type RowsToRun } from "@/lib/ai/row-selection";
import type { TableRow } from "./csv-store";
import type { RunOptions } from "./run-options";

/** What "Save and run N rows" leaves out or warns about (the Save menu's notes). */
export interface RunSkips {
  /** Rows whose address failed its check (left out unless `includeInvalidEmails`). */
  failedAddresses: number;
  /** Rows where a variable the prompt uses without a fallback is empty (left out with `skipThinRows`). */
  thinRows: number;
  thinColumn: RowsToRun["thinColumn"];
}

const rowsText = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "row" : "rows"}`;

/** "61 rows skipped: failed address check"; included: "61 rows included despite a failed address check". */
export function failedAddressNote(count: number, included: boolean): string {
  return included
    ? `${rowsText(count)} included despite a failed address check`
    : `${rowsText(count)} skipped: failed address check`;
}

/**
 * "18 rows lack Company" (the column most of them lack), "20 rows lack a value (18 lack Company)"; with
 * ": skipped" when they are left out.
 */
export function thinRowsNote(skips: Pick<RunSkips, "thinRows" | "thinColumn">, skipped: boolean): string {
  const { thinRows, thinColumn } = skips;
  const lack = (n: number) => (n === 1 ? "lacks" : "lack");
  const text =
    !thinColumn || thinColumn.rows === thinRows
      ? `${rowsText(thinRows)} ${lack(thinRows)} ${thinColumn?.name ?? "a value"}`
      : `${rowsText(thinRows)} ${lack(thinRows)} a value (${thinColumn.rows.toLocaleString("en-US")} ${lack(thinColumn.rows)} ${thinColumn.name})`;
  return skipped ? `${text}: skipped` : text;
}

/**
 * The rows the AI Configuration dialog's runs and preview would really cover, as the server chooses them
 * (plan-run.ts): Only Run If and the row limit, approved rows unless overwritten, then rows with a failed
 * address check (unless included) and rows with thin input (when skipped).
 */
export function useRunRows(args: {
  rows: TableRow[];
  approvedIds: ReadonlySet<number>;
  prompt: string;
  onlyRunIf: string;
  maxRows: number;
  options: RunOptions;
  visibleRowIndices: () => number[];
}) {
  const { rows, approvedIds, prompt, onlyRunIf, maxRows, options } = args;
  const { overwriteApproved, includeInvalidEmails, skipThinRows } = options;
  const isApproved = (i: number) => approvedIds.has(rows[i]!.id);
  const unlessApproved = (indices: number[]) => (overwriteApproved ? indices : indices.filter((i) => !isApproved(i)));
  const skipOptions = { includeInvalidEmails, skipThinRows };

  const all = useMemo(() => {
    const selected = selectRowIndices(rows, { onlyRunIf, maxRows });
    const unapproved = selected.filter((i) => !approvedIds.has(rows[i]!.id));
    const candidates = overwriteApproved ? selected : unapproved;
    const run = leaveOutRows(rows, candidates, prompt, { includeInvalidEmails, skipThinRows });
    const failedAddresses = includeInvalidEmails
      ? leaveOutRows(rows, candidates, prompt, {}).skipped.invalidEmail
      : run.skipped.invalidEmail;
    // A preview covers the first 3 rows the condition selects that would run (approved ones included).
    const previewable = leaveOutRows(rows, selectRowIndices(rows, { onlyRunIf }), prompt, {
      includeInvalidEmails,
      skipThinRows,
    }).indices.length;
    return {
      indices: run.indices,
      approvedInRun: selected.length - unapproved.length,
      skips: { failedAddresses, thinRows: run.thinRows, thinColumn: run.thinColumn } satisfies RunSkips,
      previewCount: Math.min(3, previewable),
    };
  }, [rows, approvedIds, prompt, onlyRunIf, maxRows, overwriteApproved, includeInvalidEmails, skipThinRows]);

  const inView = selectRowIndices(rows, { rowsToProcess: args.visibleRowIndices(), onlyRunIf, maxRows });
  return {
    allRows: all.indices,
    viewRows: leaveOutRows(rows, unlessApproved(inView), prompt, skipOptions).indices,
    approvedInRun: all.approvedInRun,
    skips: all.skips,
    previewCount: all.previewCount,
  };
}
