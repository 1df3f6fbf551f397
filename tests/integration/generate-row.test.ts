import { beforeEach, describe, expect, it } from "vitest";
import { GET as creditsGET } from "@/app/api/ai/credits/route";
import { POST as generatePOST } from "@/app/api/ai/generate/route";
import { DEFAULT_JSON_SCHEMA } from "@/lib/ai/defaults";
import { reserveCredits } from "@/lib/services/credits/credits";
import { addConnection, newUser, userRow, type TestUser, withFakeProviderAndDatabase } from "../support/ai";
import { csvApi, importFile } from "../support/csv";
import { callRoute } from "../support/http";

const fake = withFakeProviderAndDatabase();
beforeEach(() => fake.reset());

const ROWS = [
  { "First Name": "Ada", Company: "Analytical Engines", Email: "ada@example.test" },
  { "First Name": "Grace", Company: "Compilers Inc", Email: "grace@example.test" },
  { "First Name": "Linus", Company: "", Email: "" },
];
const PROMPT = "Write a cold email to {{First Name}} at {{Company|your company}}.";

interface Setup {
  user: TestUser;
  csvId: string;
  connectionId: string;
  body: (extra?: Record<string, unknown>) => Record<string, unknown>;
}

/** A user with a connection and a saved 3-row CSV; `body` builds the generator screen's payload. */
async function setup(provider: "OpenAI" | "Anthropic" = "OpenAI", apiKey?: string): Promise<Setup> {
  const user = await newUser("gen");
  const conn = await addConnection(user, provider, apiKey);
  expect(conn.status, conn.text).toBe(201);
  const file = await importFile(user, ROWS);
  const body = (extra: Record<string, unknown> = {}) => ({
    prompt: PROMPT,
    jsonSchema: DEFAULT_JSON_SCHEMA,
    model: provider === "OpenAI" ? "gpt-4o-mini" : "claude-haiku-4-5-20251001",
    useCase: "content_creation",
    data: ROWS,
    selectedRowIndex: 1,
    connectionId: conn.json._id,
    csvId: file._id,
    isRetry: false,
    ...extra,
  });
  return { user, csvId: file._id, connectionId: conn.json._id, body };
}

const generate = (user: TestUser, body: unknown) =>
  callRoute(generatePOST, { method: "POST", url: "/api/ai/generate", headers: user.headers, body });
const used = async (user: TestUser) =>
  (await callRoute(creditsGET, { url: "/api/ai/credits", headers: user.headers })).json.credits.used as number;
const rowsOf = async (s: Setup) => (await csvApi.get(s.user, s.csvId)).json.rows as Record<string, string>[];
const generations = () => fake.stats.calls.length;

