import "server-only";
import { generateStructured } from "@/lib/ai/generate";
import { classifyProviderError } from "@/lib/ai/errors";
import { fillPrompt } from "@/lib/ai/prompt-variables";
import { cellsForError, cellsFromOutput, isFailedRow, type GenerationAnswer } from "@/lib/ai/result";
import type { UserRow } from "@/lib/db/schema";
import { AppError } from "@/lib/http/errors";
import { ensureGeneratedColumns, rowsOfFile, writeGeneratedCells, type StoredRow } from "@/lib/services/csv/generated-cells";
import { ownedCsvFile } from "@/lib/services/csv/ownership";
import { getCredits, refundCredits, reserveCredits, TRIAL_ENDED_MESSAGE } from "@/lib/services/credits/credits";
import { providerErrorToAppError } from "./provider-errors";
import { assertVariablesPresent, resolveRunSettings } from "./run-settings";
import type { GenerateInput } from "./schemas";

export type GenerateRowResult = GenerationAnswer & {
  credits: { daily: number | null; used: number; remaining: number | null };
  row?: Record<string, string>;
};

/** The row to generate for: from the saved CSV when `csvId` is given, else from `data`. */
async function pickRow(userId: string, input: GenerateInput): Promise<{ data: Record<string, string>; stored?: StoredRow; fileId?: string; columns: string[] }> {
  const index = input.selectedRowIndex ?? 0;
  const sent = Array.isArray(input.data) ? input.data[index] : input.data;
  if (input.csvId) {
    const file = await ownedCsvFile(userId, input.csvId);
    const stored = (await rowsOfFile(file.id))[index];
    if (!stored) throw new AppError(400, `Row ${index + 1} does not exist in this CSV file`);
    return { data: { ...stored.data, ...(sent ?? {}) }, stored, fileId: file.id, columns: file.columns };
  }
  if (!sent) throw new AppError(400, "No row to generate for: send data and selectedRowIndex, or csvId");
  return { data: sent, columns: Object.keys(sent) };
}

/**
 * `POST /ai/generate`: one row. Trial users spend a credit (403 'Daily credit limit reached' when
 * none is left); a retry of a failed row is free. The result is written to the CSV row.
 */
export async function generateRow(user: UserRow, input: GenerateInput): Promise<GenerateRowResult> {
  const settings = await resolveRunSettings(user.id, input);
  const row = await pickRow(user.id, input);
  assertVariablesPresent(settings.prompt, row.columns);

  // Free only when the server itself recorded the last generation of this row as failed
  // (the cells alone could be edited to look failed).
  const freeRetry = Boolean(input.isRetry && row.stored?.generationFailed && isFailedRow(row.stored.data));
  let reservation: { day: string; amount: number } | null = null;
  if (!freeRetry) {
    const reserved = await reserveCredits(user, 1);
    if (!reserved.ok) {
      throw new AppError(403, reserved.reason === "trial-ended" ? TRIAL_ENDED_MESSAGE : "Daily credit limit reached", {
        availableCredits: reserved.available,
        requestedCredits: 1,
      });
    }
    reservation = reserved;
  }

  let cells;
  let answer: GenerationAnswer;
  try {
    const result = await generateStructured({ ...settings, prompt: fillPrompt(settings.prompt, row.data) });
    ({ cells, answer } = cellsFromOutput(result.output));
    // An answer that is not a JSON object is a failed row: "(Parse Error)", credit given back.
    if (!result.output && reservation) await refundCredits(user.id, reservation.day, reservation.amount);
  } catch (error) {
    if (reservation) await refundCredits(user.id, reservation.day, reservation.amount);
    const classified = classifyProviderError(error, settings.provider, settings.model);
    if (row.fileId && row.stored) {
      await ensureGeneratedColumns(row.fileId);
      await writeGeneratedCells(row.fileId, row.stored.id, cellsForError(classified.message), undefined, true);
    }
    throw providerErrorToAppError(classified);
  }
  if (row.fileId && row.stored) {
    await ensureGeneratedColumns(row.fileId);
    await writeGeneratedCells(row.fileId, row.stored.id, cells, undefined, isFailedRow(cells));
  }
  const { credits } = await getCredits(user);
  return { ...answer, credits, row: { ...row.data, ...cells } };
}
