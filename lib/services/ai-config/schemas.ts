import { z } from "zod";
import { USE_CASES } from "@/lib/ai/providers";

const MAX_ROWS_MESSAGE = "Maximum rows must be a whole number";
/** A number, or a string of digits (form fields); anything else is reported with one clear message. */
const maxRowsField = z.preprocess(
  (v) => (typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z.number({ error: MAX_ROWS_MESSAGE }).int(MAX_ROWS_MESSAGE).min(1, "Maximum rows must be at least 1").max(100_000, "Maximum rows must be at most 100,000"),
);

/** The AI settings a config or a template holds (legacy `model` accepted as `selectedModel`). */
export const aiSettingsFields = {
  prompt: z.string({ error: "Prompt must be text" }).max(20_000, "Prompt must be at most 20,000 characters").optional(),
  jsonSchema: z.union([z.string().max(50_000, "JSON Schema is too long"), z.record(z.string(), z.unknown())], { error: "JSON Schema must be JSON text or an object" }).optional(),
  maxRows: maxRowsField.optional(),
  onlyRunIf: z.string({ error: "Only Run If must be text" }).max(500, "Only Run If must be at most 500 characters").optional(),
  selectedModel: z.string({ error: "Model must be text" }).trim().max(200).optional(),
  model: z.string({ error: "Model must be text" }).trim().max(200).optional(),
  useCase: z.enum(USE_CASES, { error: "Use case must be web_research or content_creation" }).optional(),
  connectionId: z.union([z.uuid("Connection not found"), z.literal(""), z.null()]).optional(),
};

const settingsObject = z.object(aiSettingsFields);
export type AiSettingsInput = z.infer<typeof settingsObject>;

/** `PUT /ai/config`: fields at the top level, or wrapped as `{ aiConfig: {...} }`. */
export const updateAiConfigSchema = z.preprocess(
  (body) => {
    const wrapped = body && typeof body === "object" ? (body as { aiConfig?: unknown }).aiConfig : undefined;
    return wrapped && typeof wrapped === "object" && !Array.isArray(wrapped) ? wrapped : body;
  },
  settingsObject,
);

export const templateCreateSchema = z.object({
  name: z.string({ error: "Template name is required" }).trim().min(1, "Template name is required").max(100, "Template name must be at most 100 characters"),
  ...aiSettingsFields,
});

export const templateUpdateSchema = z.object({
  name: z.string({ error: "Template name is required" }).trim().min(1, "Template name is required").max(100, "Template name must be at most 100 characters").optional(),
  ...aiSettingsFields,
});
