/**
 * The providers' rate-limit headers, sent on every answer (success and 429):
 *   OpenAI     x-ratelimit-{limit,remaining,reset}-{requests,tokens}; reset = time until the bucket
 *              is full again, as a duration ("1.2s", "6m0s", "20ms", "1h2m3.5s").
 *   Anthropic  anthropic-ratelimit-{requests,input-tokens,output-tokens,tokens}-{limit,remaining,reset};
 *              reset = RFC 3339 time at which the bucket is full again; token counts are rounded.
 */

/** One bucket as the provider reported it. */
interface RateBucket {
  limit?: number;
  remaining?: number;
  /** Milliseconds until the bucket is full again (≥ 0). */
  resetMs?: number;
}

export interface RateLimitHeaders {
  requests?: RateBucket;
  /** Tokens per minute (OpenAI: input + max output at admission; Anthropic: the combined bucket). */
  tokens?: RateBucket;
  /** Anthropic only. */
  inputTokens?: RateBucket;
  outputTokens?: RateBucket;
}

type HeaderSource = Headers | Record<string, string | string[] | undefined> | null | undefined;

function get(headers: HeaderSource, name: string): string | null {
  if (!headers) return null;
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name);
  const value = (headers as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

/** "1.2s", "6m0s", "20ms", "1h2m3s", "250" (plain seconds) → milliseconds; undefined when unreadable. */
export function parseDuration(text: string | null | undefined): number | undefined {
  if (!text) return undefined;
  const value = text.trim();
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const re = /(\d+(?:\.\d+)?)(ms|h|m|s)/g;
  let total = 0;
  let consumed = 0;
  for (let m = re.exec(value); m; m = re.exec(value)) {
    if (m.index !== consumed) return undefined;
    consumed = m.index + m[0].length;
    const n = Number(m[1]);
    total += m[2] === "h" ? n * 3_600_000 : m[2] === "m" ? n * 60_000 : m[2] === "s" ? n * 1000 : n;
  }
  return consumed === value.length && consumed > 0 ? total : undefined;
}

/** An RFC 3339 time → milliseconds from `now` (≥ 0); undefined when unreadable. */
function parseResetTime(text: string | null | undefined, now: number): number | undefined {
  if (!text) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function num(text: string | null): number | undefined {
  if (text === null || text.trim() === "") return undefined;
  const n = Number(text);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

function bucket(limit: string | null, remaining: string | null, resetMs: number | undefined): RateBucket | undefined {
  const b: RateBucket = { limit: num(limit), remaining: num(remaining), resetMs };
  return b.limit === undefined && b.remaining === undefined && b.resetMs === undefined ? undefined : b;
}

function openai(headers: HeaderSource, kind: "requests" | "tokens"): RateBucket | undefined {
  const reset = get(headers, `x-ratelimit-reset-${kind}`);
  return bucket(
    get(headers, `x-ratelimit-limit-${kind}`),
    get(headers, `x-ratelimit-remaining-${kind}`),
    parseDuration(reset) ?? parseResetTime(reset, Date.now()),
  );
}

function anthropic(headers: HeaderSource, kind: string, now: number): RateBucket | undefined {
  const reset = get(headers, `anthropic-ratelimit-${kind}-reset`);
  return bucket(
    get(headers, `anthropic-ratelimit-${kind}-limit`),
    get(headers, `anthropic-ratelimit-${kind}-remaining`),
    parseResetTime(reset, now) ?? parseDuration(reset),
  );
}

/** Reads whichever provider's headers are present; empty when there are none. */
export function parseRateLimitHeaders(headers: HeaderSource, now: number = Date.now()): RateLimitHeaders {
  const out: RateLimitHeaders = {};
  const set = <K extends keyof RateLimitHeaders>(key: K, value: RateBucket | undefined) => {
    if (value) out[key] = value;
  };
  if (
    get(headers, "anthropic-ratelimit-requests-limit") !== null ||
    get(headers, "anthropic-ratelimit-tokens-limit") !== null ||
    get(headers, "anthropic-ratelimit-input-tokens-limit") !== null
  ) {
    set("requests", anthropic(headers, "requests", now));
    set("tokens", anthropic(headers, "tokens", now));
    set("inputTokens", anthropic(headers, "input-tokens", now));
    set("outputTokens", anthropic(headers, "output-tokens", now));
    return out;
  }
  set("requests", openai(headers, "requests"));
  set("tokens", openai(headers, "tokens"));
  return out;
}
