import { z } from "zod";
import { USE_CASES } from "@/lib/ai/providers";
import { safeJsonObject, safeString } from "@/lib/validation/strings";
import { qualityRulesSchema } from "@/lib/quality/rules-schema";

const MAX_ROWS_MESSAGE = "Maximum rows must be a whole number";
/** A number, or a string of digits (form fields); anything else is reported with one clear message. */
const maxRowsField = z.preprocess(
  (v) => (typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: MAX_ROWS_MESSAGE })
    .int(MAX_ROWS_MESSAGE)
    .min(1, "Maximum rows must be at least 1")
    .max(100_000, "Maximum rows must be at most 100,000"),
);

const MAX_COST_MESSAGE = "Spending cap must be an amount in USD greater than 0";
/** A USD amount > 0 (a form field's text too); "" or null clears the cap. */
export const maxCostUsdField = z.preprocess(
  (v) => (typeof v === "string" ? (v.trim() === "" ? null : /^\s*\d*\.?\d+\s*$/.test(v) ? Number(v) : v) : v),
  z
    .number({ error: MAX_COST_MESSAGE })
    .positive(MAX_COST_MESSAGE)
    .max(1_000_000, "Spending cap must be at most $1,000,000")
    .nullable(),
);

/** The AI settings a config or a template holds (legacy `model` accepted as `selectedModel`). */
export const aiSettingsFields = {
  prompt: safeString({ error: "Prompt must be text" })
    .max(20_000, "Prompt must be at most 20,000 characters")
    .optional(),
  jsonSchema: z
    .union(
      [
        safeString().max(50_000, "JSON Schema is too long"),
        safeJsonObject("JSON Schema must be JSON text or an object"),
      ],
      { error: "JSON Schema must be JSON text or an object" },
    )
    .optional(),
  maxRows: maxRowsField.optional(),
  onlyRunIf: safeString({ error: "Only Run If must be text" })
    .max(500, "Only Run If must be at most 500 characters")
    .optional(),
  selectedModel: safeString({ error: "Model must be text" }).trim().max(200).optional(),
  model: safeString({ error: "Model must be text" }).trim().max(200).optional(),
  useCase: z.enum(USE_CASES, { error: "Use case must be web_research or content_creation" }).optional(),
  connectionId: z.union([z.uuid("Connection not found"), z.literal(""), z.null()]).optional(),
  maxCostUsd: maxCostUsdField.optional(),
  /** Overrides of the quality rules (`{ [ruleId]: { enabled?, severity?, ...limits } }`); null clears them. */
  qualityRules: qualityRulesSchema.nullable().optional(),
};

const settingsObject = z.object(aiSettingsFields);
export type AiSettingsInput = z.infer<typeof settingsObject>;

/** `PUT /ai/config`: fields at the top level, or wrapped as `{ aiConfig: {...} }`. */
export const updateAiConfigSchema = z.preprocess((body) => {
  const wrapped = body && typeof body === "object" ? (body as { aiConfig?: unknown }).aiConfig : undefined;
  return wrapped && typeof wrapped === "object" && !Array.isArray(wrapped) ? wrapped : body;
}, settingsObject);

export const templateCreateSchema = z.object({
  name: safeString({ error: "Template name is required" })
    .trim()
    .min(1, "Template name is required")
    .max(100, "Template name must be at most 100 characters"),
  ...aiSettingsFields,
});

export const templateUpdateSchema = z.object({
  name: safeString({ error: "Template name is required" })
    .trim()
    .min(1, "Template name is required")
    .max(100, "Template name must be at most 100 characters")
    .optional(),
  ...aiSettingsFields,
});
