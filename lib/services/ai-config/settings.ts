import "server-only";
import type { AiSettings } from "@/lib/ai/defaults";
import { normalizeJsonSchema } from "@/lib/ai/json-schema";
import { providerOfModelId } from "@/lib/ai/models";
import { getOwnedConnection } from "@/lib/services/connections/connections";
import { assertModelSelectable, defaultModelFor } from "@/lib/services/models/available-models";
import type { AiSettingsInput } from "./schemas";

/**
 * Validates the settings fields that are present against the current ones and returns the
 * merged values: the schema must describe an object, the connection must be the caller's,
 * and a newly chosen model must be selectable for that connection's provider.
 */
export async function resolveSettings(
  userId: string,
  input: AiSettingsInput,
  current: AiSettings,
): Promise<AiSettings> {
  const next: AiSettings = { ...current };
  if (input.prompt !== undefined) next.prompt = input.prompt;
  if (input.jsonSchema !== undefined) next.jsonSchema = normalizeJsonSchema(input.jsonSchema);
  if (input.maxRows !== undefined) next.maxRows = input.maxRows;
  if (input.onlyRunIf !== undefined) next.onlyRunIf = input.onlyRunIf.trim();
  if (input.useCase !== undefined) next.useCase = input.useCase;
  if (input.connectionId !== undefined) next.connectionId = input.connectionId || null;
  if (input.maxCostUsd !== undefined) next.maxCostUsd = input.maxCostUsd;
  if (input.qualityRules !== undefined) next.qualityRules = input.qualityRules;
  const model = input.selectedModel ?? input.model;
  if (model !== undefined && model !== "") next.selectedModel = model;

  const connection = next.connectionId ? await getOwnedConnection(userId, next.connectionId) : null;
  const modelGiven = model !== undefined && model !== "";
  const providerOfModel = providerOfModelId(next.selectedModel);
  if (!next.selectedModel || (!modelGiven && connection && providerOfModel !== connection.provider)) {
    // No model chosen, or only the connection changed: that provider's current default for this key.
    next.selectedModel = await defaultModelFor(userId, connection?.provider ?? "Anthropic", connection?.id);
  } else if (
    modelGiven &&
    (next.selectedModel !== current.selectedModel || next.connectionId !== current.connectionId)
  ) {
    await assertModelSelectable(userId, next.selectedModel, connection?.provider ?? null, connection?.id);
  }
  return next;
}
