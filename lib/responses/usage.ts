/**
 * Answers of the estimate and usage endpoints (docs/api.md "Usage and cost"). Each answer's type is
 * inferred from its schema.
 */
import { z } from "zod";

const CostRange = z
  .object({ low: z.number(), expected: z.number(), high: z.number() })
  .describe("USD: expected output tokens ×0.6 / ×1 / ×1.6");
const ModeEstimate = z.object({
  costUsd: CostRange.nullable().describe("null when the model's price is unknown"),
  durationSeconds: z.number().int().nullable(),
});
export const Estimate = z.object({
  rows: z.number().int().describe("Rows the run will really generate (rows left out by its checks not counted)"),
  credits: z.number().int().describe("Credits the run will use (0 on an unlimited plan)"),
  skippedInvalidEmail: z
    .number()
    .int()
    .describe(
      "Selected rows left out because their Email Status failed the address check (`includeInvalidEmails` not set)",
    ),
  thinRows: z
    .number()
    .int()
    .describe(
      "Selected rows where a variable the prompt uses without a fallback is empty (`thin_input`); counted whether or not `skipThinRows` leaves them out",
    ),
  model: z.string(),
  inputTokens: z.number().int(),
  cachedInputTokens: z
    .number()
    .int()
    .describe(
      "Of inputTokens, those expected to be read from the provider's prompt cache (costed at the cached price)",
    ),
  outputTokens: z.number().int(),
  costUsd: CostRange.nullable(),
  durationSeconds: z.number().int().nullable(),
  modes: z.object({
    standard: ModeEstimate,
    batch: ModeEstimate.nullable().describe("null when batch mode would be refused (web research)"),
  }),
});
const UsageDay = z.object({
  date: z.string().describe("UTC day, YYYY-MM-DD"),
  rows: z.number().int().describe("Billed provider calls"),
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
  costUsd: z.number(),
  byModel: z.record(z.string(), z.object({ rows: z.number().int(), costUsd: z.number() })),
  byConnection: z.record(z.string(), z.object({ name: z.string(), rows: z.number().int(), costUsd: z.number() })),
});
export const UsageDays = z.object({ days: z.array(UsageDay) });

export type EstimateJson = z.output<typeof Estimate>;
export type UsageDayJson = z.output<typeof UsageDay>;
export type UsageDaysJson = z.output<typeof UsageDays>;
