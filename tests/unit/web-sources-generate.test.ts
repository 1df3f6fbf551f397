import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { generateWithAnthropic } from "@/lib/ai/anthropic-generate";
import type { GenerationRequest } from "@/lib/ai/generation-types";
import { generateWithOpenAI } from "@/lib/ai/openai-generate";
import { resetEnvForTests } from "@/lib/env";
import { startFakeProvider, type FakeProviderHandle, type RequestInfo } from "../fakes/ai-provider";
import { fakeSearchPages, NO_SOURCES } from "../fakes/ai-provider-research";

const SCHEMA = {
  type: "object",
  properties: { subject_line: { type: "string" }, email_body: { type: "string" } },
  required: ["subject_line", "email_body"],
  additionalProperties: false,
};
const PROMPT = "Write to Ada at Analytical Engines about their Q3 launch";

let fake: FakeProviderHandle;
let seen: RequestInfo[] = [];

beforeAll(async () => {
  fake = await startFakeProvider({ onRequest: (info) => void seen.push(info) });
  process.env.OPENAI_BASE_URL = fake.openaiBaseUrl;
  process.env.ANTHROPIC_BASE_URL = fake.anthropicBaseUrl;
  resetEnvForTests();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.reset();
  seen = [];
});

function req(provider: "OpenAI" | "Anthropic", extra: Partial<GenerationRequest> = {}): GenerationRequest {
  return {
    provider,
    apiKey: provider === "OpenAI" ? "sk-valid-sources-1" : "sk-ant-valid-sources-1",
    model: provider === "OpenAI" ? "gpt-4o-mini" : "claude-sonnet-4-5-20250929",
    prompt: PROMPT,
    schema: SCHEMA,
    useCase: "web_research",
    ...extra,
  };
}

/** The two pages the fake's answer cites (its search finds a third, uncited one). */
const cited = () => fakeSearchPages(PROMPT).slice(0, 2);

describe("the fake's web-research answers", () => {
  it("OpenAI: a web_search_call (sources only when included) before the message with url_citations", async () => {
    const client = new OpenAI({ apiKey: "sk-valid-sources-2", baseURL: fake.openaiBaseUrl, maxRetries: 0 });
    const base = { model: "gpt-4o", input: PROMPT, tools: [{ type: "web_search" as const }] };
    const plain = await client.responses.create(base);
    expect(plain.output.map((o) => o.type)).toEqual(["web_search_call", "message"]);
    expect(plain.output[0]).toMatchObject({ status: "completed", action: { type: "search", query: PROMPT } });
    expect(plain.output[0]).not.toHaveProperty("action.sources");

    const full = await client.responses.create({ ...base, include: ["web_search_call.action.sources"] });
    const call = full.output[0]!;
    if (call.type !== "web_search_call" || call.action.type !== "search") throw new Error("expected a search");
    expect(call.action.sources).toEqual(fakeSearchPages(PROMPT).map((p) => ({ type: "url", url: p.url })));
    const msg = full.output[1]!;
    if (msg.type !== "message" || msg.content[0]!.type !== "output_text") throw new Error("expected output_text");
    const { text, annotations } = msg.content[0]!;
    expect(text).toBe(full.output_text);
    expect(annotations).toEqual(cited().map((p) => expect.objectContaining({ type: "url_citation", ...p })));
    for (const a of annotations) {
      if (a.type !== "url_citation") continue;
      expect(0 <= a.start_index && a.start_index < a.end_index && a.end_index <= text.length).toBe(true);
    }
  });

  it("Anthropic: server_tool_use, web_search_tool_result and cited text on a research turn", async () => {
    const client = new Anthropic({ apiKey: "sk-ant-valid-sources-2", baseURL: fake.anthropicBaseUrl, maxRetries: 0 });
    const res = await client.messages.create({
      model: "claude-sonnet-4-5-20250929",
      max_tokens: 500,
      messages: [{ role: "user", content: PROMPT }],
      tools: [{ type: "web_search_20250305", name: "web_search", max_uses: 3 }],
    });
    expect(res.content.map((b) => b.type)).toEqual(["server_tool_use", "web_search_tool_result", "text", "text"]);
    const [use, result, ...texts] = res.content;
    expect(use).toMatchObject({ name: "web_search", id: expect.stringMatching(/^srvtoolu_/) });
    expect(result).toMatchObject({ tool_use_id: (use as Anthropic.ServerToolUseBlock).id });
    expect((result as Anthropic.WebSearchToolResultBlock).content).toEqual(
      fakeSearchPages(PROMPT).map((p) => expect.objectContaining({ type: "web_search_result", ...p })),
    );
    const citations = texts.flatMap((b) => (b.type === "text" ? (b.citations ?? []) : []));
    expect(citations).toEqual(
      cited().map((p) => expect.objectContaining({ type: "web_search_result_location", ...p })),
    );
    expect(JSON.parse(texts.map((b) => (b.type === "text" ? b.text : "")).join(""))).toHaveProperty("subject_line");
    expect(res.stop_reason).toBe("end_turn");
    expect(res.usage.server_tool_use?.web_search_requests).toBe(1);
  });
});

describe("sources of a web-research generation", () => {
  it("OpenAI: asks for the search sources and returns the cited pages", async () => {
    const out = await generateWithOpenAI(req("OpenAI"));
    expect(seen[0]!.body.include).toEqual(["web_search_call.action.sources"]);
    expect(out.output).toMatchObject({ subject_line: expect.any(String) });
    expect(out.sources).toEqual(cited());
    expect(out.usage!.outputTokens).toBeGreaterThan(0);
  });

  it("Anthropic: the research turn's citations survive the forced follow-up turn", async () => {
    const out = await generateWithAnthropic(req("Anthropic"));
    expect(seen.map((s) => s.endpoint)).toEqual(["messages", "messages"]);
    expect(out.output).toMatchObject({ subject_line: expect.any(String) });
    expect(out.sources).toEqual(cited());
  });

  for (const provider of ["OpenAI", "Anthropic"] as const) {
    const generate = provider === "OpenAI" ? generateWithOpenAI : generateWithAnthropic;

    it(`${provider}: a search that finds nothing gives no sources`, async () => {
      const out = await generate(req(provider, { prompt: `${PROMPT} ${NO_SOURCES}` }));
      expect(out.output).not.toBeNull();
      expect(out.sources).toEqual([]);
    });

    it(`${provider}: content creation has no sources field`, async () => {
      const out = await generate(req(provider, { useCase: "content_creation" }));
      expect(out.output).not.toBeNull();
      expect(out).not.toHaveProperty("sources");
    });
  }
});
