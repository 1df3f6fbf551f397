import "server-only";
import { promptTemplateHash } from "@/lib/ai/prompt-hash";
import { fillPrompt } from "@/lib/ai/prompt-variables";
import type { UseCase } from "@/lib/ai/providers";
import { fixedInputTokens, promptTokens, schemaOutputTokens } from "@/lib/ai/token-count";
import { costOfUsage } from "@/lib/ai/usage";
import type { UserRow } from "@/lib/db/schema";
import { planOf } from "@/lib/services/credits/plan";
import type { BulkInput } from "@/lib/services/generation/schemas";
import { planRun } from "@/lib/services/generation/plan-run";
import { promptWithExamples, splitStaticPrefix } from "@/lib/ai/examples";
import { observedRowsPerSecond, pastOutputTokens } from "./run-history";
import type { EstimateJson } from "@/lib/responses/usage";

/** The shortest prefix the providers cache (OpenAI: 1,024 tokens; Anthropic: 1,024 for most models). */
const MIN_CACHED_PREFIX_TOKENS = 1024;

/** USD, `{ low, expected, high }`. */
export interface CostRange {
  low: number;
  expected: number;
  high: number;
}

interface ModeEstimate {
  costUsd: CostRange | null;
  durationSeconds: number | null;
}

/**
 * The output is the uncertain part: low and high take 0.6× and 1.6× the expected output tokens
 * (answers of one template vary about that much between prospects); input tokens are counted.
 */
export const OUTPUT_SPREAD = { low: 0.6, high: 1.6 } as const;

/**
 * Rows per second assumed when the connection has no completed batch of this use case yet: one
 * row a second for content creation (a call takes ~5–10 s, and the worker keeps several in flight
 * on a fresh key), one every 4 s for web research (searches make a call take ~30 s). A run never
 * takes less than one call: MIN_SECONDS.
 */
const DEFAULT_ROWS_PER_SECOND: Record<UseCase, number> = { content_creation: 1, web_research: 0.25 };
const MIN_SECONDS: Record<UseCase, number> = { content_creation: 8, web_research: 30 };

/** Above this many rows, prompts of an evenly spread sample are counted and scaled up. */
const MAX_COUNTED_ROWS = 5_000;

/** Cost range of `rows` calls of `inputTokens`/`outputTokens` in total; null when the price is unknown. */
export function costRange(
  model: string,
  inputTokens: number,
  outputTokens: number,
  options: { batch?: boolean; cachedInputTokens?: number } = {},
): CostRange | null {
  const cachedInputTokens = options.cachedInputTokens ?? 0;
  const at = (factor: number) =>
    costOfUsage(model, { inputTokens, outputTokens: Math.round(outputTokens * factor), cachedInputTokens }, options);
  const expected = at(1);
  if (expected === null) return null;
  return { low: at(OUTPUT_SPREAD.low)!, expected, high: at(OUTPUT_SPREAD.high)! };
}

/** Seconds a run of `rows` takes at `rowsPerSecond`, at least one call's time. */
export function runSeconds(rows: number, rowsPerSecond: number, minSeconds: number): number {
  return Math.max(minSeconds, Math.ceil(rows / rowsPerSecond));
}

/** Sum of the rendered prompts' tokens, counting at most MAX_COUNTED_ROWS of them. */
function userPromptTokens(
  provider: Parameters<typeof promptTokens>[0],
  prompt: string,
  rows: Record<string, string>[],
): number {
  if (rows.length <= MAX_COUNTED_ROWS)
    return rows.reduce((sum, row) => sum + promptTokens(provider, fillPrompt(prompt, row)), 0);
  const step = rows.length / MAX_COUNTED_ROWS;
  let sampled = 0;
  for (let i = 0; i < MAX_COUNTED_ROWS; i++)
    sampled += promptTokens(provider, fillPrompt(prompt, rows[Math.floor(i * step)]!));
  return Math.round((sampled / MAX_COUNTED_ROWS) * rows.length);
}

/**
 * `POST /api/ai/estimate`: what `POST /ai/bulk-batched` with the same payload would run, and what
 * it would cost: the same checks and row selection, but nothing is reserved, stored or sent to a
 * provider (besides the model-list lookup the model check makes, which is not billed).
 */
export async function estimateRun(user: UserRow, input: BulkInput): Promise<EstimateJson> {
  const { settings, rows: stored, indices, examples, maxCostUsd, skipped, thinRows } = await planRun(user.id, input);

  const { provider, useCase, model, schema } = settings;
  const rows = indices.length;
  const inputTokens =
    fixedInputTokens({ provider, useCase, schema }) * rows +
    userPromptTokens(
      provider,
      promptWithExamples(settings.prompt, examples),
      indices.map((i) => stored[i]!.data),
    );
  // Prompt caching: what is the same for every row (instructions, schema, the examples block) is read
  // from the provider's cache after the first row, once it is long enough to be cached.
  const split = splitStaticPrefix(promptWithExamples(settings.prompt, examples));
  const staticTokens =
    fixedInputTokens({ provider, useCase, schema }) + (split ? promptTokens(provider, split.prefix) : 0);
  const cachedInputTokens = staticTokens >= MIN_CACHED_PREFIX_TOKENS ? staticTokens * Math.max(0, rows - 1) : 0;
  const perRowOutput =
    (await pastOutputTokens(user.id, promptTemplateHash(settings.prompt))) ?? schemaOutputTokens(schema);
  const outputTokens = Math.round(perRowOutput * rows);

  const rate =
    (await observedRowsPerSecond(user.id, settings.connectionId, useCase)) ?? DEFAULT_ROWS_PER_SECOND[useCase];
  const standard: ModeEstimate = {
    costUsd: costRange(model, inputTokens, outputTokens, { cachedInputTokens }),
    durationSeconds: runSeconds(rows, rate, MIN_SECONDS[useCase]),
  };
  // Batch mode refuses web research and a spending cap (docs/api.md "Batch mode", batch-mode-rules.ts);
  // a provider batch finishes within 24 hours, often much sooner, so no duration is promised.
  const batch: ModeEstimate | null =
    useCase === "web_research" || maxCostUsd !== null
      ? null
      : {
          costUsd: costRange(model, inputTokens, outputTokens, { batch: true, cachedInputTokens }),
          durationSeconds: null,
        };

  return {
    rows,
    credits: planOf(user).kind === "lifetime" ? 0 : rows,
    skippedInvalidEmail: skipped.invalidEmail,
    thinRows,
    model,
    inputTokens,
    cachedInputTokens,
    outputTokens,
    costUsd: standard.costUsd,
    durationSeconds: standard.durationSeconds,
    modes: { standard, batch },
  };
}
