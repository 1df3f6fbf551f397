import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as configGET } from "@/app/api/ai/config/route";
import { POST as activatePOST } from "@/app/api/ai/connections/[id]/activate/route";
import { POST as checkIdPOST } from "@/app/api/ai/connections/[id]/check/route";
import { DELETE as connectionDELETE } from "@/app/api/ai/connections/[id]/route";
import { POST as checkPOST } from "@/app/api/ai/connections/check/route";
import { GET as connectionsGET, POST as connectionsPOST } from "@/app/api/ai/connections/route";
import { db } from "@/lib/db";
import { connections } from "@/lib/db/schema";
import { DEFAULT_MODEL_BY_PROVIDER } from "@/lib/ai/models";
import { addConnection, newUser, validKey, type TestUser, withFakeProviderAndDatabase } from "../support/ai";
import { callRoute } from "../support/http";

const fake = withFakeProviderAndDatabase();

const list = (u: TestUser) => callRoute(connectionsGET, { url: "/api/ai/connections", headers: u.headers });
const config = (u: TestUser) => callRoute(configGET, { url: "/api/ai/config", headers: u.headers });
const create = (headers: Record<string, string>, body: unknown) =>
  callRoute(connectionsPOST, { method: "POST", url: "/api/ai/connections", headers, body });
const onId = (handler: typeof activatePOST, method: string, suffix: string) => (u: TestUser | null, id: string) =>
  callRoute(handler, { method, url: `/api/ai/connections/${id}${suffix}`, headers: u?.headers ?? {}, params: { id } });
const activate = onId(activatePOST, "POST", "/activate");
const remove = onId(connectionDELETE, "DELETE", "");
const checkSaved = onId(checkIdPOST, "POST", "/check");
const checkKey = (u: TestUser, body: unknown) =>
  callRoute(checkPOST, { method: "POST", url: "/api/ai/connections/check", headers: u.headers, body });

describe("POST /api/ai/connections", () => {
  it("creates a connection with a masked key, stores it encrypted and never returns the plain key", async () => {
    const user = await newUser("conn");
    const apiKey = validKey("OpenAI", "WXYZ");
    const res = await create(user.headers, { name: "Work key", provider: "OpenAI", apiKey });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({
      name: "Work key",
      provider: "OpenAI",
      apiKey: "sk-v••••••••WXYZ",
      isActive: true,
    });
    expect(res.json._id).toMatch(/^[0-9a-f-]{36}$/);

    const [row] = await db.select().from(connections).where(eq(connections.id, res.json._id));
    expect(row!.userId).toBe(user.id);
    expect(row!.apiKeyEncrypted.startsWith("v1:")).toBe(true);
    expect(row!.apiKeyEncrypted).not.toContain(apiKey);
    expect(row!.apiKeyEncrypted).not.toContain(apiKey.slice(8, 24));

    const listed = await list(user);
    const cfg = await config(user);
    expect(listed.json.connections).toEqual([res.json]);
    expect(cfg.json.apiKeys).toEqual({ openai: "sk-v••••••••WXYZ", anthropic: "" });
    for (const text of [res.text, listed.text, cfg.text]) {
      expect(text).not.toContain(apiKey);
      expect(text).not.toContain(apiKey.slice(4, -4));
    }
  });

  it("masks short keys with 8 dots only", async () => {
    const user = await newUser("conn-short");
    const res = await create(user.headers, { name: "Short", provider: "Anthropic", apiKey: "abcd1234" });
    expect(res.status, res.text).toBe(201);
    expect(res.json.apiKey).toBe("••••••••");
    const nine = await create(user.headers, { name: "Nine", provider: "Anthropic", apiKey: "abcd12345" });
    expect(nine.json.apiKey).toBe("abcd••••••••2345");
  });

  it("validates the body", async () => {
    const user = await newUser("conn-validate");
    const cases: Array<[unknown, RegExp]> = [
      [{ provider: "OpenAI", apiKey: "sk-valid-1" }, /name/i],
      [{ name: "  ", provider: "OpenAI", apiKey: "sk-valid-1" }, /name/i],
      [{ name: "G", provider: "Gemini", apiKey: "k" }, /Anthropic or OpenAI/],
      [{ name: "G", apiKey: "k" }, /provider/i],
      [{ name: "G", provider: "OpenAI", apiKey: "" }, /API key/],
      [{ name: "G", provider: "OpenAI" }, /API key/],
      [{ name: 5, provider: "OpenAI", apiKey: "k" }, /name/i],
      ["{not json", /JSON/i],
      ["[1,2]", /./],
    ];
    for (const [body, msg] of cases) {
      const res = await create(user.headers, body);
      expect(res.status, `${JSON.stringify(body)} → ${res.text}`).toBe(400);
      expect(res.json.msg).toMatch(msg);
    }
    expect((await list(user)).json.connections).toEqual([]);
  });
});

