import type { EstimateJson } from "@/lib/responses/usage";
/**
 * The estimate's figures as the Save menu and the usage page show them (client-safe, pure):
 * "≈ $0.42", "< $0.01", "≈ 3 min", "< 1 min", "≈ 1 h 10 min".
 */

/** "≈ $0.42"; "< $0.01" below a cent; "≈ $1,250" from $100 up. */
export function formatCostEstimate(usd: number): string {
  if (usd < 0.01) return "< $0.01";
  const digits = usd >= 100 ? 0 : 2;
  return `≈ $${usd.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits })}`;
}

/** "< 1 min", "≈ 3 min", "≈ 1 h", "≈ 1 h 10 min" (minutes rounded). */
export function formatDurationEstimate(seconds: number): string {
  if (seconds < 60) return "< 1 min";
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `≈ ${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `≈ ${h} h ${m} min` : `≈ ${h} h`;
}

/** " · ≈ $0.42 · ≈ 3 min" after a run option; the cost is left out when unknown, "" when nothing is known. */
export function estimateSuffix(estimate: Pick<EstimateJson, "costUsd" | "durationSeconds">): string {
  const parts: string[] = [];
  if (estimate.costUsd) parts.push(formatCostEstimate(estimate.costUsd.expected));
  if (estimate.durationSeconds !== null) parts.push(formatDurationEstimate(estimate.durationSeconds));
  return parts.map((p) => ` · ${p}`).join("");
}

/** Money on the usage page: "$0.0042" below a cent, else "$12.34". */
export function formatUsd(usd: number): string {
  const digits = usd !== 0 && Math.abs(usd) < 0.01 ? 4 : 2;
  return `$${usd.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits })}`;
}

/** " · ≈ $0.21 · within 24 h" after batch mode: its cost when known; a provider batch ends within 24 h. */
export function batchEstimateSuffix(batch: Pick<EstimateJson, "costUsd">): string {
  return `${batch.costUsd ? ` · ${formatCostEstimate(batch.costUsd.expected)}` : ""} · within 24 h`;
}

/** The suffix of a run in this mode: standard as `estimateSuffix`; batch from `modes.batch` ("" when refused). */
export function runEstimateSuffix(estimate: EstimateJson, mode: "standard" | "batch"): string {
  if (mode === "standard") return estimateSuffix(estimate);
  return estimate.modes?.batch ? batchEstimateSuffix(estimate.modes.batch) : "";
}
