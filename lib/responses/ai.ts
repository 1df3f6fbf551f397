/**
 * Answers of the AI set-up: configuration, connections, models, templates, credits. Each answer's type
 * is inferred from its schema (docs/architecture.md).
 */
import { z } from "zod";
import { PROVIDERS, USE_CASES } from "@/lib/ai/providers";
import { SUBSCRIPTIONS } from "@/lib/domain/enums";
import { MODEL_WARNING_KINDS } from "@/lib/services/models/warning-types";
import { iso, isoOrNull } from "./common";
import { QualityRules } from "./quality";

const aiSettingsFields = {
  prompt: z.string(),
  jsonSchema: z.string().describe("JSON text of the output schema"),
  maxRows: z.number().int(),
  onlyRunIf: z.string(),
  selectedModel: z.string(),
  useCase: z.enum(USE_CASES),
  connectionId: z.string().nullable(),
  maxCostUsd: z.number().nullable().describe("Spending cap per bulk run in USD; null = no cap"),
  qualityRules: QualityRules.nullable().describe("Overrides of the quality rules; null = the built-in defaults"),
};

export const AiSettingsSchema = z.object(aiSettingsFields);

export const Connection = z.object({
  _id: z.string(),
  name: z.string(),
  provider: z.enum(PROVIDERS),
  apiKey: z.string().describe("Masked: only the last characters are shown"),
  isActive: z.boolean(),
  createdAt: iso(),
});

export const Connections = z.object({ connections: z.array(Connection) });

export const UserAiConfig = z.object({
  apiKeys: z.object({ openai: z.string(), anthropic: z.string() }),
  aiConfig: AiSettingsSchema,
  connections: z.array(Connection),
});

export const AiConfigSaved = z.object({ msg: z.string(), aiConfig: AiSettingsSchema });

export const KeyCheck = z.union([
  z.object({ valid: z.literal(true), msg: z.string(), modelCount: z.number().int() }),
  z.object({
    valid: z.literal(false),
    reason: z.string().describe("Why the key was refused (the provider error kind)"),
    msg: z.string(),
  }),
]);

const isoDay = () => z.string().nullable().describe("ISO date YYYY-MM-DD, or null");

const ModelPrice = z
  .object({
    inputPerMTok: z.number(),
    outputPerMTok: z.number(),
    cachedInputPerMTok: z.number(),
    batchDiscount: z.number().describe("Fraction off in the provider's Batch API (0.5 = half price)"),
  })
  .describe("USD per million tokens");

export const Model = z.object({
  id: z.string(),
  provider: z.enum(PROVIDERS),
  label: z.string().describe("The curated label, or the id for a model the table does not know"),
  retired: z.boolean().describe("retiredOn or shutdownOn is today or earlier"),
  retiredOn: isoDay(),
  shutdownOn: isoDay().describe("Announced shutdown date (YYYY-MM-DD), or null"),
  replacement: z.string().nullable().describe("The provider's recommended replacement, or null"),
  price: ModelPrice.nullable().describe("null when the price is unknown"),
});

export const Models = z.object({
  models: z.array(Model),
  defaultModel: z.string().describe("The current default of the (active or given) connection's provider"),
});

const ModelWarning = z.object({
  kind: z.enum(MODEL_WARNING_KINDS),
  id: z.string().describe('Template or batch id; "config" for the AI configuration'),
  name: z.string(),
  model: z.string(),
  modelLabel: z.string(),
  retired: z.boolean(),
  shutdownOn: isoDay().describe("Date the model stops (or stopped) working, or null"),
  replacement: z.string().nullable(),
  replacementLabel: z.string().nullable(),
});

export const ModelWarnings = z.object({ warnings: z.array(ModelWarning) });

export const Template = z.object({
  ...aiSettingsFields,
  _id: z.string(),
  name: z.string(),
  model: z.string().describe("Legacy name of selectedModel"),
  connectionName: z.string().nullable(),
  createdAt: iso(),
  updatedAt: iso(),
});

export const Credits = z.object({
  credits: z.object({
    daily: z.number().int().nullable(),
    used: z.number().int(),
    remaining: z.number().int().nullable(),
    unlimited: z.boolean(),
  }),
  subscription: z.enum(SUBSCRIPTIONS),
  unlimited: z.boolean(),
  trialEnds: isoOrNull(),
  daysRemaining: z.number().int().nullable(),
  trialExpired: z.boolean(),
  msg: z.string().optional(),
});

export type UserAiConfigJson = z.output<typeof UserAiConfig>;
export type AiConfigSavedJson = z.output<typeof AiConfigSaved>;
export type ConnectionJson = z.output<typeof Connection>;
export type ConnectionsJson = z.output<typeof Connections>;
export type KeyCheckJson = z.output<typeof KeyCheck>;
export type ModelsJson = z.output<typeof Models>;
export type ModelWarningsJson = z.output<typeof ModelWarnings>;
export type TemplateJson = z.output<typeof Template>;
export type CreditsJson = z.output<typeof Credits>;