describe("POST /api/ai/generate", () => {
  it("writes the result to row selectedRowIndex of csvId and answers with it and the credits left", async () => {
    const s = await setup();
    const res = await generate(s.user, s.body());
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      subject_line: expect.stringContaining("Grace at Compilers Inc"),
      email_body: expect.stringContaining("Write a cold email to Grace at Compilers Inc."),
      credits: { daily: 100, used: 1, remaining: 99 },
    });
    expect(fake.stats.prompts).toEqual(["Write a cold email to Grace at Compilers Inc."]);

    const file = (await csvApi.get(s.user, s.csvId)).json;
    expect(file.columns).toEqual(["First Name", "Company", "Email", "Subject Line", "Email Body", "AI Response"]);
    expect(file.rows[1]).toMatchObject({
      "First Name": "Grace",
      "Subject Line": res.json.subject_line,
      "Email Body": res.json.email_body,
    });
    expect(JSON.parse(file.rows[1]["AI Response"])).toEqual({
      subject_line: res.json.subject_line,
      email_body: res.json.email_body,
    });
    expect(file.rows[0]["Subject Line"]).toBeFalsy();
    expect(file.rows[2]["Subject Line"]).toBeFalsy();
    expect(await used(s.user)).toBe(1);
  });

  it("works with Anthropic too (web_research by default)", async () => {
    const s = await setup("Anthropic");
    const body = s.body({ selectedRowIndex: 0 });
    delete body.useCase;
    const res = await generate(s.user, body);
    expect(res.status, res.text).toBe(200);
    expect(res.json.subject_line).toContain("Ada at Analytical Engines");
    expect(fake.stats.byEndpoint["anthropic POST /v1/messages"]).toBe(2); // research turn + forced write_email
    expect((await rowsOf(s))[0]!["Subject Line"]).toBe(res.json.subject_line);
  });

  it("refuses a prompt using a column the CSV lacks (400 naming it), before any provider call or charge", async () => {
    const s = await setup();
    const res = await generate(s.user, s.body({ prompt: "Hi {{First Name}}, loved {{Favourite Colour}}" }));
    expect(res.status).toBe(400);
    expect(res.json.msg).toContain("{{Favourite Colour}}");
    expect(res.json.msg).not.toContain("{{First Name}}");
    expect(generations()).toBe(0);
    expect(await used(s.user)).toBe(0);
  });

  it("{{Missing|there}}: the fallback reaches the provider", async () => {
    const s = await setup();
    const res = await generate(
      s.user,
      s.body({ prompt: "Hello {{Nickname|there}}, how is {{Company|your company}}?", selectedRowIndex: 2 }),
    );
    expect(res.status, res.text).toBe(200);
    expect(fake.stats.prompts).toEqual(["Hello there, how is your company?"]);
  });

  it("403 'Daily credit limit reached' when no credit is left; nothing generated", async () => {
    const s = await setup();
    expect((await reserveCredits(await userRow(s.user.id), 100)).ok).toBe(true);
    const res = await generate(s.user, s.body());
    expect(res.status).toBe(403);
    expect(res.json.msg).toBe("Daily credit limit reached");
    expect(generations()).toBe(0);
    expect(await used(s.user)).toBe(100);
  });

  it("a failed row shows 'Error: …'; its retry (isRetry) is allowed with 0 credits left and not charged", async () => {
    const s = await setup();
    fake.failNext(1, 400, {
      error: { message: "Injected refusal", type: "invalid_request_error", param: null, code: null },
    });
    const failed = await generate(s.user, s.body());
    expect(failed.status).toBe(400);
    expect(failed.json.msg).toContain("Injected refusal");
    expect((await rowsOf(s))[1]!["Subject Line"]).toMatch(/^Error: /);
    expect(await used(s.user)).toBe(0); // refunded

    expect((await reserveCredits(await userRow(s.user.id), 100)).ok).toBe(true);
    const retry = await generate(s.user, s.body({ isRetry: true }));
    expect(retry.status, retry.text).toBe(200);
    expect(retry.json.credits).toMatchObject({ used: 100, remaining: 0 });
    expect((await rowsOf(s))[1]!["Subject Line"]).toBe(retry.json.subject_line);
    expect(await used(s.user)).toBe(100);
  });

  it("isRetry on a row that has not failed is charged (and refused without credits)", async () => {
    const s = await setup();
    expect((await generate(s.user, s.body())).status).toBe(200);
    const again = await generate(s.user, s.body({ isRetry: true }));
    expect(again.status).toBe(200);
    expect(await used(s.user)).toBe(2);
    const never = await generate(s.user, s.body({ isRetry: true, selectedRowIndex: 0 }));
    expect(never.status).toBe(200);
    expect(await used(s.user)).toBe(3);
    expect((await reserveCredits(await userRow(s.user.id), 97)).ok).toBe(true);
    const refused = await generate(s.user, s.body({ isRetry: true }));
    expect(refused.status).toBe(403);
    expect(refused.json.msg).toBe("Daily credit limit reached");
  });

  it("a row edited to look failed is not a free retry: only a failure the server recorded is", async () => {
    const s = await setup();
    expect((await generate(s.user, s.body())).status).toBe(200);
    const rowId = (await csvApi.get(s.user, s.csvId)).json.rowIds[1];
    const edit = await csvApi.patchRow(s.user, s.csvId, rowId, { data: { "Subject Line": "Error: fake" } });
    expect(edit.status, edit.text).toBe(200);
    expect((await reserveCredits(await userRow(s.user.id), 99)).ok).toBe(true);
    const refused = await generate(s.user, s.body({ isRetry: true }));
    expect(refused.status).toBe(403);
    expect(refused.json.msg).toBe("Daily credit limit reached");
  });

  it("an invalid provider key: 400 (never 401) naming the key; credit refunded; row shows the error", async () => {
    const s = await setup("OpenAI", "sk-revoked-0123456789abcdef");
    const res = await generate(s.user, s.body());
    expect(res.status).toBe(400);
    expect(res.json.msg).toMatch(/OpenAI API key is invalid/);
    expect(res.json.reason).toBe("invalid_key");
    expect(await used(s.user)).toBe(0);
    expect((await rowsOf(s))[1]!["Subject Line"]).toMatch(/^Error: The OpenAI API key is invalid/);
  });

  it("a provider 500 is refunded (used unchanged) and answered 502", async () => {
    const s = await setup();
    fake.failNext(1, 500);
    const res = await generate(s.user, s.body());
    expect(res.status).toBe(502);
    expect(res.json.msg).toMatch(/server error \(500\)/);
    expect(await used(s.user)).toBe(0);
  });

  it("a content-only answer fills the body and sets '(No subject_line field)'", async () => {
    const s = await setup();
    fake.setOptions({ respond: () => ({ content: "Dear Grace, just the body." }) });
    const schema = {
      type: "object",
      properties: { content: { type: "string" } },
      required: ["content"],
      additionalProperties: false,
    };
    const res = await generate(s.user, s.body({ jsonSchema: JSON.stringify(schema) }));
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ content: "Dear Grace, just the body." });
    expect(res.json.subject_line).toBeUndefined();
    expect((await rowsOf(s))[1]).toMatchObject({
      "Subject Line": "(No subject_line field)",
      "Email Body": "Dear Grace, just the body.",
      "AI Response": '{"content":"Dear Grace, just the body."}',
    });
    expect(await used(s.user)).toBe(1);
  });

  it("an answer without subject or body gets the '(No … returned)' placeholders", async () => {
    const s = await setup();
    fake.setOptions({ respond: () => ({ greeting: "hi" }) });
    const res = await generate(s.user, s.body());
    expect(res.json).toMatchObject({ subject_line: "(No subject returned)", email_body: "(No body returned)" });
  });

  it("a malformed answer: '(Parse Error)' in the row and the credit refunded", async () => {
    const s = await setup();
    fake.setOptions({ malformed: true });
    const res = await generate(s.user, s.body());
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ subject_line: "(Parse Error)", email_body: "(Parse Error)" });
    expect((await rowsOf(s))[1]).toMatchObject({
      "Subject Line": "(Parse Error)",
      "Email Body": "(Parse Error)",
      "AI Response": "(Parse Error)",
    });
    expect(await used(s.user)).toBe(0);
    expect(res.json.credits).toMatchObject({ used: 0, remaining: 100 });
  });

  it("a retired model is refused with 400 before any call", async () => {
    const s = await setup("Anthropic");
    const res = await generate(s.user, s.body({ model: "claude-3-opus-20240229" }));
    expect(res.status).toBe(400);
    expect(res.json.msg).toMatch(/retired/);
    expect(generations()).toBe(0);
    expect(await used(s.user)).toBe(0);
  });

  it("validates the payload, needs a session and keeps other users' files private", async () => {
    const s = await setup();
    expect((await generate(s.user, s.body({ prompt: "  " }))).json.msg).toBe(
      "Configuration error: Prompt cannot be empty",
    );
    expect((await generate(s.user, s.body({ jsonSchema: "{oops" }))).status).toBe(400);
    expect((await generate(s.user, s.body({ selectedRowIndex: 7 }))).status).toBe(400);
    expect((await generate(s.user, "{not json")).status).toBe(400);
    expect((await callRoute(generatePOST, { method: "POST", url: "/api/ai/generate", body: s.body() })).status).toBe(
      401,
    );
    const other = await newUser("gen-other");
    const otherConn = (await addConnection(other, "OpenAI")).json._id;
    expect((await generate(other, s.body({ connectionId: otherConn }))).status).toBe(404);
    expect(generations()).toBe(0);
  });

  it("without csvId it generates from the sent row only (nothing stored)", async () => {
    const s = await setup();
    const res = await generate(
      s.user,
      s.body({ csvId: undefined, data: { "First Name": "Solo", Company: "One" }, selectedRowIndex: 0 }),
    );
    expect(res.status, res.text).toBe(200);
    expect(fake.stats.prompts).toEqual(["Write a cold email to Solo at One."]);
    expect((await rowsOf(s))[0]!["Subject Line"]).toBeFalsy();
  });
});
