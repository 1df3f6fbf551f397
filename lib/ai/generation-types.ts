import type { Provider, UseCase } from "./providers";
import type { RateLimitHeaders } from "./rate-limit-headers";
import type { JsonSchema } from "./structured-output";
import type { TokenUsage } from "./usage";

export interface GenerationRequest {
  provider: Provider;
  apiKey: string;
  model: string;
  prompt: string;
  schema: JsonSchema;
  useCase: UseCase;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Output cap sent to the provider (max_tokens); default: the model's blanket cap (request-quirks.ts). */
  maxOutputTokens?: number;
  /**
   * Awaited before each call after the first one of a row (Anthropic web research's follow-up turn), with the
   * rate-limit headers of the call before it: the bulk worker learns from them and takes a place in the key's
   * pacer there, so every call to the provider is paced, not only the first.
   */
  beforeFollowUpCall?: (previous: RateLimitInfo) => Promise<void>;
}

/** The rate-limit headers of the answer (every bucket the provider reported), plus the request bucket's short form. */
export interface RateLimitInfo extends RateLimitHeaders {
  /** Requests left in the provider's current window, when the provider says. */
  remaining?: number;
  /** Milliseconds until the window resets. */
  resetMs?: number;
}

/** A page the provider's web search returned or the answer cites. */
export interface WebSource {
  url: string;
  /** The page title as the provider reported it, else the URL's hostname. */
  title: string;
}

export interface GenerationOutput {
  /** The parsed JSON object, or null when the model's answer was not a JSON object. */
  output: Record<string, unknown> | null;
  rawText: string;
  rateLimit: RateLimitInfo;
  /** Tokens the provider billed for this answer (all turns), from its usage report; null when it sent none. */
  usage: TokenUsage | null;
  /**
   * Web research only: the pages the answer cites, else (when it cites none) the search results;
   * deduplicated by URL, in order of first appearance, at most 20 (web-sources.ts).
   */
  sources?: WebSource[];
}
