import { onlyRunIfFilter } from "./prompt-variables";

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
