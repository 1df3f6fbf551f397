import "server-only";
import type { ApprovedExample } from "@/lib/ai/examples";
import { extraColumnsOf, outputFieldsOf } from "@/lib/ai/result";
import { selectRowIndices } from "@/lib/ai/row-selection";
import { AppError } from "@/lib/errors";
import type { QualityRules } from "@/lib/quality/rules-schema";
import { getAiSettings } from "@/lib/services/ai-config/ai-config";
import { rowsOfFile, type StoredRow } from "@/lib/services/csv/generated-cells";
import { ownedCsvFile } from "@/lib/services/csv/ownership";
import { approvedExamples } from "@/lib/services/quality/approved-examples";
import { assertVariablesPresent, resolveRunSettings, type RunSettings } from "./run-settings";
import type { BulkInput } from "./schemas";

const NO_ROWS_MATCH = "No rows match the criteria";

/** What a bulk run, its estimate and its preview would run: the same checks and the same rows. */
export interface RunPlan {
  settings: RunSettings;
  fileId: string;
  rows: StoredRow[];
  /** 0-based indices of the rows to generate, in file order. */
  indices: number[];
  /** Approved rows the selection left out (overwriteApproved not set). */
  skippedApproved: number;
  qualityRules: QualityRules;
  examples: ApprovedExample[];
  maxCostUsd: number | null;
  /** Columns the run adds besides the spec's three: extra output fields, and Sources for web research. */
  extraColumns: string[];
  outputFields: string[];
}

/**
 * Resolves a bulk payload against the saved configuration and the file: settings, rows (rowsToProcess,
 * then Only Run If, then maxRows; approved rows skipped unless `overwriteApproved`), quality rules,
 * examples. `preview` takes the first 3 selected rows (or the named ones) and never skips approved rows.
 */
export async function planRun(userId: string, input: BulkInput, options: { preview?: boolean } = {}): Promise<RunPlan> {
  const settings = await resolveRunSettings(userId, input);
  if (!input.csvId)
    throw new AppError("invalid_input", "csvId is required: bulk generation writes into a saved CSV file");
  const file = await ownedCsvFile(userId, input.csvId);
  assertVariablesPresent(settings.prompt, file.columns);
  const rows = await rowsOfFile(file.id);
  const saved = await getAiSettings(userId);
  const onlyRunIf = input.onlyRunIf ?? saved.onlyRunIf;
  let indices: number[];
  let skippedApproved = 0;
  if (options.preview) {
    // The rows selected in the table as they are, else the first 3 rows the condition selects.
    indices = Array.isArray(input.rowsToProcess)
      ? selectRowIndices(rows, { rowsToProcess: input.rowsToProcess }).slice(0, 5)
      : selectRowIndices(rows, { onlyRunIf }).slice(0, 3);
  } else {
    indices = selectRowIndices(rows, {
      rowsToProcess: input.rowsToProcess,
      onlyRunIf,
      maxRows: input.maxRows ?? (input.rowsToProcess === undefined ? saved.maxRows : undefined),
    });
    if (!input.overwriteApproved) {
      const kept = indices.filter((i) => !rows[i]!.approved);
      skippedApproved = indices.length - kept.length;
      indices = kept;
    }
  }
  if (indices.length === 0) throw new AppError("invalid_input", NO_ROWS_MATCH);
  const outputFields = outputFieldsOf(settings.schema);
  return {
    settings,
    fileId: file.id,
    rows,
    indices,
    skippedApproved,
    qualityRules: settings.qualityRules,
    examples: input.useApprovedExamples ? await approvedExamples(file.id) : [],
    maxCostUsd: input.maxCostUsd !== undefined ? input.maxCostUsd : saved.maxCostUsd,
    extraColumns: extraColumnsOf(outputFields, settings.useCase === "web_research"),
    outputFields,
  };
}
