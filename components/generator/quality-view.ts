"use client";

import { useMemo, useState } from "react";
import { messageOf } from "@/lib/client/api";
import { useApproveRow, useFileQuality, type QualityRowJson } from "@/lib/client/queries/quality";
import { EMAIL_STATUS_COLUMN, isFailedEmailStatus } from "@/lib/csv/email-status";
import { hasBlockingFlag } from "@/lib/quality/rules";
import type { CsvTable, TableRow } from "./csv-store";

const NO_ROWS: TableRow[] = [];
const NO_QUALITY: ReadonlyMap<number, QualityRowJson> = new Map();

/**
 * The quality side of the generator's table: each generated row's flags and approval (by row id),
 * the "Flagged rows" filter, the rows a regeneration of the flagged rows would cover, and the rows
 * with blocking flags that an export leaves out by default. Also the "Failed address check" filter
 * (rows whose Email Status is one that runs and pushes leave out). The two filters combine: with
 * both on, the table shows the rows that are flagged and failed the address check.
 */
export function useQualityView(table: CsvTable | null, onError: (text: string) => void) {
  const csvId = table?.id ?? null;
  const quality = useFileQuality(csvId);
  const approve = useApproveRow(csvId);
  const [flaggedOnly, setFlaggedOnly] = useState(false);
  const [failedEmailChosen, setFailedEmailOnly] = useState(false);
  const rows = table?.rows ?? NO_ROWS;
  const hasEmailStatus = table?.columns.includes(EMAIL_STATUS_COLUMN) ?? false;
  // The filter is off while the file has no Email Status column (its checkbox is hidden then).
  const failedEmailOnly = failedEmailChosen && hasEmailStatus;

  const byRowId = useMemo(
    () => (quality.data ? new Map(quality.data.rows.map((r) => [r.rowId, r])) : NO_QUALITY),
    [quality.data],
  );
  const indexById = useMemo(() => new Map(rows.map((r, i) => [r.id, i])), [rows]);
  const flaggedRows = useMemo(() => rows.filter((r) => (byRowId.get(r.id)?.flags.length ?? 0) > 0), [rows, byRowId]);
  const failedEmailRows = useMemo(
    () => (hasEmailStatus ? rows.filter((r) => isFailedEmailStatus(r.data[EMAIL_STATUS_COLUMN])) : NO_ROWS),
    [rows, hasEmailStatus],
  );
  const visibleRows = useMemo(() => {
    if (!failedEmailOnly) return flaggedOnly ? flaggedRows : rows;
    if (!flaggedOnly) return failedEmailRows;
    const failed = new Set(failedEmailRows.map((r) => r.id));
    return flaggedRows.filter((r) => failed.has(r.id));
  }, [rows, flaggedRows, failedEmailRows, flaggedOnly, failedEmailOnly]);
  const blockedRowIds = useMemo(
    () => new Set(rows.filter((r) => hasBlockingFlag(byRowId.get(r.id)?.flags ?? [])).map((r) => r.id)),
    [rows, byRowId],
  );

  return {
    /** Flags and approval of a generated row; undefined for a row without output. */
    of: (row: TableRow) => byRowId.get(row.id),
    /** A row's 0-based index in the file (the number shown, less one), whatever the filter shows. */
    indexOf: (row: TableRow) => indexById.get(row.id) ?? -1,
    flaggedOnly,
    setFlaggedOnly,
    flaggedRows,
    /** The file has an Email Status column (the address checks wrote one): the failed-address filter is offered. */
    hasEmailStatus,
    failedEmailOnly,
    setFailedEmailOnly,
    /** Rows whose Email Status is a failed one (invalid, no_mx, disposable, spamtrap, abuse, do_not_mail). */
    failedEmailRows,
    /** The rows the table shows: all, or those the filters on keep (flagged, failed address check, or both). */
    visibleRows,
    /** What the table says when the filters keep no row. */
    emptyText: emptyText(flaggedOnly, failedEmailOnly),
    blockedRowIds,
    /** Flagged rows that are approved: a regeneration skips them unless told to overwrite them. */
    approvedFlagged: flaggedRows.filter((r) => byRowId.get(r.id)?.approved).length,
    toggleApproved(row: TableRow) {
      const current = byRowId.get(row.id);
      if (!current) return;
      approve.mutate(
        { rowId: row.id, approved: !current.approved },
        { onError: (error) => onError(messageOf(error, "Failed to save the approval. Please try again.")) },
      );
    },
  };
}

function emptyText(flaggedOnly: boolean, failedEmailOnly: boolean): string {
  if (flaggedOnly && failedEmailOnly) return "No row is both flagged and failed the address check.";
  if (failedEmailOnly) return "No failed addresses: no row's Email Status says the address cannot receive mail.";
  return "No flagged rows: no generated row has a quality flag.";
}

export type QualityView = ReturnType<typeof useQualityView>;
