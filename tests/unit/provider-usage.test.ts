import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { generateStructured } from "@/lib/ai/generate";
import { formatUsd } from "@/lib/ai/format-usd";
import type { GenerationRequest } from "@/lib/ai/generation-types";
import { sumUsage, usageFromAnthropic, usageFromOpenAIChat, usageFromOpenAIResponses } from "@/lib/ai/provider-usage";
import { costOfUsage } from "@/lib/ai/usage";
import { resetEnvForTests } from "@/lib/env";
import { SpendCap } from "@/lib/services/generation/spend-cap";
import { o200kTokens } from "../fakes/ai-provider-tokens";
import { requestTokens, startFakeProvider, type FakeProviderHandle } from "../fakes/ai-provider";

const SCHEMA = {
  type: "object",
  properties: { subject_line: { type: "string" }, email_body: { type: "string" } },
  required: ["subject_line", "email_body"],
  additionalProperties: false,
};

describe("usage from each provider's usage report", () => {
  it("OpenAI Chat Completions: prompt_tokens include the cached ones", () => {
    expect(
      usageFromOpenAIChat({
        prompt_tokens: 2006,
        completion_tokens: 300,
        total_tokens: 2306,
        prompt_tokens_details: { cached_tokens: 1920, audio_tokens: 0 },
        completion_tokens_details: { reasoning_tokens: 0 },
      }),
    ).toEqual({ inputTokens: 2006, outputTokens: 300, cachedInputTokens: 1920 });
    expect(usageFromOpenAIChat({ prompt_tokens: 10, completion_tokens: 2 })).toEqual({
      inputTokens: 10,
      outputTokens: 2,
      cachedInputTokens: 0,
    });
    expect(usageFromOpenAIChat(undefined)).toBeNull();
  });

  it("OpenAI Responses API: input_tokens and input_tokens_details.cached_tokens", () => {
    expect(
      usageFromOpenAIResponses({
        input_tokens: 1500,
        input_tokens_details: { cached_tokens: 1024 },
        output_tokens: 120,
        output_tokens_details: { reasoning_tokens: 40 },
        total_tokens: 1620,
      }),
    ).toEqual({ inputTokens: 1500, outputTokens: 120, cachedInputTokens: 1024 });
  });

  it("Anthropic: input_tokens + cache reads + cache writes; cached = cache reads", () => {
    expect(
      usageFromAnthropic({
        input_tokens: 50,
        cache_creation_input_tokens: 200,
        cache_read_input_tokens: 1000,
        output_tokens: 80,
      }),
    ).toEqual({ inputTokens: 1250, outputTokens: 80, cachedInputTokens: 1000 });
    expect(usageFromAnthropic({ input_tokens: 7, output_tokens: 3, cache_read_input_tokens: null })).toEqual({
      inputTokens: 7,
      outputTokens: 3,
      cachedInputTokens: 0,
    });
  });

  it("sums the turns of one generation; nothing reported is null", () => {
    const a = { inputTokens: 10, outputTokens: 1, cachedInputTokens: 2 };
    const b = { inputTokens: 20, outputTokens: 3, cachedInputTokens: 0 };
    expect(sumUsage(a, null, b)).toEqual({ inputTokens: 30, outputTokens: 4, cachedInputTokens: 2 });
    expect(sumUsage(null, null)).toBeNull();
  });

  it("costs cached input at the cached price, null for an unknown model", () => {
    const usage = { inputTokens: 1_000_000, outputTokens: 1_000_000, cachedInputTokens: 500_000 };
    expect(costOfUsage("gpt-4o-mini", usage)).toBeCloseTo(0.5 * 0.15 + 0.5 * 0.075 + 0.6, 8);
    expect(costOfUsage("some-unknown-model", usage)).toBeNull();
  });

  it("formats dollars for people", () => {
    expect(formatUsd(0.83)).toBe("$0.83");
    expect(formatUsd(1)).toBe("$1.00");
    expect(formatUsd(1234.5)).toBe("$1,234.50");
    expect(formatUsd(0.0042)).toBe("$0.0042");
    expect(formatUsd(0.001)).toBe("$0.001");
    expect(formatUsd(0)).toBe("$0.00");
  });
});

describe("SpendCap", () => {
  it("one row at a time until a row is costed, then never a row that could pass the cap", () => {
    const cap = new SpendCap(1, 0);
    expect(cap.decide(0)).toBe("start");
    expect(cap.decide(1)).toBe("wait");
    cap.add(0.2);
    expect(cap.decide(0)).toBe("start"); // 0.2 + 0.2
    expect(cap.decide(3)).toBe("start"); // 0.2 + 4 × 0.2 = 1.0
    expect(cap.decide(4)).toBe("wait");
    cap.add(0.3); // highest now 0.3, spent 0.5
    expect(cap.decide(1)).toBe("wait"); // 0.5 + 2 × 0.3 > 1
    expect(cap.decide(0)).toBe("start"); // 0.8
    cap.add(0.3);
    expect(cap.decide(0)).toBe("stop"); // 0.8 + 0.3 > 1
    expect(cap.spent).toBeCloseTo(0.8, 10);
  });

  it("continues a batch from what it has spent, at its average so far", () => {
    expect(new SpendCap(1, 0.9, 0.1).decide(0)).toBe("start");
    expect(new SpendCap(1, 0.95, 0.1).decide(0)).toBe("stop");
    expect(new SpendCap(1, 1, 0).decide(0)).toBe("stop");
  });
});

