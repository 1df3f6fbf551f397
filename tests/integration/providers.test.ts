import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_JSON_SCHEMA } from "@/lib/ai/defaults";
import { ProviderError } from "@/lib/ai/errors";
import { generateStructured } from "@/lib/ai/generate";
import type { GenerationRequest } from "@/lib/ai/generation-types";
import type { FakeProviderHandle, Json, RequestInfo } from "../fakes/ai-provider";
import { startFakeProviderForApp, validKey } from "../support/ai";

let fake: FakeProviderHandle;
let seen: RequestInfo[] = [];

beforeAll(async () => {
  fake = await startFakeProviderForApp({ onRequest: (info) => void seen.push(info) });
});
afterAll(() => fake?.close());
beforeEach(() => {
  fake.reset();
  seen = [];
});

const CLOSED = JSON.parse(DEFAULT_JSON_SCHEMA) as Json;
const OPEN: Json = {
  type: "object",
  properties: { subject_line: { type: "string" }, email_body: { type: "string" }, ps: { type: "string" } },
  required: ["subject_line"],
};
const generations = () => seen.filter((s) => s.endpoint !== "models.list" && s.endpoint !== "models.retrieve");

function req(provider: "OpenAI" | "Anthropic", extra: Partial<GenerationRequest> = {}): GenerationRequest {
  return {
    provider,
    apiKey: validKey(provider),
    model: provider === "OpenAI" ? "gpt-4o-mini" : "claude-sonnet-4-5-20250929",
    prompt: "Write to Ada at Analytical Engines",
    schema: CLOSED,
    useCase: "content_creation",
    ...extra,
  };
}

