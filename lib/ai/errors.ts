import type { Provider } from "@/lib/ai/providers";
import { parseRateLimitHeaders, type RateLimitHeaders } from "./rate-limit-headers";
import { retryAfterHeaderMs } from "@/lib/http/retry-after";

export type ProviderErrorKind =
  | "invalid_key"
  | "permission"
  | "model_not_found"
  | "rate_limited"
  | "overloaded"
  | "timeout"
  | "network"
  | "bad_request"
  | "server_error"
  | "bad_output";

/** A provider failure, classified, with a message the user can act on. */
export class ProviderError extends Error {
  constructor(
    public readonly kind: ProviderErrorKind,
    message: string,
    public readonly retryAfterMs?: number,
    public readonly status?: number,
    /** The rate-limit headers of a 429 (every bucket the provider reported). */
    public readonly rateLimit?: RateLimitHeaders,
  ) {
    super(message);
    this.name = "ProviderError";
  }

  /** Worth trying again later: rate limits, overload, timeouts, network and 5xx. */
  get transient(): boolean {
    return ["rate_limited", "overloaded", "timeout", "network", "server_error"].includes(this.kind);
  }
}

interface SdkErrorLike {
  status?: number;
  name?: string;
  message?: string;
  headers?: Headers | Record<string, string> | null;
  error?: { error?: { message?: string }; message?: string };
}

function header(headers: SdkErrorLike["headers"], name: string): string | null {
  if (!headers) return null;
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name);
  return (headers as Record<string, string>)[name] ?? null;
}

/** Milliseconds to wait from retry-after / retry-after-ms / rate-limit reset headers. */
export function retryAfterMs(headers: SdkErrorLike["headers"]): number | undefined {
  const ms = Number(header(headers, "retry-after-ms"));
  if (Number.isFinite(ms) && ms > 0) return ms;
  const retryAfter = retryAfterHeaderMs(header(headers, "retry-after"));
  if (retryAfter !== null) return retryAfter;
  const reset = header(headers, "anthropic-ratelimit-requests-reset") ?? header(headers, "x-ratelimit-reset-requests");
  if (reset) {
    const date = Date.parse(reset);
    if (!Number.isNaN(date)) return Math.max(0, date - Date.now());
    const match = /^(?:(\d+)m)?(?:([\d.]+)s)?(?:(\d+)ms)?$/.exec(reset);
    if (match) return (Number(match[1] ?? 0) * 60 + Number(match[2] ?? 0)) * 1000 + Number(match[3] ?? 0);
  }
  return undefined;
}

/** Maps an SDK error (OpenAI or Anthropic) onto a ProviderError. */
export function classifyProviderError(error: unknown, provider: Provider, model?: string): ProviderError {
  if (error instanceof ProviderError) return error;
  const e = (error ?? {}) as SdkErrorLike;
  const detail = e.error?.error?.message ?? e.error?.message ?? e.message ?? "Unknown error";
  const status = e.status;
  const name = e.name ?? "";
  if (/Timeout/i.test(name) || /timed? ?out/i.test(detail)) {
    return new ProviderError("timeout", `${provider} did not answer in time. Please try again.`);
  }
  if (status === undefined && /Connection|fetch failed|ECONN|ENOTFOUND/i.test(`${name} ${detail}`)) {
    return new ProviderError("network", `Could not reach ${provider}. Check your network connection and try again.`);
  }
  switch (status) {
    case 401:
      return new ProviderError(
        "invalid_key",
        `The ${provider} API key is invalid or has been revoked. Update it under API Keys on your dashboard.`,
        undefined,
        401,
      );
    case 403:
      return new ProviderError(
        "permission",
        `The ${provider} API key is not allowed to use this resource: ${detail}`,
        undefined,
        403,
      );
    case 404:
      return new ProviderError(
        "model_not_found",
        `${provider} does not offer the model ${model ?? ""} to this key. Choose another model.`.replace("  ", " "),
        undefined,
        404,
      );
    case 429:
      if (
        /insufficient_quota|exceeded your current quota|credit balance/i.test(
          `${detail} ${(e.error as { error?: { code?: string } } | undefined)?.error?.code ?? ""}`,
        )
      ) {
        return new ProviderError(
          "permission",
          `The ${provider} account of this API key has no credit left. Add billing or credit at ${provider}, then try again.`,
          undefined,
          429,
        );
      }
      return new ProviderError(
        "rate_limited",
        `${provider} rate limit reached for this key. Please wait a moment and try again.`,
        retryAfterMs(e.headers),
        429,
        parseRateLimitHeaders(e.headers as Headers | Record<string, string> | null),
      );
    case 529:
    case 503:
      return new ProviderError(
        "overloaded",
        `${provider} is overloaded right now. Please try again shortly.`,
        retryAfterMs(e.headers),
        status,
      );
    case 400:
    case 422:
      return new ProviderError("bad_request", `${provider} rejected the request: ${detail}`, undefined, status);
  }
  if (status && status >= 500)
    return new ProviderError(
      "server_error",
      `${provider} had a server error (${status}). Please try again.`,
      retryAfterMs(e.headers),
      status,
    );
  return new ProviderError("server_error", `${provider} request failed: ${detail}`, undefined, status);
}
