import "server-only";
import { batchItems, batches, type UserRow } from "@/lib/db/schema";
import { costOfUsage } from "@/lib/ai/usage";
import { AppError } from "@/lib/errors";
import { transactionWithQueue } from "@/lib/queue/enqueue";
import { ensureGeneratedColumns } from "@/lib/services/csv/generated-cells";
import { reserveCredits, TRIAL_ENDED_MESSAGE } from "@/lib/services/credits/credits";
import { batchSettingsSchema, type BatchSettings } from "./batch-settings";
import { planRun } from "./plan-run";
import { assertBatchModeAllowed } from "./batch-mode/batch-mode-rules";
import type { BulkInput } from "./schemas";
import type { BatchStartedJson } from "@/lib/responses/generation";

const ITEM_INSERT_BATCH = 1_000;

/**
 * `POST /ai/bulk-batched`: checks the configuration, picks the rows, reserves the credits for all
 * of them and records the batch with one item per row and its job in the queue, atomically.
 */
export async function startBatch(user: UserRow, input: BulkInput): Promise<BatchStartedJson> {
  const plan = await planRun(user.id, input);
  const { settings, rows, indices, maxCostUsd, fileId } = plan;
  const mode = input.mode ?? "standard";
  if (mode === "batch") assertBatchModeAllowed(settings.useCase, maxCostUsd);
  if (
    maxCostUsd !== null &&
    costOfUsage(settings.model, { inputTokens: 1, outputTokens: 1, cachedInputTokens: 0 }) === null
  )
    throw new AppError(
      "invalid_input",
      `The price of ${settings.model} is unknown, so a spending cap cannot be enforced. Remove the cap or choose a model with a known price.`,
    );

  const batchId = await transactionWithQueue(async (tx, enqueueInTx) => {
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
        csvFileId: fileId,
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
          qualityRules: plan.qualityRules,
          ...(plan.examples.length > 0 ? { examples: plan.examples } : {}),
          ...(mode === "batch" ? { mode } : {}),
        } satisfies BatchSettings),
      })
      .returning({ id: batches.id });
    const items = indices.map((rowIndex) => ({ batchId: batch!.id, rowId: rows[rowIndex]!.id, rowIndex }));
    for (let i = 0; i < items.length; i += ITEM_INSERT_BATCH)
      await tx.insert(batchItems).values(items.slice(i, i + ITEM_INSERT_BATCH));
    await enqueueInTx("run", batch!.id);
    return batch!.id;
  });
  await ensureGeneratedColumns(fileId, plan.extraColumns);
  return { batchId, total: indices.length, skippedApproved: plan.skippedApproved, skipped: plan.skipped };
}
