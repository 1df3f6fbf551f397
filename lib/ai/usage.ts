import { findModel } from "./models";

/** Tokens of one provider call, from the provider's own usage report (docs/api.md "Usage and cost"). */
export interface TokenUsage {
  /** All input tokens, cached ones included. */
  inputTokens: number;
  outputTokens: number;
  /** The part of the input read from the provider's prompt cache. */
  cachedInputTokens: number;
}

/** `usage` in API answers: tokens and their cost in USD (null when the model's price is unknown). */
export interface UsageJson extends TokenUsage {
  costUsd: number | null;
}

/** Cost in USD of a call to `model` (batch-mode calls at the batch price); null when the price is unknown. */
export function costOfUsage(model: string, usage: TokenUsage, options: { batch?: boolean } = {}): number | null {
  const price = findModel(model)?.price;
  if (!price) return null;
  const cached = Math.min(usage.cachedInputTokens, usage.inputTokens);
  const standard =
    ((usage.inputTokens - cached) * price.inputPerMTok +
      cached * price.cachedInputPerMTok +
      usage.outputTokens * price.outputPerMTok) /
    1_000_000;
  const cost = options.batch ? standard * (1 - price.batchDiscount) : standard;
  return Math.round(cost * 1e8) / 1e8;
}
