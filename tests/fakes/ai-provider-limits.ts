/**
 * The fake provider's rate limits per key, counted the way each provider documents it, and the headers
 * the real APIs send on every answer. Every bucket is refilled continuously (limit per 60 s) and holds
 * one minute of its limit.
 *
 * OpenAI (`rateLimitPerMinute`, `tokenLimitPerMinute`): a request is admitted against its requests
 * bucket and its tokens bucket; at admission the tokens bucket is charged the request's estimated input
 * plus its output cap (`max_tokens` / `max_completion_tokens` / `max_output_tokens`). When the call ends
 * it is charged what admission could not know: the input a tool added (web search results) and, for a
 * request that named no output cap, the output it generated. Headers
 * x-ratelimit-{limit,remaining,reset}-{requests,tokens}; reset = time until the bucket is full again
 * ("1.2s", "6m0s", "20ms"); remaining exact.
 *
 * Anthropic (`rateLimitPerMinute`, `inputTokenLimitPerMinute` — or `tokenLimitPerMinute` — and
 * `outputTokenLimitPerMinute`): separate input-token (ITPM) and output-token (OTPM) buckets. At the start
 * the input bucket is charged the estimated input and the output bucket the request's `max_tokens`;
 * input a tool added is charged when the call ends. Headers
 * anthropic-ratelimit-{requests,input-tokens,output-tokens,tokens}-{limit,remaining,reset}, where
 * `tokens` is the most restrictive of the token buckets; reset in RFC 3339 (whole seconds, rounded up);
 * token counts remaining rounded to the nearest thousand.
 */
import type { FakeProvider, Json } from "./ai-provider-wire";

export type RateLimitAlgorithm = "sliding-window" | "token-bucket";

export interface LimitOptions {
  rateLimitPerMinute?: number;
  /** OpenAI: tokens per minute (input + output cap). Anthropic: input tokens per minute, unless the next is set. */
  tokenLimitPerMinute?: number;
  /** Anthropic: input tokens per minute (ITPM). */
  inputTokenLimitPerMinute?: number;
  /** Anthropic: output tokens per minute (OTPM), charged `max_tokens` at the start. */
  outputTokenLimitPerMinute?: number;
  rateLimitAlgorithm?: RateLimitAlgorithm;
}

/** What a request costs at admission. */
export interface Charge {
  /** Estimated input tokens. */
  input: number;
  /** The output cap the request named (0 when none). */
  outputCap: number;
}

interface Bucket {
  level: number;
  at: number;
}

interface BucketView {
  limit: number;
  remaining: number;
  resetMs: number;
}

type TokenKind = "tokens" | "input-tokens" | "output-tokens";

export type LimitCheck =
  | { ok: true; headers: Record<string, string>; counted: number }
  | { ok: false; headers: Record<string, string>; waitMs: number; kind: "requests" | TokenKind; requested: number };

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

/** Output cap of a generation request (what the providers count against their limits at admission). */
export function outputCap(body: Json): number {
  const cap = body.max_tokens ?? body.max_completion_tokens ?? body.max_output_tokens;
  return typeof cap === "number" && cap > 0 ? cap : 0;
}

const positive = (n: number | undefined) => (n && n > 0 ? n : 0);

/** The token buckets a provider keeps, with their limits and what a request costs in each at admission. */
function tokenBuckets(provider: FakeProvider, o: LimitOptions, c: Charge): Array<[TokenKind, number, number]> {
  if (provider === "openai") {
    const tpm = positive(o.tokenLimitPerMinute);
    return tpm ? [["tokens", tpm, c.input + c.outputCap]] : [];
  }
  const itpm = positive(o.inputTokenLimitPerMinute ?? o.tokenLimitPerMinute);
  const otpm = positive(o.outputTokenLimitPerMinute);
  const out: Array<[TokenKind, number, number]> = [];
  if (itpm) out.push(["input-tokens", itpm, c.input]);
  if (otpm) out.push(["output-tokens", otpm, c.outputCap]);
  return out;
}

function headers(provider: FakeProvider, now: number, views: Map<"requests" | TokenKind, BucketView>) {
  const out: Record<string, string> = {};
  if (provider === "openai") {
    for (const [kind, b] of views) {
      out[`x-ratelimit-limit-${kind}`] = String(b.limit);
      out[`x-ratelimit-remaining-${kind}`] = String(Math.max(0, Math.floor(b.remaining)));
      out[`x-ratelimit-reset-${kind}`] = openAiDuration(b.resetMs);
    }
    return out;
  }
  const put = (kind: string, b: BucketView, tokens: boolean) => {
    const left = Math.max(0, tokens ? Math.round(b.remaining / 1000) * 1000 : Math.floor(b.remaining));
    out[`anthropic-ratelimit-${kind}-limit`] = String(b.limit);
    out[`anthropic-ratelimit-${kind}-remaining`] = String(left);
    out[`anthropic-ratelimit-${kind}-reset`] = new Date(Math.ceil((now + b.resetMs) / 1000) * 1000)
      .toISOString()
      .replace(".000Z", "Z");
  };
  let tightest: BucketView | null = null;
  for (const [kind, b] of views) {
    put(kind, b, kind !== "requests");
    if (kind !== "requests" && (!tightest || b.remaining / b.limit < tightest.remaining / tightest.limit)) tightest = b;
  }
  if (tightest) put("tokens", tightest, true);
  return out;
}

