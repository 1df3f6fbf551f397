/**
 * The fake provider's rate limits per key, and the headers the real APIs send on every answer:
 *   requests  `rateLimitPerMinute`: a sliding 60 s window (default) or, with
 *             `rateLimitAlgorithm: "token-bucket"`, a bucket of that many requests refilled
 *             continuously (limit / 60 s), as OpenAI and Anthropic enforce it;
 *   tokens    `tokenLimitPerMinute`: a token bucket refilled continuously; a request costs its input
 *             tokens plus its output cap (max_tokens / max_completion_tokens / max_output_tokens) at
 *             admission, as OpenAI counts it.
 * OpenAI headers: x-ratelimit-{limit,remaining,reset}-{requests,tokens}, reset = time until the
 * bucket is full again ("1.2s", "6m0s", "20ms"). Anthropic headers:
 * anthropic-ratelimit-{requests,tokens}-{limit,remaining,reset}, reset in RFC 3339 (whole seconds,
 * rounded up), token counts rounded down to the thousand.
 */
import type { FakeProvider, Json } from "./ai-provider-wire";

export type RateLimitAlgorithm = "sliding-window" | "token-bucket";

export interface LimitOptions {
  rateLimitPerMinute?: number;
  tokenLimitPerMinute?: number;
  rateLimitAlgorithm?: RateLimitAlgorithm;
}

interface Bucket {
  level: number;
  at: number;
}

export type LimitCheck =
  | { ok: true; headers: Record<string, string> }
  | { ok: false; headers: Record<string, string>; waitMs: number; kind: "requests" | "tokens"; requested: number };

/** OpenAI's duration format: "20ms", "1.2s", "6m0s", "1h0m0s". */
export function openAiDuration(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))}ms`;
  const s = ms / 1000;
  if (s < 60) return `${Number(s.toFixed(3))}s`;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = Number((s % 60).toFixed(3));
  return `${h ? `${h}h` : ""}${m}m${rest}s`;
}

/** Output cap of a generation request (what OpenAI counts against tokens per minute at admission). */
export function outputCap(body: Json): number {
  const cap = body.max_tokens ?? body.max_completion_tokens ?? body.max_output_tokens;
  return typeof cap === "number" && cap > 0 ? cap : 0;
}

export function createLimiter(options: () => LimitOptions, clock: () => number) {
  const windows = new Map<string, number[]>();
  const requestBuckets = new Map<string, Bucket>();
  const tokenBuckets = new Map<string, Bucket>();

  const level = (map: Map<string, Bucket>, key: string, limit: number, now: number): Bucket => {
    const b = map.get(key) ?? { level: limit, at: now };
    b.level = Math.min(limit, b.level + ((now - b.at) * limit) / 60_000);
    b.at = now;
    map.set(key, b);
    return b;
  };

  function headers(
    provider: FakeProvider,
    now: number,
    requests: { limit: number; remaining: number; resetMs: number } | null,
    tokens: { limit: number; remaining: number; resetMs: number } | null,
  ): Record<string, string> {
    const out: Record<string, string> = {};
    const put = (kind: "requests" | "tokens", b: { limit: number; remaining: number; resetMs: number }) => {
      if (provider === "openai") {
        out[`x-ratelimit-limit-${kind}`] = String(b.limit);
        out[`x-ratelimit-remaining-${kind}`] = String(Math.max(0, Math.floor(b.remaining)));
        out[`x-ratelimit-reset-${kind}`] = openAiDuration(b.resetMs);
      } else {
        const round = (n: number) => (kind === "tokens" ? Math.floor(n / 1000) * 1000 : Math.floor(n));
        out[`anthropic-ratelimit-${kind}-limit`] = String(b.limit);
        out[`anthropic-ratelimit-${kind}-remaining`] = String(Math.max(0, round(b.remaining)));
        out[`anthropic-ratelimit-${kind}-reset`] = new Date(Math.ceil((now + b.resetMs) / 1000) * 1000)
          .toISOString()
          .replace(".000Z", "Z");
      }
    };
    if (requests) put("requests", requests);
    if (tokens) put("tokens", tokens);
    return out;
  }

  /** Admits a request costing `tokens` (both buckets or neither), or says how long to wait. */
  function check(provider: FakeProvider, key: string, tokens: number): LimitCheck {
    const o = options();
    const now = clock();
    const rpm = o.rateLimitPerMinute && o.rateLimitPerMinute > 0 ? o.rateLimitPerMinute : 0;
    const tpm = o.tokenLimitPerMinute && o.tokenLimitPerMinute > 0 ? o.tokenLimitPerMinute : 0;
    const bucketMode = o.rateLimitAlgorithm === "token-bucket";
    // Requests: left now, and the wait for one more.
    let reqLeft = Infinity;
    let reqWait = 0;
    let list: number[] = [];
    if (rpm && bucketMode) {
      const b = level(requestBuckets, key, rpm, now);
      reqLeft = b.level;
      reqWait = b.level >= 1 ? 0 : Math.ceil(((1 - b.level) * 60_000) / rpm);
    } else if (rpm) {
      list = (windows.get(key) ?? []).filter((t) => t > now - 60_000);
      windows.set(key, list);
      reqLeft = rpm - list.length;
      reqWait = list.length >= rpm ? Math.max(1, list[0]! + 60_000 - now) : 0;
    }
    let tokLeft = Infinity;
    let tokWait = 0;
    if (tpm) {
      const b = level(tokenBuckets, key, tpm, now);
      tokLeft = b.level;
      const need = Math.min(tokens, tpm);
      tokWait = b.level >= need ? 0 : Math.ceil(((need - b.level) * 60_000) / tpm);
    }
    const state = () => ({
      requests: rpm
        ? {
            limit: rpm,
            remaining: reqLeft,
            resetMs: bucketMode ? ((rpm - reqLeft) * 60_000) / rpm : list.length ? list[0]! + 60_000 - now : 0,
          }
        : null,
      tokens: tpm ? { limit: tpm, remaining: tokLeft, resetMs: ((tpm - tokLeft) * 60_000) / tpm } : null,
    });
    if (reqWait > 0 || tokWait > 0) {
      const s = state();
      return {
        ok: false,
        headers: headers(provider, now, s.requests, s.tokens),
        waitMs: Math.max(reqWait, tokWait),
        kind: reqWait >= tokWait ? "requests" : "tokens",
        requested: tokens,
      };
    }
    if (rpm && bucketMode) requestBuckets.get(key)!.level -= 1;
    else if (rpm) list.push(now);
    if (rpm) reqLeft -= 1;
    if (tpm) {
      tokenBuckets.get(key)!.level -= tokens;
      tokLeft -= tokens;
    }
    const s = state();
    return { ok: true, headers: headers(provider, now, s.requests, s.tokens) };
  }

  return {
    check,
    clear() {
      windows.clear();
      requestBuckets.clear();
      tokenBuckets.clear();
    },
  };
}