describe("active connection", () => {
  it("makes the first connection active with its provider's default model; activate switches; delete clears", async () => {
    const user = await newUser("conn-active");
    const first = await addConnection(user, "OpenAI");
    expect(first.json.isActive).toBe(true);
    let cfg = await config(user);
    expect(cfg.json.aiConfig).toMatchObject({
      connectionId: first.json._id,
      selectedModel: DEFAULT_MODEL_BY_PROVIDER.OpenAI,
    });

    const second = await addConnection(user, "Anthropic");
    expect(second.status).toBe(201);
    expect(second.json.isActive).toBe(false);
    expect((await config(user)).json.aiConfig.connectionId).toBe(first.json._id);

    const act = await activate(user, second.json._id);
    expect(act.status, act.text).toBe(200);
    cfg = await config(user);
    expect(cfg.json.aiConfig.connectionId).toBe(second.json._id);
    expect(cfg.json.aiConfig.selectedModel).toMatch(/^claude-/);
    expect(cfg.json.connections.map((c: { isActive: boolean }) => c.isActive)).toEqual([false, true]);

    // Deleting an inactive connection keeps the active one.
    expect((await remove(user, first.json._id)).status).toBe(200);
    expect((await config(user)).json.aiConfig.connectionId).toBe(second.json._id);
    // Deleting the active one leaves no active connection.
    const del = await remove(user, second.json._id);
    expect(del.status, del.text).toBe(200);
    cfg = await config(user);
    expect(cfg.json.aiConfig.connectionId).toBeNull();
    expect(cfg.json.connections).toEqual([]);
    expect(cfg.json.apiKeys).toEqual({ openai: "", anthropic: "" });
    expect((await remove(user, second.json._id)).status).toBe(404);
  });

  it("answers 404 for another user's connection and for ids that are not uuids", async () => {
    const owner = await newUser("conn-owner");
    const other = await newUser("conn-other");
    const { json: conn } = await addConnection(owner, "OpenAI");
    for (const call of [activate, remove, checkSaved]) {
      const res = await call(other, conn._id);
      expect(res.status, res.text).toBe(404);
      expect(res.json.msg).toMatch(/not found/i);
      expect((await call(owner, "not-a-uuid")).status).toBe(404);
      expect((await call(owner, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    }
    // The owner's connection is untouched and still active.
    expect((await list(owner)).json.connections).toMatchObject([{ _id: conn._id, isActive: true }]);
    expect((await config(other)).json.aiConfig.connectionId).toBeNull();
  });
});

describe("key checks against the provider", () => {
  it("reports a saved key as valid or invalid (never as a 401 of this app)", async () => {
    const user = await newUser("conn-check");
    const good = await addConnection(user, "OpenAI");
    const bad = await addConnection(user, "Anthropic", "sk-ant-revoked-000000000000");
    const before = fake.stats.byStatus[401] ?? 0;

    const ok = await checkSaved(user, good.json._id);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.valid).toBe(true);

    const invalid = await checkSaved(user, bad.json._id);
    expect(invalid.status, invalid.text).toBe(200);
    expect(invalid.json).toMatchObject({ valid: false, reason: "invalid_key" });
    expect(invalid.json.msg).toMatch(/API key/);
    expect(invalid.json.msg).toMatch(/Anthropic/);
    expect(invalid.text).not.toContain("sk-ant-revoked-000000000000");
    expect(fake.stats.byStatus[401]).toBe(before + 1);
  });

  it("checks a key before it is saved", async () => {
    const user = await newUser("conn-precheck");
    const good = await checkKey(user, { provider: "Anthropic", apiKey: validKey("Anthropic") });
    expect(good.status, good.text).toBe(200);
    expect(good.json.valid).toBe(true);
    const badOpenAi = await checkKey(user, { provider: "OpenAI", apiKey: "sk-proj-wrong-1234567890" });
    expect(badOpenAi.json).toMatchObject({
      valid: false,
      reason: "invalid_key",
      msg: expect.stringMatching(/OpenAI API key/),
    });
    expect(badOpenAi.text).not.toContain("sk-proj-wrong-1234567890");
    const invalidBody = await checkKey(user, { provider: "Gemini", apiKey: "x" });
    expect(invalidBody.status).toBe(400);
    expect((await checkKey(user, { provider: "OpenAI", apiKey: "" })).status).toBe(400);
  });
});

describe("authentication", () => {
  it("answers 401 on every connection route without a session", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    const results = [
      await callRoute(connectionsGET, { url: "/api/ai/connections" }),
      await create({}, { name: "x", provider: "OpenAI", apiKey: "sk-valid-1" }),
      await activate(null, id),
      await remove(null, id),
      await checkSaved(null, id),
      await callRoute(checkPOST, {
        method: "POST",
        url: "/api/ai/connections/check",
        body: { provider: "OpenAI", apiKey: "sk-valid-1" },
      }),
      await create({ "x-auth-token": "garbage" }, { name: "x", provider: "OpenAI", apiKey: "sk-valid-1" }),
    ];
    for (const res of results) {
      expect(res.status).toBe(401);
      expect(res.json.msg).toBeTruthy();
    }
  });
});
