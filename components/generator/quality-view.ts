"use client";

import { useMemo, useState } from "react";
import { messageOf } from "@/lib/client/api";
import { useApproveRow, useFileQuality, type QualityRowJson } from "@/lib/client/queries/quality";
import { hasBlockingFlag } from "@/lib/quality/rules";
import type { CsvTable, TableRow } from "./csv-store";

const NO_ROWS: TableRow[] = [];
const NO_QUALITY: ReadonlyMap<number, QualityRowJson> = new Map();

/**
 * The quality side of the generator's table: each generated row's flags and approval (by row id),
 * the "Flagged rows" filter, the rows a regeneration of the flagged rows would cover, and the rows
 * with blocking flags that an export leaves out by default.
 */
export function useQualityView(table: CsvTable | null, onError: (text: string) => void) {
  const csvId = table?.id ?? null;
  const quality = useFileQuality(csvId);
  const approve = useApproveRow(csvId);
  const [flaggedOnly, setFlaggedOnly] = useState(false);
  const rows = table?.rows ?? NO_ROWS;

  const byRowId = useMemo(
    () => (quality.data ? new Map(quality.data.rows.map((r) => [r.rowId, r])) : NO_QUALITY),
    [quality.data],
  );
  const indexById = useMemo(() => new Map(rows.map((r, i) => [r.id, i])), [rows]);
  const flaggedRows = useMemo(() => rows.filter((r) => (byRowId.get(r.id)?.flags.length ?? 0) > 0), [rows, byRowId]);
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
    /** The rows the table shows: all, or only the flagged ones. */
    visibleRows: flaggedOnly ? flaggedRows : rows,
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

export type QualityView = ReturnType<typeof useQualityView>;
