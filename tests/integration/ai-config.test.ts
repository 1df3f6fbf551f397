import { afterEach, describe, expect, it } from "vitest";
import { GET as configGET, PUT as configPUT } from "@/app/api/ai/config/route";
import { GET as modelsGET } from "@/app/api/ai/models/route";
import { DEFAULT_MODEL } from "@/lib/ai/models";
import { DEFAULT_OPENAI_MODELS } from "../fakes/ai-provider";
import { addConnection, newUser, type TestUser, withFakeProviderAndDatabase } from "../support/ai";
import { callRoute, type AnyJson } from "../support/http";

const fake = withFakeProviderAndDatabase();
afterEach(() => fake.reset());

const getConfig = (u: TestUser) => callRoute(configGET, { url: "/api/ai/config", headers: u.headers });
const putConfig = (u: TestUser, body: unknown) =>
  callRoute(configPUT, { method: "PUT", url: "/api/ai/config", headers: u.headers, body });
const getModels = (u: TestUser, query = "") =>
  callRoute(modelsGET, { url: `/api/ai/models${query}`, headers: u.headers });
const modelsCalls = (provider: "openai" | "anthropic") => fake.stats.byEndpoint[`${provider} GET /v1/models`] ?? 0;

describe("GET /api/ai/config", () => {
  it("gives a new user the defaults", async () => {
    const user = await newUser("cfg-new");
    const res = await getConfig(user);
    expect(res.status, res.text).toBe(200);
    expect(res.json.apiKeys).toEqual({ openai: "", anthropic: "" });
    expect(res.json.connections).toEqual([]);
    const c = res.json.aiConfig;
    expect(c).toMatchObject({
      maxRows: 10,
      onlyRunIf: "",
      selectedModel: DEFAULT_MODEL,
      useCase: "web_research",
      connectionId: null,
    });
    expect(DEFAULT_MODEL).toMatch(/^claude-sonnet-/);
    expect(c.prompt).toContain("{{First Name}}");
    expect(c.prompt).toContain("{{Company}}");
    expect(c.prompt.trim().split(/\s+/).length).toBeLessThan(80);
    expect(typeof c.jsonSchema).toBe("string");
    const schema = JSON.parse(c.jsonSchema);
    expect(schema.type).toBe("object");
    expect(schema.required).toEqual(["subject_line", "email_body"]);
    expect(schema.properties.subject_line.type).toBe("string");
    expect(schema.properties.email_body.type).toBe("string");
  });

  it("shows masked keys per provider once connections exist", async () => {
    const user = await newUser("cfg-keys");
    await addConnection(user, "OpenAI", "sk-valid-openai-key-AAAA");
    await addConnection(user, "Anthropic", "sk-ant-valid-anthropic-BBBB");
    const res = await getConfig(user);
    expect(res.json.apiKeys).toEqual({ openai: "sk-v••••••••AAAA", anthropic: "sk-a••••••••BBBB" });
    expect(res.json.connections).toHaveLength(2);
    expect(res.text).not.toContain("sk-valid-openai-key-AAAA");
    expect(res.text).not.toContain("sk-ant-valid-anthropic-BBBB");
  });

  it("answers 401 without a session", async () => {
    expect((await callRoute(configGET, { url: "/api/ai/config" })).status).toBe(401);
    expect((await callRoute(configPUT, { method: "PUT", url: "/api/ai/config", body: { maxRows: 5 } })).status).toBe(
      401,
    );
    expect((await callRoute(modelsGET, { url: "/api/ai/models" })).status).toBe(401);
  });
});

