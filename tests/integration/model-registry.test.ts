import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { GET as configGET, PUT as configPUT } from "@/app/api/ai/config/route";
import { POST as generatePOST } from "@/app/api/ai/generate/route";
import { GET as warningsGET } from "@/app/api/ai/model-warnings/route";
import { GET as modelsGET } from "@/app/api/ai/models/route";
import { PUT as templatePUT } from "@/app/api/ai/templates/[id]/route";
import { GET as templatesGET, POST as templatesPOST } from "@/app/api/ai/templates/route";
import { DEFAULT_JSON_SCHEMA } from "@/lib/ai/defaults";
import { db } from "@/lib/db";
import { aiConfigs, templates } from "@/lib/db/schema";
import { DEFAULT_ANTHROPIC_MODELS } from "../fakes/ai-provider";
import { addConnection, newUser, type TestUser, withFakeProviderAndDatabase } from "../support/ai";
import { importFile } from "../support/csv";
import { callRoute, type AnyJson } from "../support/http";

const fake = withFakeProviderAndDatabase();
afterEach(() => fake.reset());

const getModels = (u: TestUser, query = "") =>
  callRoute(modelsGET, { url: `/api/ai/models${query}`, headers: u.headers });
const putConfig = (u: TestUser, body: unknown) =>
  callRoute(configPUT, { method: "PUT", url: "/api/ai/config", headers: u.headers, body });
const getWarnings = (u: TestUser) => callRoute(warningsGET, { url: "/api/ai/model-warnings", headers: u.headers });
const createTemplate = (u: TestUser, body: unknown) =>
  callRoute(templatesPOST, { method: "POST", url: "/api/ai/templates", headers: u.headers, body });

describe("GET /api/ai/models", () => {
  it("answers the documented shape: every field, prices as objects or null, ISO dates or null", async () => {
    fake.setOptions({ anthropicModels: [...DEFAULT_ANTHROPIC_MODELS, "claude-unknown-9"] });
    const user = await newUser("reg-shape");
    const conn = (await addConnection(user, "Anthropic")).json;
    const res = await getModels(user, `?connectionId=${conn._id}`);
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(["defaultModel", "models"]);
    for (const m of res.json.models as AnyJson[]) {
      expect(Object.keys(m).sort()).toEqual(
        ["id", "label", "price", "provider", "replacement", "retired", "retiredOn", "shutdownOn"].sort(),
      );
      expect(m.provider).toBe("Anthropic");
      for (const d of [m.retiredOn, m.shutdownOn]) if (d !== null) expect(d).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (m.price !== null)
        expect(Object.keys(m.price).sort()).toEqual([
          "batchDiscount",
          "cachedInputPerMTok",
          "inputPerMTok",
          "outputPerMTok",
        ]);
    }
    const byId = (id: string) => (res.json.models as AnyJson[]).find((m) => m.id === id);
    expect(byId("claude-unknown-9")).toEqual({
      id: "claude-unknown-9",
      provider: "Anthropic",
      label: "claude-unknown-9",
      retired: false,
      retiredOn: null,
      shutdownOn: null,
      replacement: null,
      price: null,
    });
    expect(byId("claude-sonnet-4-5-20250929")).toMatchObject({
      shutdownOn: "2026-11-30",
      replacement: "claude-sonnet-5-5",
    });
    expect(byId("claude-sonnet-5-5")).toMatchObject({
      label: "Claude Sonnet 5.5",
      price: { inputPerMTok: 2, outputPerMTok: 10, cachedInputPerMTok: 0.2, batchDiscount: 0.5 },
    });
    expect(res.json.defaultModel).toBe("claude-sonnet-5-5");
    expect((await getModels(user, "?connectionId=not-a-uuid")).status).toBe(404);
  });

  it("a withdrawn preferred default never breaks a new account: the key's newest usable model is the default", async () => {
    fake.setOptions({ anthropicModels: ["claude-sonnet-4-5-20250929", "claude-haiku-4-5-20251001"] });
    const user = await newUser("reg-default");
    await addConnection(user, "Anthropic");
    const res = await getModels(user);
    expect(res.json.defaultModel).toBe("claude-haiku-4-5-20251001");
    // Saving only the connection gives the config that default, and it generates.
    const cfg = await callRoute(configGET, { url: "/api/ai/config", headers: user.headers });
    const saved = await putConfig(user, { connectionId: cfg.json.connections[0]._id, selectedModel: "" });
    expect(saved.status, saved.text).toBe(200);
  });
});

