import { z } from "zod";
import { USE_CASES } from "@/lib/ai/providers";
import { aiSettingsFields, maxCostUsdField, templateCreateSchema } from "@/lib/services/ai-config/schemas";
import { rowSchema } from "@/lib/services/csv/schemas";
import { FAILED_EMAIL_STATUSES } from "@/lib/email-checks/statuses";
import { safeJsonObject, safeString } from "@/lib/validation/strings";
import { qualityRulesSchema } from "@/lib/quality/rules-schema";
import { RUN_MODES } from "./run-mode";

const common = {
  prompt: safeString({ error: "Configuration error: Prompt cannot be empty" })
    .max(20_000, "Prompt must be at most 20,000 characters")
    .optional(),
  jsonSchema: z
    .union([
      safeString().max(50_000, "JSON Schema is too long"),
      safeJsonObject("JSON Schema must be JSON text or an object"),
    ])
    .optional(),
  model: safeString().trim().max(200).optional(),
  selectedModel: safeString().trim().max(200).optional(),
  useCase: z.enum(USE_CASES, { error: "Use case must be web_research or content_creation" }).optional(),
  connectionId: z.union([z.uuid("Connection not found"), z.literal(""), z.null()]).optional(),
  csvId: z.union([safeString().max(100), z.null()]).optional(),
  /** Overrides of the quality rules for this run, over the saved configuration's. */
  qualityRules: qualityRulesSchema.nullable().optional(),
};

/** `POST /ai/generate`: `data` is the row list (a single row object is accepted too). */
export const generateSchema = z.object({
  ...common,
  data: z.union([z.array(rowSchema), rowSchema]).optional(),
  selectedRowIndex: z.number({ error: "selectedRowIndex must be a row number" }).int().min(0).optional(),
  isRetry: z.boolean().optional(),
});

/**
 * `POST /ai/bulk-batched`: `rowsToProcess` is a list of 0-based indices, or N for the first N rows;
 * `rowIds` (not both) names the rows by id.
 */
export const bulkSchema = z.object({
  ...common,
  data: z.array(rowSchema).optional(),
  rowsToProcess: z
    .union([z.array(z.number().int().min(0)).max(100_000), z.number().int().min(1).max(100_000)])
    .optional(),
  /** Row ids as `GET /csv/{id}` lists them: exactly these rows run (Only Run If and maxRows do not apply). */
  rowIds: z
    .array(z.number({ error: "rowIds must be a list of row ids" }).int().min(1), {
      error: "rowIds must be a list of row ids",
    })
    .min(1, "rowIds must name at least 1 row")
    .max(100_000, "A run covers at most 100,000 rows")
    .optional(),
  maxRows: z.number().int().min(1).max(100_000).optional(),
  onlyRunIf: safeString().max(500).optional(),
  /** Spending cap of this run in USD (null: none; absent: the saved configuration's). */
  maxCostUsd: maxCostUsdField.optional(),
  /** Adds up to 3 of the file's approved rows to the prompt as examples. */
  useApprovedExamples: z.boolean({ error: "useApprovedExamples must be true or false" }).optional(),
  /** Lets the run overwrite approved rows (default: they are skipped). */
  overwriteApproved: z.boolean({ error: "overwriteApproved must be true or false" }).optional(),
  /** "standard" (default): one request per row now; "batch": the provider's Batch API, at half price, within 24 h. */
  mode: z.enum(RUN_MODES, { error: 'mode must be "standard" or "batch"' }).optional(),
  /** Keeps the rows whose address failed its check (default: they are left out, uncharged). */
  includeInvalidEmails: z
    .boolean({ error: "includeInvalidEmails must be true or false" })
    .optional()
    .describe(
      `Also run the rows whose Email Status is ${FAILED_EMAIL_STATUSES.map((s) => `\`${s}\``).join(", ")} (default: they are left out, no provider call and no credit)`,
    ),
  /** Leaves out the rows where a variable the prompt uses without a fallback is empty. */
  skipThinRows: z
    .boolean({ error: "skipThinRows must be true or false" })
    .optional()
    .describe("Leave out the rows where a `{{Column}}` the prompt uses without a fallback is empty (`thin_input`)"),
});

/**
 * `POST /api/ai/preview`: the bulk payload; `rowsToProcess` (indices) or `rowIds` names 1 to 5 rows
 * (default: the first 3 selected).
 */
export const previewSchema = bulkSchema.extend({
  rowsToProcess: z
    .array(z.number().int().min(0), { error: "rowsToProcess must be a list of 1 to 5 row indices" })
    .min(1, "rowsToProcess must name at least 1 row")
    .max(5, "A preview runs on at most 5 rows")
    .optional(),
  rowIds: bulkSchema.shape.rowIds.unwrap().max(5, "A preview runs on at most 5 rows").optional(),
});

export type GenerateInput = z.infer<typeof generateSchema>;
export type BulkInput = z.infer<typeof bulkSchema>;
export type PreviewInput = z.infer<typeof previewSchema>;

// ---- Client forms of the AI Configuration dialog (client-safe: zod and constants only). ----

/** The dialog's settings, as `PUT /ai/config` parses them (Maximum Rows to Process as typed text). */
export const aiConfigFormSchema = z.object(aiSettingsFields).omit({ model: true }).required();

/** New template name: the rule `POST /ai/templates` applies ('Template name is required'). */
export const templateNameFormSchema = templateCreateSchema.pick({ name: true });
