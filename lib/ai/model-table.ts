import type { Provider } from "@/lib/ai/providers";

/**
 * The curated model table: edit this file (only) when a provider announces a model, a price or a shutdown.
 *
 * Sources, checked 2026-11-24 (official pages win; a figure not confirmed there is null / absent):
 * - https://developers.openai.com/api/docs/deprecations (gpt-5 / gpt-5-mini: shutdown 2026-12-11,
 *   replacements gpt-6.1-sol / gpt-6.1-terra).
 * - https://platform.claude.com/docs/en/about-claude/model-deprecations and the model pages under
 *   https://platform.claude.com/docs/en/models/ (Sonnet 4.5 deprecated, retires 2026-11-30, replacement
 *   Sonnet 5.5; Haiku 4.5 and Sonnet 5 legacy; Sonnet 5 refuses non-default temperature / top_p / top_k).
 * - https://platform.claude.com/docs/en/about-claude/pricing (Claude prices, cache reads, Batch API 50 % off).
 * - https://developers.openai.com/api/docs/pricing (Batch API 50 % off). The stored copy of this page could not
 *   be read in full: OpenAI prices below are OpenAI's published list prices where several independent sources
 *   agree; gpt-6.1-sol stays null (sources disagree on its cached-input price: $0.10 vs $0.20).
 * - gpt-4o / gpt-4o-mini / gpt-4.1 / gpt-4.1-mini shutdown 2027-01-14 and their replacement gpt-6-luna: named by
 *   issue 14 and by every secondary source quoting OpenAI's deprecations page (its row was not in the stored copy).
 * - claude-sonnet-4-20250514 retired 2026-06-15 per Anthropic's release notes as quoted by secondary sources;
 *   claude-opus-4-1 is marked "retired" on Anthropic's pricing page (date not given).
 */

/** USD per million tokens; `batchDiscount` is the fraction off in the provider's Batch API (0.5 = half price). */
export interface ModelPrice {
  inputPerMTok: number;
  outputPerMTok: number;
  cachedInputPerMTok: number;
  batchDiscount: number;
}

/** How a request to the model must be built. */
export interface ModelQuirks {
  /** The model refuses a non-default temperature (reasoning models): send none. */
  fixedTemperature?: boolean;
  /** OpenAI Chat Completions needs `max_completion_tokens` instead of `max_tokens`. */
  maxCompletionTokens?: boolean;
}

export interface ModelEntry {
  id: string;
  provider: Provider;
  label: string;
  price: ModelPrice | null;
  contextWindow: number | null;
  /** ISO date the provider retired the model (requests fail from then on). */
  retiredOn?: string;
  /** ISO date of an announced shutdown. */
  shutdownOn?: string;
  /** Retired on a date the provider does not state. */
  retiredUndated?: boolean;
  /** The provider's recommended replacement. */
  replacement?: string;
  quirks?: ModelQuirks;
}

const price = (inputPerMTok: number, cachedInputPerMTok: number, outputPerMTok: number): ModelPrice => ({
  inputPerMTok,
  outputPerMTok,
  cachedInputPerMTok,
  batchDiscount: 0.5,
});
const REASONING: ModelQuirks = { fixedTemperature: true, maxCompletionTokens: true };
const NO_SAMPLING: ModelQuirks = { fixedTemperature: true };

