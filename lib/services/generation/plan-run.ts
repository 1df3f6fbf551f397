import "server-only";
import type { ApprovedExample } from "@/lib/ai/examples";
import { extraColumnsOf, outputFieldsOf } from "@/lib/ai/result";
import { leaveOutRows, selectRowIndices, type RowsToRun } from "@/lib/ai/row-selection";
import { AppError } from "@/lib/errors";
import type { QualityRules } from "@/lib/quality/rules-schema";
import { getAiSettings } from "@/lib/services/ai-config/ai-config";
import { rowsOfFile, type GenerationRow } from "@/lib/services/csv/generated-cells";
import { ownedCsvFile } from "@/lib/services/csv/ownership";
import { approvedExamples } from "@/lib/services/quality/approved-examples";
import { assertVariablesPresent, resolveRunSettings, type RunSettings } from "./run-settings";
import type { BulkInput } from "./schemas";

const NO_ROWS_MATCH = "No rows match the criteria";

/** What a bulk run, its estimate and its preview would run: the same checks and the same rows. */
export interface RunPlan {
  settings: RunSettings;
  fileId: string;
  rows: GenerationRow[];
  /** 0-based indices of the rows to generate, in file order. */
  indices: number[];
  /** Approved rows the selection left out (overwriteApproved not set). */
  skippedApproved: number;
  /** Rows left out for a failed address check and (skipThinRows) for thin input. */
  skipped: RowsToRun["skipped"];
  /** Rows past the address check whose prompt lacks a value (left out or not). */
  thinRows: number;
  qualityRules: QualityRules;
  examples: ApprovedExample[];
  maxCostUsd: number | null;
  /** Columns the run adds besides the product's three: extra output fields, and Sources for web research. */
  extraColumns: string[];
  outputFields: string[];
}

/** The 0-based indices of the rows named by id, in file order; an id that is not a row of the file is a 400. */
export function indicesOfRowIds(rows: readonly { id: number }[], rowIds: number[]): number[] {
  const wanted = new Set(rowIds);
  const indices = rows.flatMap((row, i) => (wanted.delete(row.id) ? [i] : []));
  const [missing] = wanted;
  if (missing !== undefined) throw new AppError("invalid_input", `Row ${missing} is not a row of this file`);
  return indices;
}

type ChosenRows = RowsToRun & { skippedApproved: number };

/**
 * The rows a run covers: the named ids exactly, or rowsToProcess, then Only Run If, then maxRows;
 * approved rows are left out unless `overwriteApproved`; then rows with a failed address check (unless
 * `includeInvalidEmails`) and, with `skipThinRows`, rows with thin input (`leaveOutRows`). A preview takes
 * the named rows, else the first 3 the condition selects that would run, and never leaves approved rows out.
 */
function chooseRows(
  rows: GenerationRow[],
  input: BulkInput,
  context: { onlyRunIf: string; savedMaxRows: number; preview: boolean; prompt: string },
): ChosenRows {
  if (input.rowIds && input.rowsToProcess !== undefined)
    throw new AppError("invalid_input", "Send rowIds or rowsToProcess, not both");
  const { onlyRunIf, preview, prompt } = context;
  if (preview) {
    const named = input.rowIds !== undefined || Array.isArray(input.rowsToProcess);
    const selected = input.rowIds
      ? indicesOfRowIds(rows, input.rowIds)
      : Array.isArray(input.rowsToProcess)
        ? selectRowIndices(rows, { rowsToProcess: input.rowsToProcess })
        : selectRowIndices(rows, { onlyRunIf });
    const run = leaveOutRows(rows, selected, prompt, input);
    return { ...run, indices: run.indices.slice(0, named ? 5 : 3), skippedApproved: 0 };
  }
  const selected = input.rowIds
    ? indicesOfRowIds(rows, input.rowIds)
    : selectRowIndices(rows, {
        rowsToProcess: input.rowsToProcess,
        onlyRunIf,
        maxRows: input.maxRows ?? (input.rowsToProcess === undefined ? context.savedMaxRows : undefined),
      });
  const unapproved = input.overwriteApproved ? selected : selected.filter((i) => !rows[i]!.approved);
  return { ...leaveOutRows(rows, unapproved, prompt, input), skippedApproved: selected.length - unapproved.length };
}

/** "No rows match the criteria", with the rows the checks left out when there are any. */
function noRowsMessage({ skipped }: ChosenRows): string {
  const reasons = [
    skipped.invalidEmail > 0
      ? `${rowsText(skipped.invalidEmail)} failed the address check (includeInvalidEmails keeps them)`
      : "",
    skipped.thinInput > 0 ? `${rowsText(skipped.thinInput)} lack a value the prompt uses (skipThinRows)` : "",
  ].filter(Boolean);
  return reasons.length ? `${NO_ROWS_MATCH}: ${reasons.join("; ")}` : NO_ROWS_MATCH;
}
const rowsText = (n: number) => `${n} ${n === 1 ? "row" : "rows"}`;

/**
 * Resolves a bulk payload against the saved configuration and the file: settings, rows (`chooseRows`), quality rules,
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
  const chosen = chooseRows(rows, input, {
    onlyRunIf: input.onlyRunIf ?? saved.onlyRunIf,
    savedMaxRows: saved.maxRows,
    preview: Boolean(options.preview),
    prompt: settings.prompt,
  });
  const { indices, skippedApproved, skipped, thinRows } = chosen;
  if (indices.length === 0) throw new AppError("invalid_input", noRowsMessage(chosen));
  const outputFields = outputFieldsOf(settings.schema);
  return {
    settings,
    fileId: file.id,
    rows,
    indices,
    skippedApproved,
    skipped,
    thinRows,
    qualityRules: settings.qualityRules,
    examples: input.useApprovedExamples ? await approvedExamples(file.id) : [],
    maxCostUsd: input.maxCostUsd !== undefined ? input.maxCostUsd : saved.maxCostUsd,
    extraColumns: extraColumnsOf(outputFields, settings.useCase === "web_research"),
    outputFields,
  };
}