async function providerError(p: Promise<unknown>): Promise<ProviderError> {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe("OpenAI", () => {
  it("content_creation: chat completions with a strict json_schema for the default closed schema", async () => {
    fake.setOptions({ rateLimitPerMinute: 50 });
    const result = await generateStructured(req("OpenAI"));
    const [call] = generations();
    expect(generations()).toHaveLength(1);
    expect(call!.path).toBe("/v1/chat/completions");
    expect(call!.body.response_format).toEqual({
      type: "json_schema",
      json_schema: { name: "email", schema: CLOSED, strict: true },
    });
    expect(call!.body.tools).toBeUndefined();
    expect(call!.prompt).toBe("Write to Ada at Analytical Engines");
    expect(result.output).toMatchObject({
      subject_line: expect.stringContaining("Ada"),
      email_body: expect.stringContaining("Analytical Engines"),
    });
    expect(JSON.parse(result.rawText)).toEqual(result.output);
    expect(result.rateLimit.remaining).toBe(49);
    expect(result.rateLimit.resetMs).toBeGreaterThan(50_000);
  });

  it("content_creation: JSON mode (json_object) for an open schema, with the schema in the instructions", async () => {
    const result = await generateStructured(req("OpenAI", { schema: OPEN }));
    const [call] = generations();
    expect(call!.body.response_format).toEqual({ type: "json_object" });
    const system = (call!.body.messages as Json[]).find((m) => m.role === "system")!.content as string;
    expect(system).toMatch(/JSON/);
    expect(system).toContain(JSON.stringify(OPEN));
    expect(result.output).toHaveProperty("subject_line");
  });

  it("web_research: the Responses API with the web_search tool and the structured format", async () => {
    const result = await generateStructured(req("OpenAI", { useCase: "web_research" }));
    const [call] = generations();
    expect(generations()).toHaveLength(1);
    expect(call!.path).toBe("/v1/responses");
    expect(call!.body.tools).toEqual([{ type: "web_search" }]);
    expect((call!.body.text as Json).format).toEqual({
      type: "json_schema",
      name: "email",
      schema: CLOSED,
      strict: true,
    });
    expect(call!.body.input).toBe("Write to Ada at Analytical Engines");
    expect(call!.body.instructions).toMatch(/web search/i);
    expect(result.output).toMatchObject({ subject_line: expect.any(String), email_body: expect.any(String) });
  });

  it("web_research with an open schema asks for json_object", async () => {
    await generateStructured(req("OpenAI", { useCase: "web_research", schema: OPEN }));
    expect((generations()[0]!.body.text as Json).format).toEqual({ type: "json_object" });
  });
});

describe("Anthropic", () => {
  it("content_creation: forces the write_email tool with the user's schema as input_schema", async () => {
    const result = await generateStructured(req("Anthropic", { schema: OPEN }));
    const [call] = generations();
    expect(generations()).toHaveLength(1);
    expect(call!.path).toBe("/v1/messages");
    expect(call!.body.tool_choice).toEqual({ type: "tool", name: "write_email" });
    expect(call!.body.tools).toEqual([expect.objectContaining({ name: "write_email", input_schema: OPEN })]);
    expect(result.output).toMatchObject({ subject_line: expect.stringContaining("Ada"), ps: expect.any(String) });
    expect(JSON.parse(result.rawText)).toEqual(result.output);
  });

  it("web_research: offers web_search_20250305 first (tool_choice any), then forces write_email", async () => {
    const result = await generateStructured(req("Anthropic", { useCase: "web_research" }));
    const calls = generations();
    // The fake answers a non-forced turn with text, so the follow-up turn forces the tool.
    expect(calls).toHaveLength(2);
    const tools = calls[0]!.body.tools as Json[];
    expect(tools[0]).toMatchObject({ type: "web_search_20250305", name: "web_search" });
    expect(tools[1]).toMatchObject({ name: "write_email", input_schema: CLOSED });
    expect(calls[0]!.body.tool_choice).toEqual({ type: "any" });
    // The system prompt is one block carrying the prompt-cache breakpoint (tools and system are the same every row).
    expect(calls[0]!.body.system).toEqual([
      { type: "text", text: expect.stringMatching(/web search/i), cache_control: { type: "ephemeral" } },
    ]);
    expect(calls[1]!.body.tool_choice).toEqual({ type: "tool", name: "write_email" });
    expect((calls[1]!.body.tools as Json[]).map((t) => t.name)).toEqual(["write_email"]);
    expect((calls[1]!.body.messages as Json[]).map((m) => m.role)).toEqual(["user", "assistant", "user"]);
    expect(result.output).toMatchObject({ subject_line: expect.any(String), email_body: expect.any(String) });
  });

  it("web_research: one turn when the model calls write_email right away", async () => {
    fake.setOptions({
      onRequest: (info) => {
        seen.push(info);
        const input = { subject_line: "Researched", email_body: "Body" };
        return {
          status: 200,
          body: {
            id: "msg_1",
            type: "message",
            role: "assistant",
            model: info.model,
            content: [{ type: "tool_use", id: "toolu_1", name: "write_email", input }],
            stop_reason: "tool_use",
            stop_sequence: null,
            usage: { input_tokens: 1, output_tokens: 1 },
          },
        };
      },
    });
    const result = await generateStructured(req("Anthropic", { useCase: "web_research" }));
    expect(generations()).toHaveLength(1);
    expect(result.output).toEqual({ subject_line: "Researched", email_body: "Body" });
  });
});

describe("errors", () => {
  for (const provider of ["OpenAI", "Anthropic"] as const) {
    it(`${provider}: an invalid key → invalid_key`, async () => {
      const key = provider === "OpenAI" ? "sk-revoked-123456789" : "sk-ant-revoked-123456789";
      const e = await providerError(generateStructured(req(provider, { apiKey: key })));
      expect(e.kind).toBe("invalid_key");
      expect(e.message).toMatch(new RegExp(`${provider} API key is invalid`));
    });

    it(`${provider}: 429 → rate_limited with retryAfterMs from the header`, async () => {
      fake.failNext(1, 429, undefined, { "retry-after": "3", "retry-after-ms": "2500" });
      const e = await providerError(generateStructured(req(provider)));
      expect(e).toMatchObject({ kind: "rate_limited", retryAfterMs: 2500, status: 429 });
      expect(fake.stats.byStatus[429]).toBe(1);
    });

    it(`${provider}: the fake's rate window answers 429 with the wait until a slot frees`, async () => {
      let t = 1_000_000;
      fake.setOptions({ rateLimitPerMinute: 2, now: () => t });
      await generateStructured(req(provider, { apiKey: validKey(provider, "RATE") }));
      t += 10_000;
      const key = generations()[0]!.apiKey!;
      await generateStructured(req(provider, { apiKey: key }));
      const e = await providerError(generateStructured(req(provider, { apiKey: key })));
      expect(e.kind).toBe("rate_limited");
      expect(e.retryAfterMs).toBe(50_000);
      t += 50_001;
      await expect(generateStructured(req(provider, { apiKey: key }))).resolves.toHaveProperty("output");
    });

    it(`${provider}: malformed (non-JSON) output → output null, raw text kept`, async () => {
      fake.setOptions({ malformed: true });
      const result = await generateStructured(req(provider));
      expect(result.output).toBeNull();
      expect(result.rawText).toMatch(/not JSON/);
    });

    it(`${provider}: an unknown model → model_not_found`, async () => {
      const e = await providerError(
        generateStructured(req(provider, { model: provider === "OpenAI" ? "gpt-9-ultra" : "claude-9" })),
      );
      expect(e.kind).toBe("model_not_found");
      expect(e.message).toMatch(provider === "OpenAI" ? /gpt-9-ultra/ : /claude-9/);
    });

    it(`${provider}: no answer within timeoutMs → timeout`, async () => {
      fake.setOptions({ latencyMs: 400 });
      const e = await providerError(generateStructured(req(provider, { timeoutMs: 100 })));
      expect(e.kind).toBe("timeout");
      expect(e.transient).toBe(true);
    });

    it(`${provider}: 500 → server_error and 529 → overloaded, not retried by the SDK`, async () => {
      fake.failNext(1, 500);
      expect((await providerError(generateStructured(req(provider)))).kind).toBe("server_error");
      fake.failNext(1, 529);
      expect((await providerError(generateStructured(req(provider)))).kind).toBe("overloaded");
      expect(generations()).toHaveLength(2);
    });
  }
});
