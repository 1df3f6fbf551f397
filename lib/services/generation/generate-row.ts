import "server-only";
import { generateStructured } from "@/lib/ai/generate";
import { classifyProviderError } from "@/lib/ai/errors";
import { fillPrompt } from "@/lib/ai/prompt-variables";
import { cellsForError, extraColumnsOf, isFailedRow, outputFieldsOf } from "@/lib/ai/result";
import { checkedCells, openingsOfRows } from "@/lib/services/quality/row-flags";
import type { UserRow } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import {
  ensureGeneratedColumns,
  rowsOfFile,
  writeGeneratedCells,
  type GenerationRow,
} from "@/lib/services/csv/generated-cells";
import { ownedCsvFile } from "@/lib/services/csv/ownership";
import { getCredits, refundCredits, reserveCredits, TRIAL_ENDED_MESSAGE } from "@/lib/services/credits/credits";
import { recordCallUsage } from "@/lib/services/usage/record-usage";
import { providerErrorToAppError, RESULT_NOT_SAVED } from "./provider-errors";
import { assertVariablesPresent, resolveRunSettings } from "./run-settings";
import type { GenerateInput } from "./schemas";
import type { GenerateJson } from "@/lib/responses/generation";

interface PickedRow {
  data: Record<string, string>;
  stored?: GenerationRow;
  fileId?: string;
  columns: string[];
  index: number;
  openings?: Map<string, number>;
}

type RunSettings = Awaited<ReturnType<typeof resolveRunSettings>>;
/** The credit taken for the row: null when the row is free. */
type CreditHold = { day: string; amount: number } | null;

/** The row to generate for: from the saved CSV when `csvId` is given, else from `data`. */
async function pickRow(userId: string, input: GenerateInput): Promise<PickedRow> {
  const index = input.selectedRowIndex ?? 0;
  const sent = Array.isArray(input.data) ? input.data[index] : input.data;
  if (input.csvId) {
    const file = await ownedCsvFile(userId, input.csvId);
    const rows = await rowsOfFile(file.id);
    const stored = rows[index];
    if (!stored) throw new AppError("invalid_input", `Row ${index + 1} does not exist in this CSV file`);
    const data = { ...stored.data, ...(sent ?? {}) };
    return { data, stored, fileId: file.id, columns: file.columns, index, openings: openingsOfRows(rows, index) };
  }
  if (!sent) throw new AppError("invalid_input", "No row to generate for: send data and selectedRowIndex, or csvId");
  return { data: sent, columns: Object.keys(sent), index };
}

/**
 * Takes the row's credit (403 'Daily credit limit reached' when none is left). Free only when the server itself
 * recorded the last generation of this row as failed (the cells alone could be edited to look failed).
 */
async function takeRowCredit(
  user: UserRow,
  input: GenerateInput,
  stored: GenerationRow | undefined,
): Promise<CreditHold> {
  const freeRetry = Boolean(input.isRetry && stored?.generationFailed && isFailedRow(stored.data));
  if (freeRetry) return null;
  const reserved = await reserveCredits(user, 1);
  if (!reserved.ok) {
    throw new AppError(
      "daily_credit_limit",
      reserved.reason === "trial-ended" ? TRIAL_ENDED_MESSAGE : "Daily credit limit reached",
      {
        availableCredits: reserved.available,
        requestedCredits: 1,
      },
    );
  }
  return reserved;
}

/**
 * The provider call. Only it is classified as a provider failure: a database error must never reach the row or
 * the answer as "provider request failed: <SQL>". A failure gives the credit back and marks the stored row failed.
 */
async function callProvider(
  userId: string,
  settings: RunSettings,
  row: PickedRow,
  reservation: CreditHold,
): Promise<Awaited<ReturnType<typeof generateStructured>>> {
  try {
    return await generateStructured({ ...settings, prompt: fillPrompt(settings.prompt, row.data) });
  } catch (error) {
    if (reservation) await refundCredits(userId, reservation.day, reservation.amount);
    const classified = classifyProviderError(error, settings.provider, settings.model);
    if (row.fileId && row.stored) {
      const { fileId, stored } = row;
      await ensureGeneratedColumns(fileId)
        .then(() => writeGeneratedCells(fileId, stored.id, cellsForError(classified.message), undefined, true))
        .catch((writeError) =>
          console.error(`[generate] could not mark row ${stored.id} of ${fileId} as failed`, writeError),
        );
    }
    throw providerErrorToAppError(classified);
  }
}

/**
 * `POST /ai/generate`: one row. Trial users spend a credit (403 'Daily credit limit reached' when
 * none is left); a retry of a failed row is free. The result is written to the CSV row.
 */
export async function generateRow(user: UserRow, input: GenerateInput): Promise<GenerateJson> {
  const settings = await resolveRunSettings(user.id, input);
  const row = await pickRow(user.id, input);
  assertVariablesPresent(settings.prompt, row.columns);

  const reservation = await takeRowCredit(user, input, row.stored);
  const startedAt = Date.now();
  const result = await callProvider(user.id, settings, row, reservation);
  // Billed by the provider whatever comes next (an unparseable answer, a failed write): recorded first.
  const usage = await recordCallUsage(
    { kind: "single", userId: user.id, csvFileId: row.fileId ?? null, rowId: row.stored?.id ?? null },
    settings,
    result,
    startedAt,
  );
  const outputFields = outputFieldsOf(settings.schema);
  const research = settings.useCase === "web_research";
  const { cells, answer, flags } = checkedCells(result.output, {
    fields: outputFields,
    useCase: settings.useCase,
    sources: result.sources,
    rules: settings.qualityRules,
    openings: row.openings,
    rowIndex: row.index,
    input: { data: row.data, template: settings.prompt },
  });
  // An answer that is not a JSON object is a failed row: "(Parse Error)", credit given back.
  const refunded = !result.output && reservation !== null;
  if (refunded && reservation) await refundCredits(user.id, reservation.day, reservation.amount);
  if (row.fileId && row.stored) {
    try {
      await ensureGeneratedColumns(row.fileId, extraColumnsOf(outputFields, research));
      await writeGeneratedCells(row.fileId, row.stored.id, cells, undefined, isFailedRow(cells), flags);
    } catch (error) {
      // The database text (SQL, parameters) stays in the log; the caller gets its credit back.
      console.error(`[generate] could not save the result of row ${row.stored.id} of ${row.fileId}`, error);
      if (reservation && !refunded) await refundCredits(user.id, reservation.day, reservation.amount);
      throw new AppError("internal", RESULT_NOT_SAVED);
    }
  }
  const { credits } = await getCredits(user);
  return {
    ...answer,
    credits,
    row: { ...row.data, ...cells },
    usage,
    flags,
    sources: research ? (result.sources ?? []) : null,
  };
}
