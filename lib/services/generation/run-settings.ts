import "server-only";
import type { Provider, UseCase } from "@/lib/ai/providers";
import { normalizeJsonSchema } from "@/lib/ai/json-schema";
import { missingVariables } from "@/lib/ai/prompt-variables";
import type { JsonSchema } from "@/lib/ai/structured-output";
import { AppError } from "@/lib/errors";
import { mergeQualityRules } from "@/lib/quality/rules";
import type { QualityRules } from "@/lib/quality/rules-schema";
import { getAiSettings } from "@/lib/services/ai-config/ai-config";
import { connectionApiKey } from "@/lib/services/connections/connections";
import { assertModelSelectable } from "@/lib/services/models/available-models";

export interface RunSettings {
  provider: Provider;
  apiKey: string;
  connectionId: string;
  connectionName: string;
  model: string;
  prompt: string;
  schema: JsonSchema;
  schemaText: string;
  useCase: UseCase;
  /** The saved configuration's quality rules with the payload's overrides on top. */
  qualityRules: QualityRules;
}

interface RunInput {
  prompt?: string;
  jsonSchema?: string | Record<string, unknown>;
  model?: string;
  selectedModel?: string;
  useCase?: UseCase;
  connectionId?: string | null;
  qualityRules?: QualityRules | null;
}

/** The settings of a run: the payload's, completed by the saved configuration; everything checked. */
export async function resolveRunSettings(userId: string, input: RunInput): Promise<RunSettings> {
  const saved = await getAiSettings(userId);
  const prompt = (input.prompt ?? saved.prompt).trim();
  if (!prompt) throw new AppError("invalid_input", "Configuration error: Prompt cannot be empty");
  const schemaInput = input.jsonSchema ?? saved.jsonSchema;
  if (typeof schemaInput === "string" && !schemaInput.trim())
    throw new AppError("invalid_input", "Configuration error: JSON Schema cannot be empty");
  const schemaText = normalizeJsonSchema(schemaInput);
  const connectionId = input.connectionId || saved.connectionId;
  if (!connectionId)
    throw new AppError(
      "invalid_input",
      "No API connection configured. Add an API key under API Keys on your dashboard.",
    );
  const { provider, apiKey, name } = await connectionApiKey(userId, connectionId);
  const model = input.model || input.selectedModel || saved.selectedModel;
  await assertModelSelectable(userId, model, provider, connectionId);
  return {
    provider,
    apiKey,
    connectionId,
    connectionName: name,
    model,
    prompt,
    schema: JSON.parse(schemaText) as JsonSchema,
    schemaText,
    useCase: input.useCase ?? saved.useCase,
    qualityRules: mergeQualityRules(saved.qualityRules, input.qualityRules),
  };
}

/** Refuses a prompt that uses columns the CSV does not have (variables with a fallback are fine). */
export function assertVariablesPresent(prompt: string, columns: string[]): void {
  const missing = missingVariables(prompt, columns);
  if (missing.length) {
    const list = missing.map((m) => `{{${m}}}`).join(", ");
    throw new AppError(
      "invalid_input",
      `Your prompt uses ${list}, but the CSV has no ${missing.length === 1 ? "such column" : "such columns"}. Rename the variable, add the column, or give it a fallback like {{${missing[0]}|there}}.`,
    );
  }
}