describe("usage read from the fake provider's wire formats through the SDKs", () => {
  let fake: FakeProviderHandle;
  beforeAll(async () => {
    fake = await startFakeProvider();
    process.env.OPENAI_BASE_URL = fake.openaiBaseUrl;
    process.env.ANTHROPIC_BASE_URL = fake.anthropicBaseUrl;
    resetEnvForTests();
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  const request = (extra: Partial<GenerationRequest>): GenerationRequest => ({
    provider: "OpenAI",
    apiKey: "sk-valid-usage-0001",
    model: "gpt-4o-mini",
    prompt: "Write to Ada at Analytical Engines about our scheduling tool.",
    schema: SCHEMA,
    useCase: "content_creation",
    ...extra,
  });

  it("OpenAI Chat Completions, with cached tokens", async () => {
    fake.setOptions({ cachedTokens: () => 64 });
    const out = await generateStructured(request({}));
    expect(out.output).toMatchObject({ subject_line: expect.any(String) });
    expect(out.usage).toEqual({
      inputTokens: expect.any(Number),
      outputTokens: expect.any(Number),
      cachedInputTokens: 64,
    });
    // Input counts the whole request: instructions, the prompt and the schema.
    const call = fake.stats.calls.at(-1)!;
    expect(call.endpoint).toBe("chat.completions");
    expect(out.usage!.inputTokens).toBeGreaterThan(requestTokens("", call.prompt, null));
    expect(out.usage!.outputTokens).toBe(o200kTokens(out.rawText));
  });

  it("OpenAI's automatic prompt cache: a repeated prefix of 1024+ tokens is read from the cache", async () => {
    const longSchema = {
      ...SCHEMA,
      properties: {
        ...SCHEMA.properties,
        notes: { type: "string", description: Array.from({ length: 1500 }, (_, i) => `note${i}`).join(" ") },
      },
      required: [...SCHEMA.required, "notes"],
    };
    const first = await generateStructured(request({ schema: longSchema }));
    const second = await generateStructured(request({ schema: longSchema, prompt: "Another prospect" }));
    expect(first.usage!.cachedInputTokens).toBe(0);
    expect(second.usage!.cachedInputTokens).toBeGreaterThanOrEqual(1024);
    expect(second.usage!.cachedInputTokens % 128).toBe(0);
    expect(second.usage!.cachedInputTokens).toBeLessThan(second.usage!.inputTokens);
  });

  it("OpenAI Responses API (web research), with cached tokens", async () => {
    fake.setOptions({ cachedTokens: ({ inputTokens }) => inputTokens - 3 });
    const out = await generateStructured(request({ useCase: "web_research" }));
    expect(fake.stats.calls.at(-1)!.endpoint).toBe("responses");
    expect(out.usage!.cachedInputTokens).toBe(out.usage!.inputTokens - 3);
    expect(out.usage!.outputTokens).toBeGreaterThan(0);
  });

  it("Anthropic: cache reads count as input and as cached", async () => {
    fake.setOptions({ cachedTokens: () => 40 });
    const out = await generateStructured(
      request({ provider: "Anthropic", apiKey: "sk-ant-valid-usage-1", model: "claude-haiku-4-5-20251001" }),
    );
    expect(out.output).not.toBeNull();
    expect(out.usage!.cachedInputTokens).toBe(40);
    expect(out.usage!.inputTokens).toBeGreaterThan(40);
  });

  it("Anthropic web research with a follow-up turn: both turns' usage summed", async () => {
    const seen: number[] = [];
    fake.setOptions({
      cachedTokens: ({ inputTokens }) => {
        seen.push(inputTokens);
        return 5;
      },
    });
    const out = await generateStructured(
      request({
        provider: "Anthropic",
        apiKey: "sk-ant-valid-usage-2",
        model: "claude-haiku-4-5-20251001",
        useCase: "web_research",
      }),
    );
    expect(fake.stats.calls.filter((c) => c.endpoint === "messages")).toHaveLength(2);
    expect(out.output).not.toBeNull();
    expect(seen).toHaveLength(2);
    expect(out.usage!.inputTokens).toBe(seen[0]! + seen[1]!);
    expect(out.usage!.cachedInputTokens).toBe(10);
  });

  it("an unparseable answer still carries the usage the provider billed", async () => {
    fake.setOptions({ malformed: true });
    const out = await generateStructured(request({}));
    expect(out.output).toBeNull();
    expect(out.usage!.inputTokens).toBeGreaterThan(0);
    expect(out.usage!.outputTokens).toBeGreaterThan(0);
  });
});
