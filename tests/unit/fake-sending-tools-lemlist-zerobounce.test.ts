// lemlist and ZeroBounce fakes (Instantly, Smartlead and the control API: fake-sending-tools.test.ts).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fetchJson as send } from "../fakes/fetch-json";
import { startFakeSendingTools, type FakeSendingTools } from "../fakes/sending-tools";

// The fakes' clock: rate windows move when a test moves it, never with real time.
let now = 1_700_000_000_000;
let tools: FakeSendingTools;

beforeAll(async () => {
  tools = await startFakeSendingTools(undefined, { now: () => now });
});
afterAll(() => tools.close());
beforeEach(() => {
  for (const t of [tools.instantly, tools.smartlead, tools.lemlist, tools.zerobounce]) t.reset();
});

describe("fake lemlist", () => {
  const basic = (key: string, user = "") => ({
    authorization: `Basic ${Buffer.from(`${user}:${key}`).toString("base64")}`,
  });
  const auth = basic("lem-key");
  beforeEach(() => tools.lemlist.addKey("lem-key"));

  it("refuses a missing key, a wrong key and a non-empty user name", async () => {
    const url = `${tools.lemlist.url}/api/campaigns`;
    expect(await send(url)).toMatchObject({ status: 401, text: "Invalid API key" });
    expect((await send(url, { headers: basic("wrong") })).status).toBe(401);
    expect((await send(url, { headers: basic("lem-key", "me") })).status).toBe(401);
    expect((await send(url, { headers: auth })).status).toBe(200);
  });

  it("lists campaigns as an array, and with version=v2 as { campaigns, pagination }", async () => {
    for (const name of ["A", "B", "C"]) tools.lemlist.addCampaign("lem-key", { name });
    const v1 = await send(`${tools.lemlist.url}/api/campaigns`, { headers: auth });
    expect(v1.body).toEqual(
      ["A", "B", "C"].map((name) =>
        expect.objectContaining({ _id: expect.stringMatching(/^cam_/), name, status: "running" }),
      ),
    );
    const v2 = await send(`${tools.lemlist.url}/api/campaigns?version=v2&limit=2`, { headers: auth });
    expect(v2.body.pagination).toEqual({
      page: 1,
      limit: 2,
      totalRecords: 3,
      currentPage: 1,
      nextPage: 2,
      totalPage: 2,
    });
    expect((v2.body.campaigns as unknown[]).length).toBe(2);
  });

  it("adds one lead a call (variables at the top level), refuses arrays, and de-duplicates", async () => {
    const c = tools.lemlist.addCampaign("lem-key", { name: "Q3" });
    tools.lemlist.addExistingLead("lem-key", null, "elsewhere@example.test");
    const url = (dedupe: boolean) =>
      `${tools.lemlist.url}/api/campaigns/${c.id}/leads/${dedupe ? "?deduplicate=true" : ""}`;
    const lead = { email: "ann@example.test", firstName: "Ann", companyName: "Acme", subject_line: "Hi" };
    const res = await send(url(true), { headers: auth, body: lead });
    expect(res.body).toMatchObject({ ...lead, _id: expect.stringMatching(/^lea_/), campaignId: c.id, isPaused: false });
    expect(tools.lemlist.leads(c.id)).toEqual([
      { email: lead.email, campaignId: c.id, id: res.body._id, fields: lead },
    ]);
    expect((await send(url(true), { headers: auth, body: [lead] })).status).toBe(400);
    expect((await send(url(true), { headers: auth, body: { leads: [lead, lead] } })).status).toBe(400);
    expect(await send(url(true), { headers: auth, body: lead })).toMatchObject({
      status: 400,
      text: "Lead already in the campaign",
    });
    const other = { email: "elsewhere@example.test" };
    const deduped = await send(url(true), { headers: auth, body: other });
    expect(deduped).toMatchObject({ status: 409, text: "Lead already exists in another campaign" });
    expect((await send(url(false), { headers: auth, body: other })).status).toBe(200);
  });

  it("holds 20 requests in any 2 seconds per key, with the rate headers on every answer", async () => {
    const url = `${tools.lemlist.url}/api/campaigns`;
    const first = await send(url, { headers: auth });
    expect(first.headers.get("x-ratelimit-limit")).toBe("20");
    expect(first.headers.get("x-ratelimit-remaining")).toBe("19");
    expect(first.headers.get("x-ratelimit-reset")).toBe(new Date(now + 2000).toString());
    now += 500;
    for (let i = 0; i < 19; i++) expect((await send(url, { headers: auth })).status).toBe(200);
    const refused = await send(url, { headers: auth });
    expect(refused).toMatchObject({ status: 429, text: "Too many requests" });
    expect(refused.headers.get("retry-after")).toBe("2"); // 1.5 s until the first request leaves the window
    now += 1500; // the first request is out of the window, the other 19 are not
    expect((await send(url, { headers: auth })).status).toBe(200);
    expect((await send(url, { headers: auth })).status).toBe(429);
    expect(tools.lemlist.rateLimited()).toBe(2);
  });

  it("failNext answers the next add-lead calls", async () => {
    const c = tools.lemlist.addCampaign("lem-key", { name: "Q3" });
    tools.lemlist.failNext({ status: 500, body: "boom" });
    const url = `${tools.lemlist.url}/api/campaigns/${c.id}/leads/?deduplicate=true`;
    expect(await send(url, { headers: auth, body: { email: "a@b.test" } })).toMatchObject({
      status: 500,
      text: "boom",
    });
    expect((await send(url, { headers: auth, body: { email: "a@b.test" } })).status).toBe(200);
  });
});