/** Newest first within each provider: the order is also the fallback order of defaults. */
export const MODEL_TABLE: readonly ModelEntry[] = [
  // Anthropic
  {
    id: "claude-sonnet-5-5",
    provider: "Anthropic",
    label: "Claude Sonnet 5.5",
    price: price(2, 0.2, 10),
    contextWindow: 1_000_000,
    quirks: NO_SAMPLING,
  },
  { id: "claude-opus-5-5", provider: "Anthropic", label: "Claude Opus 5.5", price: null, contextWindow: 1_000_000 },
  { id: "claude-haiku-5-5", provider: "Anthropic", label: "Claude Haiku 5.5", price: null, contextWindow: 1_000_000 },
  {
    id: "claude-sonnet-5",
    provider: "Anthropic",
    label: "Claude Sonnet 5",
    price: price(2, 0.2, 10),
    contextWindow: 1_000_000,
    replacement: "claude-sonnet-5-5",
    quirks: NO_SAMPLING,
  },
  {
    id: "claude-haiku-4-5-20251001",
    provider: "Anthropic",
    label: "Claude Haiku 4.5",
    price: price(1, 0.1, 5),
    contextWindow: 200_000,
    replacement: "claude-haiku-5-5",
  },
  {
    id: "claude-sonnet-4-5-20250929",
    provider: "Anthropic",
    label: "Claude Sonnet 4.5",
    price: price(3, 0.3, 15),
    contextWindow: 200_000,
    shutdownOn: "2026-11-30",
    replacement: "claude-sonnet-5-5",
  },
  {
    id: "claude-opus-4-1-20250805",
    provider: "Anthropic",
    label: "Claude Opus 4.1",
    price: price(15, 1.5, 75),
    contextWindow: 200_000,
    retiredUndated: true,
  },
  {
    id: "claude-sonnet-4-20250514",
    provider: "Anthropic",
    label: "Claude Sonnet 4",
    price: price(3, 0.3, 15),
    contextWindow: 200_000,
    retiredOn: "2026-06-15",
  },
  {
    id: "claude-3-haiku-20240307",
    provider: "Anthropic",
    label: "Claude 3 Haiku",
    price: price(0.25, 0.03, 1.25),
    contextWindow: 200_000,
  },
  {
    id: "claude-3-opus-20240229",
    provider: "Anthropic",
    label: "Claude 3 Opus",
    price: price(15, 1.5, 75),
    contextWindow: 200_000,
    retiredOn: "2026-01-05",
  },
  // OpenAI
  { id: "gpt-6.1-sol", provider: "OpenAI", label: "GPT-6.1 Sol", price: null, contextWindow: null, quirks: REASONING },
  {
    id: "gpt-6.1-terra",
    provider: "OpenAI",
    label: "GPT-6.1 Terra",
    price: price(1, 0.05, 5),
    contextWindow: 1_050_000,
    quirks: REASONING,
  },
  {
    id: "gpt-6-luna",
    provider: "OpenAI",
    label: "GPT-6 Luna",
    price: price(0.1, 0.01, 0.5),
    contextWindow: null,
    quirks: REASONING,
  },
  {
    id: "gpt-5",
    provider: "OpenAI",
    label: "GPT-5",
    price: price(1.25, 0.125, 10),
    contextWindow: 400_000,
    shutdownOn: "2026-12-11",
    replacement: "gpt-6.1-sol",
    quirks: REASONING,
  },
  {
    id: "gpt-5-mini",
    provider: "OpenAI",
    label: "GPT-5 mini",
    price: price(0.25, 0.025, 2),
    contextWindow: 400_000,
    shutdownOn: "2026-12-11",
    replacement: "gpt-6.1-terra",
    quirks: REASONING,
  },
  {
    id: "gpt-4.1",
    provider: "OpenAI",
    label: "GPT-4.1",
    price: price(2, 0.5, 8),
    contextWindow: 1_047_576,
    shutdownOn: "2027-01-14",
    replacement: "gpt-6-luna",
  },
  {
    id: "gpt-4.1-mini",
    provider: "OpenAI",
    label: "GPT-4.1 mini",
    price: price(0.4, 0.1, 1.6),
    contextWindow: 1_047_576,
    shutdownOn: "2027-01-14",
    replacement: "gpt-6-luna",
  },
  {
    id: "gpt-4o",
    provider: "OpenAI",
    label: "GPT-4o",
    price: price(2.5, 1.25, 10),
    contextWindow: 128_000,
    shutdownOn: "2027-01-14",
    replacement: "gpt-6-luna",
  },
  {
    id: "gpt-4o-mini",
    provider: "OpenAI",
    label: "GPT-4o mini",
    price: price(0.15, 0.075, 0.6),
    contextWindow: 128_000,
    shutdownOn: "2027-01-14",
    replacement: "gpt-6-luna",
  },
];

/** Preferred defaults per provider, best first; the first one the key offers and that is not shutting down wins. */
export const PREFERRED_DEFAULTS: Record<Provider, readonly string[]> = {
  Anthropic: ["claude-sonnet-5-5", "claude-sonnet-5", "claude-haiku-5-5", "claude-haiku-4-5-20251001"],
  OpenAI: ["gpt-6.1-terra", "gpt-6-luna", "gpt-6.1-sol"],
};
