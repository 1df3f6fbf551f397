/** How a bulk run reaches the provider (client-safe: constants and pure functions only). */
export const RUN_MODES = ["standard", "batch"] as const;
export type RunMode = (typeof RUN_MODES)[number];

export const BATCH_MODE_NO_RESEARCH =
  "Batch mode cannot run web research: the providers' Batch APIs do not run web search. Choose Standard or switch the use case to content creation.";

export const BATCH_MODE_NO_SPEND_CAP =
  "A spending cap cannot be enforced in batch mode: every row is sent to the provider at once and billed when it returns. Remove the cap (maxCostUsd: null) or choose Standard.";

/** The mode stored in a batch's settings (absent: standard), without throwing. */
export function runModeOf(settings: unknown): RunMode {
  return (settings as { mode?: unknown } | null)?.mode === "batch" ? "batch" : "standard";
}
