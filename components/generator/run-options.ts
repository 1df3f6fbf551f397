import type { AiSettings } from "@/lib/ai/defaults";
import type { RunMode } from "@/lib/services/generation/run-mode";
import type { BulkInput, PreviewInput } from "@/lib/services/generation/schemas";

/*
 * The run options and the payloads built from them, without UI: the generator page needs these
 * at once, the AI Configuration dialog (save-run-menu.tsx, loaded on demand) shows them.
 */

/** The run options of the AI Configuration dialog (all off by default). */
export interface RunOptions {
  /** Adds up to 3 of the file's approved rows to the prompt as examples. */
  useApprovedExamples: boolean;
  /** Lets the run overwrite approved rows (otherwise they are skipped). */
  overwriteApproved: boolean;
  /** Standard (default) or the provider's Batch API (run-mode-field.tsx). */
  mode?: RunMode;
  /** Runs the rows whose address failed its check too (otherwise they are skipped). */
  includeInvalidEmails?: boolean;
  /** Skips the rows where a variable the prompt uses without a fallback is empty. */
  skipThinRows?: boolean;
}

export const DEFAULT_RUN_OPTIONS: RunOptions = {
  useApprovedExamples: false,
  overwriteApproved: false,
  mode: "standard",
  includeInvalidEmails: false,
  skipThinRows: false,
};

export type Settings = Omit<AiSettings, "maxRows" | "maxCostUsd">;

/** The payload fields of the run options: sent only when on (mode only when "batch"). */
export function runOptionFields(
  options: RunOptions | undefined,
): Pick<BulkInput, "useApprovedExamples" | "overwriteApproved" | "mode" | "includeInvalidEmails" | "skipThinRows"> {
  return {
    ...(options?.useApprovedExamples ? { useApprovedExamples: true } : {}),
    ...(options?.overwriteApproved ? { overwriteApproved: true } : {}),
    ...(options?.mode === "batch" ? { mode: "batch" as const } : {}),
    ...(options?.includeInvalidEmails ? { includeInvalidEmails: true } : {}),
    ...(options?.skipThinRows ? { skipThinRows: true } : {}),
  };
}

/** What a preview and a bulk run send from the generator's settings alike. */
function runSettingsOf(settings: Settings, connectionId: string, csvId: string) {
  return {
    prompt: settings.prompt,
    jsonSchema: settings.jsonSchema,
    model: settings.selectedModel,
    useCase: settings.useCase,
    connectionId,
    csvId,
    onlyRunIf: settings.onlyRunIf,
  };
}

/** The dialog's settings as a preview payload (no rowsToProcess: the server previews the first 3 selected). */
export function previewPayloadOf(
  settings: Settings,
  csvId: string | undefined,
  options: RunOptions,
): PreviewInput | null {
  if (!csvId || !settings.prompt.trim() || !settings.connectionId) return null;
  return {
    ...runSettingsOf(settings, settings.connectionId, csvId),
    ...(settings.qualityRules ? { qualityRules: settings.qualityRules } : {}),
    // A preview runs at once, in standard mode.
    ...runOptionFields({ ...options, mode: "standard" }),
  };
}

/**
 * The bulk payload a run of these rows (by id) would send (as use-generation builds it). `maxCostUsd`: the
 * cap typed in the dialog (undefined: not sent, the saved configuration's applies).
 */
export function bulkPayloadOf(
  settings: Settings,
  csvId: string | undefined,
  rowIds: number[],
  options: RunOptions,
  maxCostUsd?: number | null,
): BulkInput | null {
  if (!csvId || rowIds.length === 0 || !settings.prompt.trim() || !settings.connectionId) return null;
  return {
    ...runSettingsOf(settings, settings.connectionId, csvId),
    rowIds,
    ...(maxCostUsd !== undefined ? { maxCostUsd } : {}),
    ...runOptionFields(options),
  };
}
