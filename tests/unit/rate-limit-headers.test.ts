import { describe, expect, it } from "vitest";
import { parseDuration, parseRateLimitHeaders } from "@/lib/ai/rate-limit-headers";

describe("parseDuration (OpenAI's reset format)", () => {
  it.each([
    ["20ms", 20],
    ["1.2s", 1200],
    ["6m0s", 360_000],
    ["1m30.5s", 90_500],
    ["1h2m3s", 3_723_000],
    ["17", 17_000],
  ])("%s → %d ms", (text, ms) => expect(parseDuration(text)).toBeCloseTo(ms, 6));

  it("refuses what is not a duration", () => {
    for (const text of ["", "soon", "1.2x", "s", "5s later"]) expect(parseDuration(text)).toBeUndefined();
  });
});

describe("parseRateLimitHeaders", () => {
  it("reads OpenAI's request and token buckets (reset = time until full)", () => {
    const h = new Headers({
      "x-ratelimit-limit-requests": "500",
      "x-ratelimit-remaining-requests": "499",
      "x-ratelimit-reset-requests": "120ms",
      "x-ratelimit-limit-tokens": "200000",
      "x-ratelimit-remaining-tokens": "199150",
      "x-ratelimit-reset-tokens": "6m0s",
    });
    expect(parseRateLimitHeaders(h)).toEqual({
      requests: { limit: 500, remaining: 499, resetMs: 120 },
      tokens: { limit: 200_000, remaining: 199_150, resetMs: 360_000 },
    });
  });

  it("reads Anthropic's buckets with RFC 3339 resets (a plain record works too)", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    const parsed = parseRateLimitHeaders(
      {
        "anthropic-ratelimit-requests-limit": "50",
        "anthropic-ratelimit-requests-remaining": "49",
        "anthropic-ratelimit-requests-reset": "2026-01-01T00:00:02Z",
        "anthropic-ratelimit-tokens-limit": "40000",
        "anthropic-ratelimit-tokens-remaining": "39000",
        "anthropic-ratelimit-tokens-reset": "2026-01-01T00:00:01.500Z",
        "anthropic-ratelimit-input-tokens-limit": "30000",
        "anthropic-ratelimit-input-tokens-remaining": "29000",
        "anthropic-ratelimit-input-tokens-reset": "2026-01-01T00:00:01Z",
        "anthropic-ratelimit-output-tokens-limit": "8000",
        "anthropic-ratelimit-output-tokens-remaining": "8000",
        "anthropic-ratelimit-output-tokens-reset": "2025-12-31T23:59:59Z",
      },
      now,
    );
    expect(parsed).toEqual({
      requests: { limit: 50, remaining: 49, resetMs: 2000 },
      tokens: { limit: 40_000, remaining: 39_000, resetMs: 1500 },
      inputTokens: { limit: 30_000, remaining: 29_000, resetMs: 1000 },
      // A reset in the past is now.
      outputTokens: { limit: 8000, remaining: 8000, resetMs: 0 },
    });
  });

  it("is empty without headers and skips unreadable values", () => {
    expect(parseRateLimitHeaders(new Headers())).toEqual({});
    expect(parseRateLimitHeaders(null)).toEqual({});
    expect(
      parseRateLimitHeaders(
        new Headers({ "x-ratelimit-limit-requests": "lots", "x-ratelimit-remaining-requests": "3" }),
      ),
    ).toEqual({ requests: { limit: undefined, remaining: 3, resetMs: undefined } });
  });
});
