import { z } from "zod";
import { USE_CASES } from "@/lib/ai/providers";
import { rowSchema } from "@/lib/services/csv/schemas";

const common = {
  prompt: z.string({ error: "Configuration error: Prompt cannot be empty" }).max(20_000, "Prompt must be at most 20,000 characters").optional(),
  jsonSchema: z.union([z.string().max(50_000, "JSON Schema is too long"), z.record(z.string(), z.unknown())]).optional(),
  model: z.string().trim().max(200).optional(),
  selectedModel: z.string().trim().max(200).optional(),
  useCase: z.enum(USE_CASES, { error: "Use case must be web_research or content_creation" }).optional(),
  connectionId: z.union([z.uuid("Connection not found"), z.literal(""), z.null()]).optional(),
  csvId: z.union([z.string().max(100), z.null()]).optional(),
};

/** `POST /ai/generate`: `data` is the row list (a single row object is accepted too). */
export const generateSchema = z.object({
  ...common,
  data: z.union([z.array(rowSchema), rowSchema]).optional(),
  selectedRowIndex: z.number({ error: "selectedRowIndex must be a row number" }).int().min(0).optional(),
  isRetry: z.boolean().optional(),
});

/** `POST /ai/bulk-batched`: `rowsToProcess` is a list of 0-based indices, or N for the first N rows. */
export const bulkSchema = z.object({
  ...common,
  data: z.array(rowSchema).optional(),
  rowsToProcess: z.union([z.array(z.number().int().min(0)).max(100_000), z.number().int().min(1).max(100_000)]).optional(),
  maxRows: z.number().int().min(1).max(100_000).optional(),
  onlyRunIf: z.string().max(500).optional(),
});

export type GenerateInput = z.infer<typeof generateSchema>;
export type BulkInput = z.infer<typeof bulkSchema>;
