/** Building blocks shared by the response schemas of ./components and ./quality-schemas. */
import { z } from "zod";

export const iso = () => z.string().describe("ISO 8601 date-time");
export const isoOrNull = () => z.string().nullable().describe("ISO 8601 date-time, or null");
export const cells = () => z.record(z.string(), z.string()).describe("Column name → cell text");

export const Usage = z
  .object({
    inputTokens: z.number().int().describe("All input tokens, cached ones included"),
    outputTokens: z.number().int(),
    cachedInputTokens: z.number().int().describe("The part of the input read from the provider's prompt cache"),
    costUsd: z.number().nullable().describe("USD; null when the model's price is unknown"),
  })
  .describe("Tokens from the provider's own usage report, and their cost");