describe("model validation through the API", () => {
  it("accepts an alias the key lists as a dated id, and sends the id to the provider as given", async () => {
    fake.setOptions({ anthropicModels: [...DEFAULT_ANTHROPIC_MODELS, "claude-next-1-20261001"] });
    const user = await newUser("reg-alias");
    const conn = (await addConnection(user, "Anthropic")).json;
    expect((await putConfig(user, { selectedModel: "claude-next-1" })).status).toBe(200);
    const tpl = await createTemplate(user, { name: "Alias", connectionId: conn._id, selectedModel: "claude-next-1" });
    expect(tpl.status, tpl.text).toBe(201);

    const rows = [{ Name: "Ada" }];
    const file = await importFile(user, rows);
    const sent: AnyJson[] = [];
    fake.setOptions({ onRequest: (info) => void (info.endpoint === "messages" && sent.push(info.body)) });
    const res = await callRoute(generatePOST, {
      method: "POST",
      url: "/api/ai/generate",
      headers: user.headers,
      body: {
        prompt: "Write to {{Name}}",
        jsonSchema: DEFAULT_JSON_SCHEMA,
        model: "claude-next-1",
        useCase: "content_creation",
        data: rows,
        selectedRowIndex: 0,
        connectionId: conn._id,
        csvId: file._id,
      },
    });
    expect(res.status, res.text).toBe(200);
    expect(fake.stats.calls.at(-1)?.model).toBe("claude-next-1");
    // A model the table does not know gets the provider's default temperature (newer models refuse any other).
    expect(sent.at(-1)).not.toHaveProperty("temperature");
  });

  it("applies the quirks: no temperature and max_completion_tokens for OpenAI reasoning models", async () => {
    const user = await newUser("reg-quirks");
    const conn = (await addConnection(user, "OpenAI")).json;
    const rows = [{ Name: "Ada" }];
    const file = await importFile(user, rows);
    const sent: AnyJson[] = [];
    fake.setOptions({ onRequest: (info) => void (info.endpoint === "chat.completions" && sent.push(info.body)) });
    for (const model of ["gpt-6.1-terra", "gpt-4o-mini"]) {
      const res = await callRoute(generatePOST, {
        method: "POST",
        url: "/api/ai/generate",
        headers: user.headers,
        body: {
          prompt: "Write to {{Name}}",
          jsonSchema: DEFAULT_JSON_SCHEMA,
          model,
          useCase: "content_creation",
          data: rows,
          selectedRowIndex: 0,
          connectionId: conn._id,
          csvId: file._id,
          isRetry: true,
        },
      });
      expect(res.status, `${model}: ${res.text}`).toBe(200);
    }
    expect(sent[0]).toMatchObject({ model: "gpt-6.1-terra", max_completion_tokens: 16_000 });
    expect(sent[0]).not.toHaveProperty("temperature");
    expect(sent[0]).not.toHaveProperty("max_tokens");
    expect(sent[1]).toMatchObject({ model: "gpt-4o-mini", temperature: 0.7, max_tokens: 4096 });
  });

  it("refuses with 400 naming the model: retired (date + replacement), other provider, absent from the key's list", async () => {
    const user = await newUser("reg-refuse");
    const conn = (await addConnection(user, "Anthropic")).json;
    const retired = await putConfig(user, { selectedModel: "claude-sonnet-4-20250514" });
    expect(retired.status).toBe(400);
    expect(retired.json.code).toBe("invalid_input");
    expect(retired.json.msg).toContain("claude-sonnet-4-20250514");
    expect(retired.json.msg).toContain("2026-06-15");
    expect(retired.json.msg).toContain("claude-sonnet-5-5");

    const other = await putConfig(user, { selectedModel: "gpt-6.1-terra" });
    expect(other.status).toBe(400);
    expect(other.json.msg).toMatch(/gpt-6\.1-terra.*OpenAI model.*Anthropic/);

    const absent = await createTemplate(user, {
      name: "X",
      connectionId: conn._id,
      selectedModel: "claude-not-offered",
    });
    expect(absent.status).toBe(400);
    expect(absent.json.msg).toContain("claude-not-offered");
  });
});

describe("GET /api/ai/model-warnings and the one-click switch", () => {
  it("lists a stored config and template on a model that is retired or shuts down within 30 days; switching clears it", async () => {
    const user = await newUser("reg-warn");
    const conn = (await addConnection(user, "Anthropic")).json;
    const tpl = (
      await createTemplate(user, { name: "Old one", connectionId: conn._id, selectedModel: "claude-sonnet-5" })
    ).json;
    // Stored before the announcement: the rows keep their model and still read fine.
    await db
      .update(aiConfigs)
      .set({ selectedModel: "claude-sonnet-4-5-20250929" })
      .where(eq(aiConfigs.userId, user.id));
    await db.update(templates).set({ selectedModel: "claude-sonnet-4-5" }).where(eq(templates.id, tpl._id));
    expect(
      (await callRoute(configGET, { url: "/api/ai/config", headers: user.headers })).json.aiConfig.selectedModel,
    ).toBe("claude-sonnet-4-5-20250929");
    expect((await callRoute(templatesGET, { url: "/api/ai/templates", headers: user.headers })).status).toBe(200);

    const res = await getWarnings(user);
    expect(res.status, res.text).toBe(200);
    expect(res.json.warnings).toEqual([
      expect.objectContaining({
        kind: "config",
        id: "config",
        model: "claude-sonnet-4-5-20250929",
        modelLabel: "Claude Sonnet 4.5",
        shutdownOn: "2026-11-30",
        replacement: "claude-sonnet-5-5",
        replacementLabel: "Claude Sonnet 5.5",
      }),
      expect.objectContaining({ kind: "template", id: tpl._id, name: "Old one", model: "claude-sonnet-4-5" }),
    ]);

    expect((await putConfig(user, { selectedModel: "claude-sonnet-5-5" })).status).toBe(200);
    const put = await callRoute(templatePUT, {
      method: "PUT",
      url: `/api/ai/templates/${tpl._id}`,
      headers: user.headers,
      params: { id: tpl._id },
      body: { selectedModel: "claude-sonnet-5-5" },
    });
    expect(put.status, put.text).toBe(200);
    expect((await getWarnings(user)).json.warnings).toEqual([]);
  });
});
