import "server-only";
import { selectRowIndices } from "@/lib/ai/row-selection";

export { selectRowIndices };
import { db } from "@/lib/db";
import { batchItems, batches, type UserRow } from "@/lib/db/schema";
import { costOfUsage } from "@/lib/ai/usage";
import { AppError } from "@/lib/errors";
import { getAiSettings } from "@/lib/services/ai-config/ai-config";
import { ensureGeneratedColumns, rowsOfFile } from "@/lib/services/csv/generated-cells";
import { ownedCsvFile } from "@/lib/services/csv/ownership";
import { reserveCredits, TRIAL_ENDED_MESSAGE } from "@/lib/services/credits/credits";
import { batchSettingsSchema, type BatchSettings } from "./batch-settings";
import { assertVariablesPresent, resolveRunSettings } from "./run-settings";
import type { BulkInput } from "./schemas";

const ITEM_INSERT_BATCH = 1_000;

/** `POST /ai/bulk-batched`. */
export interface BatchStartedJson {
  batchId: string;
  total: number;
}

/**
 * `POST /ai/bulk-batched`: checks the configuration, picks the rows, reserves the credits for all
 * of them and records the batch with one item per row, atomically. The caller enqueues the job.
 */
export async function startBatch(user: UserRow, input: BulkInput): Promise<BatchStartedJson> {
  const settings = await resolveRunSettings(user.id, input);
  if (!input.csvId)
    throw new AppError("invalid_input", "csvId is required: bulk generation writes into a saved CSV file");
  const file = await ownedCsvFile(user.id, input.csvId);
  assertVariablesPresent(settings.prompt, file.columns);
  const rows = await rowsOfFile(file.id);
  const saved = await getAiSettings(user.id);
  const indices = selectRowIndices(rows, {
    rowsToProcess: input.rowsToProcess,
    onlyRunIf: input.onlyRunIf ?? saved.onlyRunIf,
    maxRows: input.maxRows ?? (input.rowsToProcess === undefined ? saved.maxRows : undefined),
  });
  if (indices.length === 0) throw new AppError("invalid_input", "No rows match the criteria");
  const maxCostUsd = input.maxCostUsd !== undefined ? input.maxCostUsd : saved.maxCostUsd;
  if (
    maxCostUsd !== null &&
    costOfUsage(settings.model, { inputTokens: 1, outputTokens: 1, cachedInputTokens: 0 }) === null
  )
    throw new AppError(
      "invalid_input",
      `The price of ${settings.model} is unknown, so a spending cap cannot be enforced. Remove the cap or choose a model with a known price.`,
    );

  const batchId = await db.transaction(async (tx) => {
    const reservation = await reserveCredits(user, indices.length, tx);
    if (!reservation.ok) {
      throw new AppError(
        "credit_limit",
        reservation.reason === "trial-ended" ? TRIAL_ENDED_MESSAGE : "Credit limit exceeded",
        {
          availableCredits: reservation.available,
          requestedCredits: reservation.requested,
        },
      );
    }
    const [batch] = await tx
      .insert(batches)
      .values({
        userId: user.id,
        csvFileId: file.id,
        total: indices.length,
        creditsReserved: reservation.unlimited ? 0 : indices.length,
        creditDay: reservation.day,
        settings: batchSettingsSchema.parse({
          provider: settings.provider,
          connectionId: settings.connectionId,
          model: settings.model,
          prompt: settings.prompt,
          jsonSchema: settings.schemaText,
          useCase: settings.useCase,
          unlimited: reservation.unlimited,
          maxCostUsd,
        } satisfies BatchSettings),
      })
      .returning({ id: batches.id });
    const items = indices.map((rowIndex) => ({ batchId: batch!.id, rowId: rows[rowIndex]!.id, rowIndex }));
    for (let i = 0; i < items.length; i += ITEM_INSERT_BATCH)
      await tx.insert(batchItems).values(items.slice(i, i + ITEM_INSERT_BATCH));
    return batch!.id;
  });
  await ensureGeneratedColumns(file.id);
  return { batchId, total: indices.length };
}
