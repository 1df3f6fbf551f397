/** Response schemas of the estimate and usage endpoints (docs/api.md "Usage and cost"). */
import { z } from "zod";
import type { EstimateJson } from "@/lib/services/usage/estimate";
import type { UsageJson } from "@/lib/services/usage/usage-days";

const CostRange = z
  .object({ low: z.number(), expected: z.number(), high: z.number() })
  .describe("USD: expected output tokens ×0.6 / ×1 / ×1.6");
const ModeEstimate = z.object({
  costUsd: CostRange.nullable().describe("null when the model's price is unknown"),
  durationSeconds: z.number().int().nullable(),
});
const Estimate = z.object({
  rows: z.number().int(),
  credits: z.number().int().describe("Credits the run will use (0 on an unlimited plan)"),
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
const Usage = z.object({ days: z.array(UsageDay) });

export const USAGE_RESPONSE_SCHEMAS = { Estimate, Usage } as const;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Check<T extends true> = T;
/** @public Compile-time only: never imported. */
export type UsagePayloadChecks = [
  Check<Same<z.output<typeof Estimate>, EstimateJson>>,
  Check<Same<z.output<typeof Usage>, UsageJson>>,
];
