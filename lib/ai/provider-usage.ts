import type { TokenUsage } from "./usage";

/** A count from a provider's usage report: a finite, non-negative whole number, else 0. */
function count(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? Math.round(value) : 0;
}

/** A usage object as the SDK hands it over (typed loosely: fields may be missing in older answers). */
type UsageObject = unknown;

const objectOf = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/**
 * OpenAI Chat Completions `usage`: `prompt_tokens` (cached ones included), `completion_tokens`,
 * `prompt_tokens_details.cached_tokens`. Null when the answer carried no usage report.
 */
export function usageFromOpenAIChat(usage: UsageObject): TokenUsage | null {
  const u = objectOf(usage);
  if (!u) return null;
  return {
    inputTokens: count(u.prompt_tokens),
    outputTokens: count(u.completion_tokens),
    cachedInputTokens: count(objectOf(u.prompt_tokens_details)?.cached_tokens),
  };
}

/** OpenAI Responses API `usage`: `input_tokens`, `output_tokens`, `input_tokens_details.cached_tokens`. */
export function usageFromOpenAIResponses(usage: UsageObject): TokenUsage | null {
  const u = objectOf(usage);
  if (!u) return null;
  return {
    inputTokens: count(u.input_tokens),
    outputTokens: count(u.output_tokens),
    cachedInputTokens: count(objectOf(u.input_tokens_details)?.cached_tokens),
  };
}

/**
 * Anthropic Messages `usage`: `input_tokens` counts only the uncached part, so all input is
 * `input_tokens` + `cache_read_input_tokens` + `cache_creation_input_tokens`; the cached part is
 * `cache_read_input_tokens`.
 */
export function usageFromAnthropic(usage: UsageObject): TokenUsage | null {
  const u = objectOf(usage);
  if (!u) return null;
  const cacheRead = count(u.cache_read_input_tokens);
  return {
    inputTokens: count(u.input_tokens) + cacheRead + count(u.cache_creation_input_tokens),
    outputTokens: count(u.output_tokens),
    cachedInputTokens: cacheRead,
  };
}

/** The sum of several calls' usage (a follow-up turn); null when none reported any. */
export function sumUsage(...parts: Array<TokenUsage | null>): TokenUsage | null {
  const known = parts.filter((p): p is TokenUsage => p !== null);
  if (known.length === 0) return null;
  return known.reduce((a, b) => ({
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    cachedInputTokens: a.cachedInputTokens + b.cachedInputTokens,
  }));
}
