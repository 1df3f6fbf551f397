import { describe, expect, it } from "vitest";
import { DELETE as connectionDELETE } from "@/app/api/ai/connections/[id]/route";
import { DELETE as templateDELETE, GET as templateGET, PUT as templatePUT } from "@/app/api/ai/templates/[id]/route";
import { GET as templatesGET, POST as templatesPOST } from "@/app/api/ai/templates/route";
import { DEFAULT_MODEL, DEFAULT_MODEL_BY_PROVIDER } from "@/lib/ai/models";
import { addConnection, newUser, type TestUser, withFakeProviderAndDatabase } from "../support/ai";
import { callRoute } from "../support/http";

withFakeProviderAndDatabase();

const SCHEMA = {
  type: "object",
  properties: { subject_line: { type: "string" }, email_body: { type: "string" } },
  required: ["subject_line", "email_body"],
};

const create = (u: TestUser | null, body: unknown) =>
  callRoute(templatesPOST, { method: "POST", url: "/api/ai/templates", headers: u?.headers ?? {}, body });
const listAll = (u: TestUser | null) =>
  callRoute(templatesGET, { url: "/api/ai/templates", headers: u?.headers ?? {} });
const byId = (handler: typeof templateGET, method: string) => (u: TestUser | null, id: string, body?: unknown) =>
  callRoute(handler, { method, url: `/api/ai/templates/${id}`, headers: u?.headers ?? {}, params: { id }, body });
const getOne = byId(templateGET, "GET");
const update = byId(templatePUT, "PUT");
const remove = byId(templateDELETE, "DELETE");

