import { z } from "zod";
import { PROVIDERS, USE_CASES } from "@/lib/ai/providers";
import { qualityRulesSchema } from "@/lib/quality/rules-schema";
import { RUN_MODES } from "./run-mode";

function isJsonObjectText(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/**
 * What a batch runs with, stored in `batches.settings` when the batch is created and parsed
 * when the worker loads it: the worker never reads untyped settings. The API key itself is not
 * stored here, only the connection it is read from when the batch runs.
 */
export const batchSettingsSchema = z.object({
  provider: z.enum(PROVIDERS),
  connectionId: z.string().min(1),
  model: z.string().min(1),
  prompt: z.string().min(1),
  /** The JSON schema as text (what the user wrote), always a JSON object. */
  jsonSchema: z.string().refine(isJsonObjectText, "jsonSchema must be the text of a JSON object"),
  useCase: z.enum(USE_CASES),
  /** Reserved on an unlimited (lifetime) plan: no credit is ever refunded. */
  unlimited: z.boolean(),
  /** Spending cap of the run in USD (absent or null: none). */
  maxCostUsd: z.number().positive().nullable().optional(),
  /** The run's quality rules (saved configuration merged with the payload's); absent: the defaults. */
  qualityRules: qualityRulesSchema.nullable().optional(),
  /** Approved rows given to the model as examples (useApprovedExamples), fixed when the run starts. */
  examples: z
    .array(z.object({ subject: z.string(), body: z.string() }))
    .max(3)
    .optional(),
  /** "batch": submitted to the provider's Batch API (absent: "standard"). */
  mode: z.enum(RUN_MODES).optional(),
});

export type BatchSettings = z.infer<typeof batchSettingsSchema>;

/** The settings of a stored batch that cannot be read (written by another version, or damaged). */
export class BatchSettingsError extends Error {
  constructor(readonly issues: string) {
    super(`Unreadable batch settings: ${issues}`);
    this.name = "BatchSettingsError";
  }
}

/** Parses stored settings; throws BatchSettingsError when they do not match. */
export function parseBatchSettings(value: unknown): BatchSettings {
  const parsed = batchSettingsSchema.safeParse(value);
  if (!parsed.success)
    throw new BatchSettingsError(
      parsed.error.issues.map((i) => `${i.path.join(".") || "settings"}: ${i.message}`).join("; "),
    );
  return parsed.data;
}

/** Whether stored settings say the batch is unlimited, without throwing (refunds must always be able to run). */
export function isUnlimitedSettings(value: unknown): boolean {
  return (
    batchSettingsSchema.shape.unlimited.safeParse((value as { unlimited?: unknown } | null)?.unlimited).data === true
  );
}
