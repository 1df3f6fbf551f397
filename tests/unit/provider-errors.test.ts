import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { classifyProviderError, ProviderError, retryAfterMs, type ProviderErrorKind } from "@/lib/ai/errors";
import { providerErrorToAppError } from "@/lib/services/generation/provider-errors";

/** Errors exactly as each SDK builds them from an HTTP answer. */
const openaiError = (status: number, message: string, headers: Record<string, string> = {}) =>
  OpenAI.APIError.generate(status, { error: { message, type: "x", code: null } }, undefined, new Headers(headers));
const anthropicError = (status: number, message: string, headers: Record<string, string> = {}) =>
  Anthropic.APIError.generate(
    status,
    { type: "error", error: { type: "x", message } },
    undefined,
    new Headers(headers),
  );

const both = [
  ["OpenAI", openaiError],
  ["Anthropic", anthropicError],
] as const;

describe("classifyProviderError", () => {
  for (const [provider, make] of both) {
    describe(provider, () => {
      it("401 → invalid_key, naming the key and where to fix it", () => {
        const e = classifyProviderError(make(401, "invalid x-api-key"), provider, "m");
        expect(e).toBeInstanceOf(ProviderError);
        expect(e).toMatchObject({ kind: "invalid_key", status: 401, transient: false });
        expect(e.message).toMatch(new RegExp(`${provider} API key is invalid`));
        expect(e.message).toMatch(/API Keys/);
      });

      it("403 → permission, with the provider's detail", () => {
        const e = classifyProviderError(make(403, "Country not supported"), provider);
        expect(e).toMatchObject({ kind: "permission", status: 403, transient: false });
        expect(e.message).toContain("Country not supported");
      });

      it("404 → model_not_found naming the model", () => {
        const e = classifyProviderError(make(404, "model: gpt-9"), provider, "gpt-9");
        expect(e).toMatchObject({ kind: "model_not_found", status: 404, transient: false });
        expect(e.message).toContain("gpt-9");
        expect(e.message).toMatch(/Choose another model/);
      });

      it("429 → rate_limited with retry-after (seconds)", () => {
        const e = classifyProviderError(make(429, "slow down", { "retry-after": "7" }), provider);
        expect(e).toMatchObject({ kind: "rate_limited", status: 429, retryAfterMs: 7000, transient: true });
        expect(e.message).toMatch(/rate limit/i);
      });

      it("429 → retry-after-ms wins over retry-after", () => {
        const e = classifyProviderError(
          make(429, "slow down", { "retry-after": "7", "retry-after-ms": "1234" }),
          provider,
        );
        expect(e.retryAfterMs).toBe(1234);
      });

      it("429 without headers → no retry hint", () => {
        expect(classifyProviderError(make(429, "slow down"), provider).retryAfterMs).toBeUndefined();
      });

      it("529 and 503 → overloaded (transient)", () => {
        expect(classifyProviderError(make(529, "Overloaded"), provider)).toMatchObject({
          kind: "overloaded",
          status: 529,
          transient: true,
        });
        expect(classifyProviderError(make(503, "Unavailable", { "retry-after": "2" }), provider)).toMatchObject({
          kind: "overloaded",
          retryAfterMs: 2000,
        });
      });

      it("500 / 502 → server_error (transient)", () => {
        expect(classifyProviderError(make(500, "boom"), provider)).toMatchObject({
          kind: "server_error",
          status: 500,
          transient: true,
        });
        expect(classifyProviderError(make(502, "bad gateway"), provider).message).toContain("502");
      });

      it("400 / 422 → bad_request with the detail (not transient)", () => {
        const e = classifyProviderError(make(400, "response_format is invalid"), provider);
        expect(e).toMatchObject({ kind: "bad_request", status: 400, transient: false });
        expect(e.message).toContain("response_format is invalid");
        expect(classifyProviderError(make(422, "bad"), provider).kind).toBe("bad_request");
      });
    });
  }

  it("SDK timeouts → timeout (transient)", () => {
    for (const error of [
      new OpenAI.APIConnectionTimeoutError(),
      new Anthropic.APIConnectionTimeoutError(),
      new DOMException("signal timed out", "TimeoutError"),
    ]) {
      const e = classifyProviderError(error, "OpenAI");
      expect(e.kind, String(error)).toBe("timeout");
      expect(e.transient).toBe(true);
      expect(e.message).toMatch(/did not answer in time/);
    }
  });

  it("connection failures → network (transient)", () => {
    for (const error of [
      new OpenAI.APIConnectionError({ cause: new TypeError("fetch failed") }),
      new Anthropic.APIConnectionError({}),
      new TypeError("fetch failed"),
      Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:1"), { code: "ECONNREFUSED" }),
    ]) {
      const e = classifyProviderError(error, "Anthropic");
      expect(e.kind, String(error)).toBe("network");
      expect(e.transient).toBe(true);
      expect(e.message).toMatch(/Could not reach Anthropic/);
    }
  });

  it("passes a ProviderError through unchanged", () => {
    const original = new ProviderError("bad_output", "not JSON");
    expect(classifyProviderError(original, "OpenAI")).toBe(original);
  });

  it("anything else is a server_error with the detail", () => {
    const e = classifyProviderError(new Error("weird"), "OpenAI");
    expect(e.kind).toBe("server_error");
    expect(e.message).toContain("weird");
    expect(classifyProviderError(undefined, "OpenAI").kind).toBe("server_error");
  });
});