describe("fake ZeroBounce (API v2)", () => {
  const batch = (list: string[], key = "zb-key") =>
    send(`${tools.zerobounce.url}/v2/validatebatch`, {
      body: { api_key: key, email_batch: list.map((email_address) => ({ email_address, ip_address: "" })) },
    });
  const credits = async (key: string) => (await send(`${tools.zerobounce.url}/v2/getcredits?api_key=${key}`)).body;
  beforeEach(() => tools.zerobounce.addKey("zb-key"));

  it("answers getcredits with the balance as a string, and -1 for a bad key", async () => {
    tools.zerobounce.setCredits("zb-key", 42);
    expect(await credits("zb-key")).toEqual({ Credits: "42" });
    expect(await credits("wrong")).toEqual({ Credits: "-1" });
  });

  it("validates a batch with the documented fields and statuses; unknown results cost no credit", async () => {
    tools.zerobounce.setStatus("trap@example.test", "spamtrap");
    tools.zerobounce.setStatus("any@catch.test", "catch-all");
    tools.zerobounce.setStatus("slow@example.test", "unknown", "greylisted");
    const res = await batch(["ok@example.test", "trap@example.test", "any@catch.test", "slow@example.test", "bad"]);
    const rows = res.body.email_batch as Record<string, unknown>[];
    expect(rows.map((r) => [r.address, r.status, r.sub_status])).toEqual([
      ["ok@example.test", "valid", ""],
      ["trap@example.test", "spamtrap", ""],
      ["any@catch.test", "catch-all", ""],
      ["slow@example.test", "unknown", "greylisted"],
      ["bad", "invalid", "failed_syntax_check"],
    ]);
    expect(rows[0]).toMatchObject({ free_email: false, did_you_mean: null, account: "ok", domain: "example.test" });
    expect(res.body.errors).toEqual([]);
    expect(await credits("zb-key")).toEqual({ Credits: String(10_000 - 4) });
  });

  it("refuses a bad key and more than 200 addresses with its errors list", async () => {
    const key = await batch(["a@b.test"], "wrong");
    const all = { email_address: "all", error: "Invalid API Key or your account ran out of credits" };
    expect(key).toMatchObject({ status: 200, body: { email_batch: [], errors: [all] } });
    const list = (n: number) => Array.from({ length: n }, (_, i) => `a${i}@b.test`);
    const over = await batch(list(201));
    expect(over.body).toMatchObject({
      email_batch: [],
      errors: [{ email_address: "all", error: expect.stringContaining("200") }],
    });
    expect((await batch(list(200))).body.email_batch).toHaveLength(200);
  });

  it("allows 5 batches a minute per key, then blocks the key for 10 minutes; failNext answers batches only", async () => {
    for (let i = 0; i < 5; i++) expect((await batch(["a@b.test"])).status).toBe(200);
    const refused = await batch(["a@b.test"]);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("600");
    now += 60_000;
    expect((await batch(["a@b.test"])).status).toBe(429); // still blocked
    now += 540_000;
    expect((await batch(["a@b.test"])).status).toBe(200);
    expect(tools.zerobounce.rateLimited()).toBe(2);
    tools.zerobounce.failNext(429);
    expect(await credits("zb-key")).toMatchObject({ Credits: expect.any(String) });
    const injected = await batch(["a@b.test"]);
    expect([injected.status, injected.headers.get("retry-after")]).toEqual([429, "1"]);
  });
});