export function createLimiter(options: () => LimitOptions, clock: () => number) {
  const windows = new Map<string, number[]>();
  const buckets = new Map<string, Bucket>();

  const level = (id: string, limit: number, now: number): Bucket => {
    const b = buckets.get(id) ?? { level: limit, at: now };
    b.level = Math.min(limit, b.level + ((now - b.at) * limit) / 60_000);
    b.at = now;
    buckets.set(id, b);
    return b;
  };
  const view = (limit: number, remaining: number): BucketView => ({
    limit,
    remaining,
    resetMs: Math.max(0, ((limit - remaining) * 60_000) / limit),
  });

  /** The key's buckets as they stand now (for headers). */
  function views(provider: FakeProvider, key: string, now: number): Map<"requests" | TokenKind, BucketView> {
    const o = options();
    const out = new Map<"requests" | TokenKind, BucketView>();
    const rpm = positive(o.rateLimitPerMinute);
    if (rpm && o.rateLimitAlgorithm === "token-bucket")
      out.set("requests", view(rpm, level(`${key}:requests`, rpm, now).level));
    else if (rpm) {
      const list = (windows.get(key) ?? []).filter((t) => t > now - 60_000);
      out.set("requests", {
        limit: rpm,
        remaining: rpm - list.length,
        resetMs: list.length ? list[0]! + 60_000 - now : 0,
      });
    }
    for (const [kind, limit] of tokenBuckets(provider, o, { input: 0, outputCap: 0 }))
      out.set(kind, view(limit, level(`${key}:${kind}`, limit, now).level));
    return out;
  }

  /** Admits a request (every bucket or none), or says how long to wait and which bucket binds. */
  function check(provider: FakeProvider, key: string, charge: Charge): LimitCheck {
    const o = options();
    const now = clock();
    const rpm = positive(o.rateLimitPerMinute);
    const bucketMode = o.rateLimitAlgorithm === "token-bucket";
    const waits: Array<[number, "requests" | TokenKind]> = [];
    if (rpm && bucketMode) {
      const b = level(`${key}:requests`, rpm, now);
      if (b.level < 1) waits.push([Math.ceil(((1 - b.level) * 60_000) / rpm), "requests"]);
    } else if (rpm) {
      const list = (windows.get(key) ?? []).filter((t) => t > now - 60_000);
      windows.set(key, list);
      if (list.length >= rpm) waits.push([Math.max(1, list[0]! + 60_000 - now), "requests"]);
    }
    const costs = tokenBuckets(provider, o, charge);
    for (const [kind, limit, cost] of costs) {
      const b = level(`${key}:${kind}`, limit, now);
      const need = Math.min(cost, limit);
      if (b.level < need) waits.push([Math.ceil(((need - b.level) * 60_000) / limit), kind]);
    }
    if (waits.length) {
      const [waitMs, kind] = waits.reduce((a, b) => (b[0] > a[0] ? b : a));
      const requested = costs.find(([k]) => k === kind)?.[2] ?? 1;
      return { ok: false, headers: headers(provider, now, views(provider, key, now)), waitMs, kind, requested };
    }
    if (rpm && bucketMode) buckets.get(`${key}:requests`)!.level -= 1;
    else if (rpm) windows.get(key)!.push(now);
    for (const [kind, , cost] of costs) buckets.get(`${key}:${kind}`)!.level -= cost;
    const counted = costs.reduce((sum, [, , cost]) => sum + cost, 0);
    return { ok: true, headers: headers(provider, now, views(provider, key, now)), counted };
  }

  /**
   * When the call ends: charges what admission could not know (input a tool added; OpenAI: the output of a
   * request without an output cap) and returns the headers of the answer. The bucket may go below zero.
   */
  function settle(provider: FakeProvider, key: string, extra: { input: number; output: number }) {
    const o = options();
    const now = clock();
    let counted = 0;
    for (const [kind, limit] of tokenBuckets(provider, o, { input: 0, outputCap: 0 })) {
      const cost = kind === "output-tokens" ? 0 : kind === "tokens" ? extra.input + extra.output : extra.input;
      level(`${key}:${kind}`, limit, now).level -= cost;
      counted += cost;
    }
    return { headers: headers(provider, now, views(provider, key, now)), counted };
  }

  return {
    check,
    settle,
    clear() {
      windows.clear();
      buckets.clear();
    },
  };
}
