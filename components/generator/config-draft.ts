import type { AiSettings } from "@/lib/ai/defaults";

/** Maximum Rows to Process: at least 1, at most the row count, 1 when not a number. */
export function clampMaxRows(text: string, rowCount: number): number {
  const n = Number.parseInt(text, 10);
  if (!Number.isFinite(n)) return 1;
  return Math.max(1, Math.min(n, rowCount > 0 ? rowCount : 100_000));
}

/** The AI Configuration form's values: the settings, with Maximum Rows to Process and the spending cap as typed. */
export type Draft = Omit<AiSettings, "maxRows" | "maxCostUsd"> & { maxRows: string; maxCostUsd: string };

export const capText = (cap: number | null | undefined) => (cap === null || cap === undefined ? "" : String(cap));

export const draftOf = (settings: AiSettings): Draft => ({
  ...settings,
  maxRows: String(settings.maxRows),
  maxCostUsd: capText(settings.maxCostUsd),
});
