import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeProvider, type FakeProviderHandle } from "../fakes/ai-provider";

let fake: FakeProviderHandle;
const openai = (apiKey = "sk-valid-test-0001") => new OpenAI({ apiKey, baseURL: fake.openaiBaseUrl, maxRetries: 0 });
const anthropic = (apiKey = "sk-ant-valid-test-0001") =>
  new Anthropic({ apiKey, baseURL: fake.anthropicBaseUrl, maxRetries: 0 });

const SCHEMA = {
  type: "object",
  properties: { subject_line: { type: "string" }, email_body: { type: "string" } },
  required: ["subject_line", "email_body"],
  additionalProperties: false,
};

beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

describe("fake AI provider", () => {
  it("lists models in each provider's format", async () => {
    const ids: string[] = [];
    for await (const m of openai().models.list()) ids.push(m.id);
    expect(ids).toEqual(expect.arrayContaining(["gpt-4o", "gpt-4o-mini", "text-embedding-3-small"]));

    const claude: Anthropic.ModelInfo[] = [];
    for await (const m of anthropic().models.list({ limit: 1000 })) claude.push(m);
    expect(claude.map((m) => m.id)).toEqual(
      expect.arrayContaining(["claude-sonnet-4-5-20250929", "claude-3-haiku-20240307"]),
    );
    expect(claude[0]).toMatchObject({
      type: "model",
      display_name: expect.any(String),
      created_at: expect.any(String),
    });

    fake.setOptions({ openaiModels: ["gpt-only"] });
    const only: string[] = [];
    for await (const m of openai().models.list()) only.push(m.id);
    expect(only).toEqual(["gpt-only"]);
    expect(fake.stats.byEndpoint["openai GET /v1/models"]).toBe(2);
    expect(fake.stats.byEndpoint["anthropic GET /v1/models"]).toBe(1);
  });

  it("answers a chat completion with JSON content derived from the prompt", async () => {
    const res = await openai().chat.completions.create({
      model: "gpt-4o-mini",
      messages: [
        { role: "system", content: "You write cold emails." },
        { role: "user", content: "Write to Alice at Acme Corp" },
      ],
      response_format: { type: "json_schema", json_schema: { name: "email", schema: SCHEMA, strict: true } },
    });
    expect(res.object).toBe("chat.completion");
    expect(res.model).toBe("gpt-4o-mini");
    expect(res.choices[0]!.finish_reason).toBe("stop");
    const parsed = JSON.parse(res.choices[0]!.message.content!);
    expect(parsed.subject_line).toContain("Alice at Acme Corp");
    expect(parsed.email_body).toContain("Write to Alice at Acme Corp");
    expect(res.usage!.total_tokens).toBe(res.usage!.prompt_tokens + res.usage!.completion_tokens);
    expect(fake.stats.prompts).toEqual(["Write to Alice at Acme Corp"]);
  });

  it("answers the Responses API with output_text", async () => {
    const res = await openai().responses.create({
      model: "gpt-4o",
      instructions: "Be brief.",
      input: "Email Bob at Globex",
      text: { format: { type: "json_schema", name: "email", schema: SCHEMA, strict: true } },
    });
    expect(res.output[0]).toMatchObject({ type: "message", content: [{ type: "output_text" }] });
    expect(JSON.parse(res.output_text)).toMatchObject({ email_body: expect.stringContaining("Email Bob at Globex") });
  });

  it("answers an Anthropic forced tool call with tool_use, and text otherwise", async () => {
    const res = await anthropic().messages.create({
      model: "claude-3-haiku-20240307",
      max_tokens: 500,
      messages: [{ role: "user", content: "Write to Carol at Initech" }],
      tools: [
        { name: "write_email", description: "Emit the email", input_schema: SCHEMA as Anthropic.Tool.InputSchema },
      ],
      tool_choice: { type: "tool", name: "write_email" },
    });
    expect(res.type).toBe("message");
    expect(res.stop_reason).toBe("tool_use");
    const block = res.content[0]!;
    expect(block.type).toBe("tool_use");
    if (block.type !== "tool_use") throw new Error("expected tool_use");
    expect(block.name).toBe("write_email");
    expect(block.input).toMatchObject({
      subject_line: expect.stringContaining("Carol"),
      email_body: expect.any(String),
    });

    const plain = await anthropic().messages.create({
      model: "claude-sonnet-4-5-20250929",
      max_tokens: 100,
      messages: [{ role: "user", content: "Hi" }],
    });
    expect(plain.content[0]).toMatchObject({ type: "text" });
    expect(plain.stop_reason).toBe("end_turn");
  });

  it("uses a custom respond function and the malformed switch", async () => {
    fake.setOptions({ respond: ({ provider, model }) => ({ content: `${provider}/${model}` }) });
    const res = await openai().chat.completions.create({ model: "gpt-4o", messages: [{ role: "user", content: "x" }] });
    expect(JSON.parse(res.choices[0]!.message.content!)).toEqual({ content: "openai/gpt-4o" });

    fake.setOptions({ malformed: true });
    const bad = await openai().chat.completions.create({ model: "gpt-4o", messages: [{ role: "user", content: "x" }] });
    expect(() => JSON.parse(bad.choices[0]!.message.content!)).toThrow();
  });

  it("rejects invalid keys with 401 in each provider's error shape", async () => {
    const o = await openai("sk-wrong-key-123456")
      .models.list()
      .catch((e: unknown) => e);
    expect(o).toBeInstanceOf(OpenAI.AuthenticationError);
    expect((o as InstanceType<typeof OpenAI.AuthenticationError>).status).toBe(401);
    expect((o as InstanceType<typeof OpenAI.AuthenticationError>).error).toMatchObject({
      type: "invalid_request_error",
      code: "invalid_api_key",
    });

    const a = await anthropic("sk-ant-wrong")
      .messages.create({ model: "claude-3-haiku-20240307", max_tokens: 5, messages: [{ role: "user", content: "x" }] })
      .catch((e: unknown) => e);
    expect(a).toBeInstanceOf(Anthropic.AuthenticationError);
    expect((a as InstanceType<typeof Anthropic.AuthenticationError>).error).toMatchObject({
      type: "error",
      error: { type: "authentication_error" },
    });
    expect(fake.stats.byStatus[401]).toBe(2);

    fake.setOptions({ isValidKey: (_p, key) => key === "custom" });
    await expect(
      openai("custom").chat.completions.create({ model: "gpt-4o", messages: [{ role: "user", content: "x" }] }),
    ).resolves.toBeTruthy();
  });

  it("limits requests per key in a sliding window with retry-after", async () => {
    let now = 1_000_000;
    fake.setOptions({ rateLimitPerMinute: 2, now: () => now });
    const call = (key: string) =>
      anthropic(key).messages.create({
        model: "claude-3-haiku-20240307",
        max_tokens: 5,
        messages: [{ role: "user", content: "x" }],
      });
    await call("sk-ant-valid-a");
    now += 20_000;
    await call("sk-ant-valid-a");
    const err = await call("sk-ant-valid-a").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Anthropic.RateLimitError);
    const limited = err as InstanceType<typeof Anthropic.RateLimitError>;
    expect(limited.error).toMatchObject({ type: "error", error: { type: "rate_limit_error" } });
    expect(limited.headers.get("retry-after")).toBe("40");
    expect(Number(limited.headers.get("retry-after-ms"))).toBe(40_000);
    // Another key has its own window; the first key frees up when its oldest request leaves.
    await call("sk-ant-valid-b");
    now += 40_000;
    await expect(call("sk-ant-valid-a")).resolves.toBeTruthy();
    expect(fake.stats.rateLimited).toBe(1);

    const o = await openai().chat.completions.create({ model: "gpt-4o", messages: [{ role: "user", content: "x" }] });
    expect(o.id).toMatch(/^chatcmpl-/);
    await openai().chat.completions.create({ model: "gpt-4o", messages: [{ role: "user", content: "x" }] });
    const oe = await openai()
      .chat.completions.create({ model: "gpt-4o", messages: [{ role: "user", content: "x" }] })
      .catch((e: unknown) => e);
    expect(oe).toBeInstanceOf(OpenAI.RateLimitError);
    expect(
      Number((oe as InstanceType<typeof OpenAI.RateLimitError>).headers.get("retry-after")),
    ).toBeGreaterThanOrEqual(1);
  });

  it("injects failures, rejects unknown models and tracks concurrency", async () => {
    fake.failNext(2, 529);
    const req = () =>
      anthropic().messages.create({
        model: "claude-3-haiku-20240307",
        max_tokens: 5,
        messages: [{ role: "user", content: "x" }],
      });
    for (let i = 0; i < 2; i++) {
      const e = (await req().catch((x: unknown) => x)) as InstanceType<typeof Anthropic.APIError>;
      expect(e.status).toBe(529);
      expect(e.error).toMatchObject({ error: { type: "overloaded_error" } });
    }
    await expect(req()).resolves.toBeTruthy();

    const missing = (await openai()
      .chat.completions.create({ model: "gpt-nope", messages: [{ role: "user", content: "x" }] })
      .catch((x: unknown) => x)) as InstanceType<typeof OpenAI.APIError>;
    expect(missing.status).toBe(404);
    expect(missing.code).toBe("model_not_found");

    const seen: string[] = [];
    fake.setOptions({ latencyMs: 400, onRequest: (info) => void seen.push(`${info.provider}:${info.endpoint}`) });
    await Promise.all(Array.from({ length: 5 }, () => req()));
    expect(fake.stats.maxInFlight).toBe(5);
    expect(fake.stats.inFlight).toBe(0);
    expect(seen).toEqual(Array(5).fill("anthropic:messages"));
    expect(fake.stats.calls.filter((c) => c.status === 529)).toHaveLength(2);
  });
});