describe("POST /api/ai/templates", () => {
  it("creates a template from the full payload, accepting the legacy model field", async () => {
    const user = await newUser("tpl-create");
    const conn = (await addConnection(user, "OpenAI", undefined, "Team OpenAI")).json;
    const res = await create(user, {
      name: "Founders outreach",
      prompt: "Write to {{First Name}} at {{Company}}",
      jsonSchema: SCHEMA,
      maxRows: 50,
      onlyRunIf: "!{{Email Body}}",
      model: "gpt-4o",
      useCase: "content_creation",
      connectionId: conn._id,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({
      name: "Founders outreach",
      prompt: "Write to {{First Name}} at {{Company}}",
      maxRows: 50,
      onlyRunIf: "!{{Email Body}}",
      selectedModel: "gpt-4o",
      useCase: "content_creation",
      connectionId: conn._id,
      connectionName: "Team OpenAI",
    });
    expect(res.json._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof res.json.jsonSchema).toBe("string");
    expect(JSON.parse(res.json.jsonSchema)).toEqual(SCHEMA);
    expect((await getOne(user, res.json._id)).json).toEqual(res.json);
  });

  it("fills defaults for a minimal template and keeps schema text as given", async () => {
    const user = await newUser("tpl-min");
    const text = '{"type":"object","properties":{"content":{"type":"string"}}}';
    const res = await create(user, { name: "Minimal", jsonSchema: text, selectedModel: "claude-3-haiku-20240307" });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({
      maxRows: 10,
      useCase: "web_research",
      connectionId: null,
      connectionName: null,
      jsonSchema: text,
    });
    expect(res.json.selectedModel).toBe("claude-3-haiku-20240307");
    const bare = await create(user, { name: "Bare" });
    expect(bare.status, bare.text).toBe(201);
    expect(bare.json.selectedModel).toBe(DEFAULT_MODEL);
  });

  it("gives a template without a model its connection's default model", async () => {
    const user = await newUser("tpl-default-model");
    const openai = (await addConnection(user, "OpenAI")).json;
    const res = await create(user, { name: "OpenAI default", connectionId: openai._id });
    expect(res.status, res.text).toBe(201);
    expect(res.json.selectedModel).toBe(DEFAULT_MODEL_BY_PROVIDER.OpenAI);
  });

  it("validates the payload", async () => {
    const user = await newUser("tpl-validate");
    const other = await newUser("tpl-validate-other");
    const foreign = (await addConnection(other, "OpenAI")).json;
    const cases: Array<[unknown, number, RegExp]> = [
      [{ prompt: "x" }, 400, /^Template name is required$/],
      [{ name: "   " }, 400, /^Template name is required$/],
      [{ name: "T", jsonSchema: "{oops" }, 400, /JSON/],
      [{ name: "T", jsonSchema: '{"type":"array"}' }, 400, /object/],
      [{ name: "T", maxRows: 0 }, 400, /at least 1/],
      [{ name: "T", useCase: "spam" }, 400, /use case/i],
      [{ name: "T", model: "claude-3-opus-20240229" }, 400, /retired/],
      [{ name: "T", connectionId: foreign._id }, 404, /not found/i],
      ["not json", 400, /Malformed JSON/],
    ];
    for (const [body, status, msg] of cases) {
      const res = await create(user, body);
      expect(res.status, `${JSON.stringify(body)} → ${res.text}`).toBe(status);
      expect(res.json.msg).toMatch(msg);
    }
    expect((await listAll(user)).json).toEqual([]);
  });
});

describe("template list, read, update and delete", () => {
  it("lists newest first, updates and deletes", async () => {
    const user = await newUser("tpl-crud");
    const a = (await create(user, { name: "First", prompt: "A" })).json;
    const b = (await create(user, { name: "Second", prompt: "B" })).json;
    const c = (await create(user, { name: "Third", prompt: "C" })).json;
    const listed = await listAll(user);
    expect(listed.status).toBe(200);
    expect(listed.json.map((t: { _id: string }) => t._id)).toEqual([c._id, b._id, a._id]);

    const upd = await update(user, b._id, {
      name: "Second (edited)",
      prompt: "B2",
      maxRows: "3",
      selectedModel: "gpt-4o-mini",
      jsonSchema: SCHEMA,
    });
    expect(upd.status, upd.text).toBe(200);
    expect(upd.json).toMatchObject({
      _id: b._id,
      name: "Second (edited)",
      prompt: "B2",
      maxRows: 3,
      selectedModel: "gpt-4o-mini",
      model: "gpt-4o-mini",
    });
    expect(JSON.parse(upd.json.jsonSchema)).toEqual(SCHEMA);
    expect(Date.parse(upd.json.updatedAt)).toBeGreaterThanOrEqual(Date.parse(b.updatedAt));
    // A partial update keeps the other fields.
    const partial = await update(user, b._id, { useCase: "content_creation" });
    expect(partial.json).toMatchObject({
      name: "Second (edited)",
      prompt: "B2",
      maxRows: 3,
      useCase: "content_creation",
    });
    expect((await update(user, b._id, { maxRows: -1 })).status).toBe(400);
    expect((await update(user, b._id, { name: "" })).status).toBe(400);
    expect((await getOne(user, b._id)).json).toEqual(partial.json);

    const del = await remove(user, a._id);
    expect(del.status, del.text).toBe(200);
    expect((await getOne(user, a._id)).status).toBe(404);
    expect((await remove(user, a._id)).status).toBe(404);
    expect((await listAll(user)).json.map((t: { _id: string }) => t._id)).toEqual([c._id, b._id]);
  });

  it("keeps the template when its connection is deleted, without the connection", async () => {
    const user = await newUser("tpl-conn");
    const conn = (await addConnection(user, "Anthropic")).json;
    const tpl = (
      await create(user, { name: "With conn", connectionId: conn._id, selectedModel: "claude-3-haiku-20240307" })
    ).json;
    expect(tpl.connectionName).toBe("Anthropic key");
    await callRoute(connectionDELETE, {
      method: "DELETE",
      url: `/api/ai/connections/${conn._id}`,
      headers: user.headers,
      params: { id: conn._id },
    });
    const after = await getOne(user, tpl._id);
    expect(after.status).toBe(200);
    expect(after.json).toMatchObject({
      connectionId: null,
      connectionName: null,
      selectedModel: "claude-3-haiku-20240307",
    });
  });

  it("answers 404 for another user's template and for ids that are not uuids", async () => {
    const owner = await newUser("tpl-owner");
    const other = await newUser("tpl-intruder");
    const tpl = (await create(owner, { name: "Private", prompt: "secret prompt" })).json;
    for (const res of [
      await getOne(other, tpl._id),
      await update(other, tpl._id, { name: "Hijacked" }),
      await remove(other, tpl._id),
    ]) {
      expect(res.status, res.text).toBe(404);
      expect(res.json.msg).toMatch(/not found/i);
    }
    expect((await listAll(other)).json).toEqual([]);
    for (const id of ["123", "not-a-uuid", "../etc"]) {
      expect((await getOne(owner, id)).status).toBe(404);
      expect((await update(owner, id, { name: "x" })).status).toBe(404);
      expect((await remove(owner, id)).status).toBe(404);
    }
    expect((await getOne(owner, tpl._id)).json).toMatchObject({ name: "Private", prompt: "secret prompt" });
  });

  it("answers 401 without a session", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    for (const res of [
      await listAll(null),
      await create(null, { name: "x" }),
      await getOne(null, id),
      await update(null, id, { name: "x" }),
      await remove(null, id),
    ]) {
      expect(res.status).toBe(401);
    }
  });
});