describe("PUT /api/ai/config", () => {
  it("saves fields given at the top level or wrapped in aiConfig", async () => {
    const user = await newUser("cfg-put");
    const top = await putConfig(user, {
      prompt: "Hello {{Name}}",
      maxRows: 25,
      onlyRunIf: "!{{Email}}",
      useCase: "content_creation",
      selectedModel: "gpt-4o",
    });
    expect(top.status, top.text).toBe(200);
    expect(top.json.aiConfig).toMatchObject({
      prompt: "Hello {{Name}}",
      maxRows: 25,
      onlyRunIf: "!{{Email}}",
      useCase: "content_creation",
      selectedModel: "gpt-4o",
    });
    expect((await getConfig(user)).json.aiConfig).toEqual(top.json.aiConfig);

    const wrapped = await putConfig(user, { aiConfig: { prompt: "Second {{Company}}", maxRows: "7" } });
    expect(wrapped.status, wrapped.text).toBe(200);
    const after = (await getConfig(user)).json.aiConfig;
    expect(after).toMatchObject({
      prompt: "Second {{Company}}",
      maxRows: 7,
      useCase: "content_creation",
      selectedModel: "gpt-4o",
    });
  });

  it("accepts a JSON schema as text or as an object and reads it back as text", async () => {
    const user = await newUser("cfg-schema");
    const schema = { type: "object", properties: { content: { type: "string" } }, required: ["content"] };
    const asObject = await putConfig(user, { jsonSchema: schema });
    expect(asObject.status, asObject.text).toBe(200);
    const read = (await getConfig(user)).json.aiConfig.jsonSchema;
    expect(typeof read).toBe("string");
    expect(JSON.parse(read)).toEqual(schema);

    const text = '{"type":"object","properties":{"a":{"type":"string"}}}';
    expect((await putConfig(user, { jsonSchema: text })).status).toBe(200);
    expect((await getConfig(user)).json.aiConfig.jsonSchema).toBe(text);
  });

  it("rejects invalid values with 400 and changes nothing", async () => {
    const user = await newUser("cfg-invalid");
    const before = (await getConfig(user)).json.aiConfig;
    const cases: Array<[unknown, RegExp]> = [
      [{ jsonSchema: "{not json" }, /not valid JSON/],
      [{ jsonSchema: "" }, /empty/],
      [{ jsonSchema: "[1,2]" }, /object/],
      [{ jsonSchema: [1, 2] }, /JSON Schema/],
      [{ jsonSchema: '{"type":"string"}' }, /object/],
      [{ maxRows: 0 }, /at least 1/],
      [{ maxRows: "abc" }, /maxRows|Maximum rows/],
      [{ maxRows: -3 }, /./],
      [{ maxRows: 2.5 }, /whole number/],
      [{ useCase: "x" }, /web_research or content_creation/],
      [{ prompt: 42 }, /Prompt/],
      [{ selectedModel: "no-such-model" }, /Unknown model/],
      [{ connectionId: "not-a-uuid" }, /./],
      ["{broken", /Malformed JSON/],
    ];
    for (const [body, msg] of cases) {
      const res = await putConfig(user, body);
      expect(res.status, `${JSON.stringify(body)} → ${res.text}`).toBe(400);
      expect(res.json.msg).toMatch(msg);
    }
    expect((await getConfig(user)).json.aiConfig).toEqual(before);
  });

  it("checks the model against the connection's provider and refuses retired models", async () => {
    const user = await newUser("cfg-model");
    const openai = (await addConnection(user, "OpenAI")).json;
    const anthropic = (await addConnection(user, "Anthropic")).json;

    const mismatch = await putConfig(user, { selectedModel: "claude-3-haiku-20240307" });
    expect(mismatch.status, mismatch.text).toBe(400);
    expect(mismatch.json.msg).toMatch(/Anthropic model/);
    expect(mismatch.json.msg).toMatch(/OpenAI/);

    // Switching the connection alone swaps the OpenAI model for the Anthropic default.
    const switchOnly = await putConfig(user, { connectionId: anthropic._id });
    expect(switchOnly.status, switchOnly.text).toBe(200);
    expect(switchOnly.json.aiConfig).toMatchObject({ connectionId: anthropic._id, selectedModel: DEFAULT_MODEL });
    const both = await putConfig(user, { connectionId: anthropic._id, selectedModel: "claude-3-haiku-20240307" });
    expect(both.status, both.text).toBe(200);
    expect(both.json.aiConfig).toMatchObject({ connectionId: anthropic._id, selectedModel: "claude-3-haiku-20240307" });

    const retired = await putConfig(user, { selectedModel: "claude-3-opus-20240229" });
    expect(retired.status, retired.text).toBe(400);
    expect(retired.json.msg).toMatch(/retired/);
    expect(retired.json.msg).toContain("claude-3-opus-20240229");

    const back = await putConfig(user, { aiConfig: { connectionId: openai._id, selectedModel: "gpt-4o" } });
    expect(back.status, back.text).toBe(200);
    // An empty connectionId clears it.
    expect((await putConfig(user, { connectionId: "" })).json.aiConfig.connectionId).toBeNull();
  });

  it("explains a non-numeric maxRows and ignores a null aiConfig wrapper", async () => {
    const user = await newUser("cfg-maxrows");
    const bad = await putConfig(user, { maxRows: "abc" });
    expect(bad.status).toBe(400);
    expect(bad.json.msg).toBe("Maximum rows must be a whole number");
    const nullWrapper = await putConfig(user, { aiConfig: null, maxRows: 4 });
    expect(nullWrapper.status, nullWrapper.text).toBe(200);
    expect(nullWrapper.json.aiConfig.maxRows).toBe(4);
  });

  it("answers 404 for another user's connection id", async () => {
    const owner = await newUser("cfg-owner");
    const other = await newUser("cfg-other");
    const conn = (await addConnection(owner, "OpenAI")).json;
    const res = await putConfig(other, { connectionId: conn._id });
    expect(res.status, res.text).toBe(404);
    expect((await getConfig(other)).json.aiConfig.connectionId).toBeNull();
  });
});