describe("retryAfterMs", () => {
  it("reads retry-after-ms, retry-after seconds and HTTP dates", () => {
    expect(retryAfterMs(new Headers({ "retry-after-ms": "250" }))).toBe(250);
    expect(retryAfterMs({ "retry-after": "3" })).toBe(3000);
    const inFive = new Date(Date.now() + 5000).toUTCString();
    const ms = retryAfterMs(new Headers({ "retry-after": inFive }))!;
    expect(ms).toBeGreaterThan(3000);
    expect(ms).toBeLessThanOrEqual(5000);
    expect(retryAfterMs(new Headers({ "retry-after": new Date(Date.now() - 60_000).toUTCString() }))).toBe(0);
  });

  it("falls back to the rate-limit reset headers (durations and timestamps)", () => {
    expect(retryAfterMs(new Headers({ "x-ratelimit-reset-requests": "1m30s" }))).toBe(90_000);
    expect(retryAfterMs(new Headers({ "x-ratelimit-reset-requests": "1.5s" }))).toBe(1500);
    expect(retryAfterMs(new Headers({ "x-ratelimit-reset-requests": "20ms" }))).toBe(20);
    const ms = retryAfterMs(
      new Headers({ "anthropic-ratelimit-requests-reset": new Date(Date.now() + 10_000).toISOString() }),
    )!;
    expect(ms).toBeGreaterThan(8000);
    expect(ms).toBeLessThanOrEqual(10_000);
  });

  it("is undefined without usable headers", () => {
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs(new Headers())).toBeUndefined();
    expect(retryAfterMs(new Headers({ "retry-after": "soon-ish" }))).toBeUndefined();
    expect(retryAfterMs(new Headers({ "x-ratelimit-reset-requests": "" }))).toBeUndefined();
  });
});

describe("providerErrorToAppError", () => {
  const kinds: ProviderErrorKind[] = [
    "invalid_key",
    "permission",
    "model_not_found",
    "rate_limited",
    "overloaded",
    "timeout",
    "network",
    "bad_request",
    "server_error",
    "bad_output",
  ];

  it("never answers 401 (that would sign the user out), always 4xx/5xx with the message and reason", () => {
    for (const kind of kinds) {
      const app = providerErrorToAppError(new ProviderError(kind, `message for ${kind}`));
      expect(app.status, kind).not.toBe(401);
      expect(app.status).toBeGreaterThanOrEqual(400);
      expect(app.msg).toBe(`message for ${kind}`);
      expect(app.extra).toEqual({ reason: kind });
    }
  });

  it("a bad key is a 400 naming the key; rate limits a 429; timeouts a 504", () => {
    const invalid = providerErrorToAppError(
      classifyProviderError(openaiError(401, "Incorrect API key provided"), "OpenAI"),
    );
    expect(invalid.status).toBe(400);
    expect(invalid.msg).toMatch(/OpenAI API key is invalid/);
    expect(providerErrorToAppError(new ProviderError("model_not_found", "x")).status).toBe(400);
    expect(providerErrorToAppError(new ProviderError("rate_limited", "x")).status).toBe(429);
    expect(providerErrorToAppError(new ProviderError("timeout", "x")).status).toBe(504);
  });

  it("a key the provider refuses (invalid, or without access or credit) is provider_auth, never our own forbidden", () => {
    expect(providerErrorToAppError(new ProviderError("invalid_key", "x"))).toMatchObject({
      code: "provider_auth",
      status: 400,
    });
    expect(providerErrorToAppError(new ProviderError("permission", "x"))).toMatchObject({
      code: "provider_auth",
      status: 400,
    });
    expect(providerErrorToAppError(new ProviderError("rate_limited", "x")).code).toBe("rate_limited");
    for (const kind of ["overloaded", "server_error", "network", "timeout", "bad_output"] as const) {
      expect(providerErrorToAppError(new ProviderError(kind, "x")).code, kind).toBe("provider_error");
    }
  });
});

describe("quota exhaustion", () => {
  it("a 429 insufficient_quota is not a rate limit but a key problem the user must fix", async () => {
    const { classifyProviderError } = await import("@/lib/ai/errors");
    const error = {
      status: 429,
      message: "429 You exceeded your current quota",
      error: { error: { code: "insufficient_quota", message: "You exceeded your current quota" } },
    };
    const classified = classifyProviderError(error, "OpenAI");
    expect(classified.kind).toBe("permission");
    expect(classified.transient).toBe(false);
    expect(classified.message).toMatch(/no credit left/);
  });
});
