import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openAiDuration } from "../fakes/ai-provider-limits";
import { startFakeProvider, type FakeProviderHandle } from "../fakes/ai-provider";

let fake: FakeProviderHandle;
let now = 1_000_000_000_000;
const openai = () => new OpenAI({ apiKey: "sk-valid-limits", baseURL: fake.openaiBaseUrl, maxRetries: 0 });
const anthropic = () => new Anthropic({ apiKey: "sk-ant-valid-limits", baseURL: fake.anthropicBaseUrl, maxRetries: 0 });
const chat = (maxTokens: number) =>
  openai()
    .chat.completions.create({
      model: "gpt-4o-mini",
      max_tokens: maxTokens,
      messages: [{ role: "user", content: "hi" }],
    })
    .withResponse();

beforeAll(async () => {
  fake = await startFakeProvider({ now: () => now });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

describe("fake provider: rate limits as the real APIs send them", () => {
  it("formats OpenAI durations", () => {
    expect(openAiDuration(20)).toBe("20ms");
    expect(openAiDuration(1200)).toBe("1.2s");
    expect(openAiDuration(360_000)).toBe("6m0s");
    expect(openAiDuration(3_723_500)).toBe("1h2m3.5s");
  });

  it("OpenAI: request and token buckets refilled continuously, headers on every answer and on the 429", async () => {
    fake.setOptions({ rateLimitPerMinute: 60, rateLimitAlgorithm: "token-bucket", tokenLimitPerMinute: 1000 });
    const { response } = await chat(600);
    const h = response.headers;
    expect(h.get("x-ratelimit-limit-requests")).toBe("60");
    expect(h.get("x-ratelimit-remaining-requests")).toBe("59");
    expect(h.get("x-ratelimit-reset-requests")).toBe("1s"); // one request's refill
    expect(h.get("x-ratelimit-limit-tokens")).toBe("1000");
    const used = 1000 - Number(h.get("x-ratelimit-remaining-tokens"));
    expect(used).toBeGreaterThan(600); // the prompt + max_tokens, counted at admission
    expect(h.get("x-ratelimit-reset-tokens")).toBe(openAiDuration((used * 60_000) / 1000));
    // A second request of 600 + prompt tokens no longer fits: 429 on tokens, with the headers and a wait.
    const err = (await chat(600).catch((e: unknown) => e)) as InstanceType<typeof OpenAI.RateLimitError>;
    expect(err).toBeInstanceOf(OpenAI.RateLimitError);
    expect(err.message).toMatch(/tokens per min \(TPM\): Limit 1000/);
    expect(err.headers.get("x-ratelimit-remaining-tokens")).toBe(String(1000 - used));
    expect(Number(err.headers.get("retry-after-ms"))).toBeGreaterThan(0);
    // Refilled continuously: after the wait it fits again.
    now += Number(err.headers.get("retry-after-ms"));
    await expect(chat(600)).resolves.toBeTruthy();
    expect(fake.stats.rateLimited).toBe(1);
    expect(fake.stats.calls.map((c) => c.tokens)).toEqual([used, 0, used]);
  });

  it("Anthropic: input and output token buckets (max_tokens at the start), RFC 3339 resets, counts rounded to the nearest thousand", async () => {
    fake.setOptions({
      rateLimitPerMinute: 50,
      rateLimitAlgorithm: "token-bucket",
      inputTokenLimitPerMinute: 40_000,
      outputTokenLimitPerMinute: 8_000,
    });
    const send = (maxTokens: number) =>
      anthropic()
        .messages.create({
          model: "claude-3-haiku-20240307",
          max_tokens: maxTokens,
          messages: [{ role: "user", content: "x" }],
        })
        .withResponse();
    const { response } = await send(1400);
    const h = response.headers;
    expect(h.get("anthropic-ratelimit-requests-limit")).toBe("50");
    expect(h.get("anthropic-ratelimit-requests-remaining")).toBe("49");
    expect(h.get("anthropic-ratelimit-requests-reset")).toBe(
      new Date(Math.ceil((now + 1200) / 1000) * 1000).toISOString().replace(".000Z", "Z"),
    );
    // A few input tokens of 40,000 (rounded: 40,000); 1,400 of 8,000 output tokens (6,600 left: 7,000).
    expect(h.get("anthropic-ratelimit-input-tokens-limit")).toBe("40000");
    expect(h.get("anthropic-ratelimit-input-tokens-remaining")).toBe("40000");
    expect(h.get("anthropic-ratelimit-output-tokens-limit")).toBe("8000");
    expect(h.get("anthropic-ratelimit-output-tokens-remaining")).toBe("7000");
    // The combined headers are the most restrictive bucket: output.
    expect(h.get("anthropic-ratelimit-tokens-limit")).toBe("8000");
    expect(h.get("anthropic-ratelimit-tokens-remaining")).toBe("7000");
    expect(h.get("x-ratelimit-limit-requests")).toBeNull();
    // 200 more: 6,400 left, rounded down to 6,000. Output is counted from max_tokens, not from what was written.
    const second = (await send(200)).response.headers;
    expect(second.get("anthropic-ratelimit-output-tokens-remaining")).toBe("6000");
    // The output bucket binds: 6,400 left, a request of 7,000 waits (429 naming the output limit).
    const err = (await send(7000).catch((e: unknown) => e)) as InstanceType<typeof Anthropic.RateLimitError>;
    expect(err).toBeInstanceOf(Anthropic.RateLimitError);
  });

  it("OpenAI: a request without an output cap is charged its output when the call ends; web search input too", async () => {
    fake.setOptions({ rateLimitPerMinute: 60, rateLimitAlgorithm: "token-bucket", tokenLimitPerMinute: 100_000 });
    const client = openai();
    const plain = await client.responses.create({ model: "gpt-4o-mini", input: "hi" }).withResponse();
    const [call] = fake.stats.calls;
    const usage = plain.data.usage!;
    expect(call!.tokens).toBe(usage.input_tokens + usage.output_tokens);
    expect(100_000 - Number(plain.response.headers.get("x-ratelimit-remaining-tokens"))).toBe(call!.tokens);
    const researched = await client.responses
      .create({ model: "gpt-4o-mini", input: "hi", max_output_tokens: 300, tools: [{ type: "web_search" }] })
      .withResponse();
    const r = fake.stats.calls[1]!;
    // Admission: the request's input and its cap; at the end: the search results' input (in usage too).
    expect(r.tokens).toBe(researched.data.usage!.input_tokens + 300);
    expect(researched.data.usage!.input_tokens).toBeGreaterThan(usage.input_tokens + 500);
  });
});