describe("GET /api/ai/models", () => {
  type Option = { id: string; provider: string; label: string; retired: boolean };
  const ofProvider = (json: AnyJson, provider: string): Option[] =>
    json.models.filter((m: Option) => m.provider === provider);

  it("lists the catalogue grouped by provider, with retired models marked", async () => {
    const user = await newUser("models-catalogue");
    const res = await getModels(user);
    expect(res.status, res.text).toBe(200);
    const models: Option[] = res.json.models;
    const providers = models.map((m) => m.provider);
    expect(providers.lastIndexOf("Anthropic")).toBeLessThan(providers.indexOf("OpenAI"));
    for (const m of models)
      expect(m).toMatchObject({ id: expect.any(String), label: expect.any(String), retired: expect.any(Boolean) });
    expect(models.find((m) => m.id === "claude-3-opus-20240229")).toMatchObject({
      provider: "Anthropic",
      retired: true,
    });
    expect(models.find((m) => m.id === "gpt-4o")).toMatchObject({ provider: "OpenAI", retired: false });
    expect(models.find((m) => m.id === DEFAULT_MODEL)).toMatchObject({ provider: "Anthropic", retired: false });
    expect(res.json.defaultModel).toBe(DEFAULT_MODEL);
    expect(modelsCalls("openai") + modelsCalls("anthropic")).toBe(0);
  });

  it("follows the provider's live list for the user's key, cached until ?refresh=1", async () => {
    const live = [...DEFAULT_OPENAI_MODELS.filter((m) => m !== "gpt-4.1"), "gpt-new-model", "gpt-4o-realtime-preview"];
    fake.setOptions({ openaiModels: live });
    const user = await newUser("models-live");
    await addConnection(user, "OpenAI");

    const first = await getModels(user);
    expect(first.status, first.text).toBe(200);
    expect(modelsCalls("openai")).toBe(1);
    const ids = ofProvider(first.json, "OpenAI").map((m) => m.id);
    expect(ids).toContain("gpt-new-model");
    expect(ids).toContain("gpt-4o");
    expect(ids).not.toContain("gpt-4.1");
    expect(ids).not.toContain("text-embedding-3-small");
    expect(ids).not.toContain("whisper-1");
    expect(ids).not.toContain("gpt-4o-realtime-preview");
    // No Anthropic key: the Anthropic catalogue, unasked.
    expect(ofProvider(first.json, "Anthropic").map((m) => m.id)).toContain(DEFAULT_MODEL);
    expect(modelsCalls("anthropic")).toBe(0);

    // A newly offered model is selectable, a withdrawn one is not.
    expect((await putConfig(user, { selectedModel: "gpt-new-model" })).status).toBe(200);
    const withdrawn = await putConfig(user, { selectedModel: "gpt-4.1" });
    expect(withdrawn.status).toBe(400);
    expect(withdrawn.json.msg).toMatch(/gpt-4\.1/);

    const second = await getModels(user);
    expect(second.json).toEqual(first.json);
    expect(modelsCalls("openai")).toBe(1);

    fake.setOptions({ openaiModels: [...live, "gpt-4.1"] });
    const refreshed = await getModels(user, "?refresh=1");
    expect(modelsCalls("openai")).toBe(2);
    expect(ofProvider(refreshed.json, "OpenAI").map((m) => m.id)).toContain("gpt-4.1");
  });

  it("falls back to the catalogue when the provider cannot be asked", async () => {
    const user = await newUser("models-badkey");
    await addConnection(user, "OpenAI", "sk-revoked-0000000000000");
    const res = await getModels(user);
    expect(res.status, res.text).toBe(200);
    expect(ofProvider(res.json, "OpenAI").map((m) => m.id)).toEqual(expect.arrayContaining(["gpt-4o", "gpt-4.1"]));
  });
});
