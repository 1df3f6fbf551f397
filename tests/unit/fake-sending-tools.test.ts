// Instantly and Smartlead fakes, and the control API of the standalone server (lemlist and ZeroBounce:
// fake-sending-tools-lemlist-zerobounce.test.ts).
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

const emails = (n: number) => Array.from({ length: n }, (_, i) => ({ email: `lead${i}@example.test` }));

describe("fake Instantly (API v2)", () => {
  const auth = { authorization: "Bearer inst-key" };
  const add = (body: unknown, headers = auth) => send(`${tools.instantly.url}/api/v2/leads/add`, { body, headers });
  beforeEach(() => tools.instantly.addKey("inst-key"));

  it("refuses a missing or unknown key with its 401 and records every call", async () => {
    const url = `${tools.instantly.url}/api/v2/campaigns?limit=100`;
    const none = await send(url);
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ statusCode: 401, error: "Unauthorized", message: "Invalid API key" });
    expect((await send(url, { headers: { authorization: "Bearer other" } })).status).toBe(401);
    expect(tools.instantly.calls.map((c) => [c.at, c.status])).toEqual([
      [now, 401],
      [now, 401],
    ]);
  });

  it("pages the campaign list: limit at most 100, next_starting_after until the last page", async () => {
    for (let i = 0; i < 150; i++) tools.instantly.addCampaign("inst-key", { name: `C${i}` });
    tools.instantly.addCampaign("someone-else", { name: "not listed" });
    const first = await send(`${tools.instantly.url}/api/v2/campaigns?limit=100`, { headers: auth });
    const items = first.body.items as { id: string; name: string; status: number }[];
    expect(items).toHaveLength(100);
    expect(items[0]).toMatchObject({ name: "C0", status: 1 });
    expect(first.body.next_starting_after).toBe(items[99]!.id);
    const after = encodeURIComponent(items[99]!.id);
    const second = await send(`${tools.instantly.url}/api/v2/campaigns?limit=100&starting_after=${after}`, {
      headers: auth,
    });
    expect((second.body.items as unknown[]).length).toBe(50);
    expect(second.body).not.toHaveProperty("next_starting_after");
    const tooMany = await send(`${tools.instantly.url}/api/v2/campaigns?limit=101`, { headers: auth });
    expect(tooMany).toMatchObject({ status: 400, body: { message: "querystring/limit must be <= 100" } });
  });

  it("adds leads with the documented answer and stores each lead as received", async () => {
    const c = tools.instantly.addCampaign("inst-key", { name: "Q3" });
    const ann = {
      email: "Ann@Example.test",
      first_name: "Ann",
      company_name: "Acme",
      custom_variables: { email_body: "a\nb", n: 2 },
    };
    const res = await add({
      campaign_id: c.id,
      skip_if_in_campaign: true,
      leads: [ann, { email: "bob@example.test" }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: "success",
      total_sent: 2,
      leads_uploaded: 2,
      in_blocklist: 0,
      blocklist_used: expect.any(String),
      already_in_campaign: 0,
      skipped_count: 0,
      invalid_email_count: 0,
      incomplete_count: 0,
      duplicate_email_count: 0,
      duplicated_leads: 0,
      remaining_in_plan: expect.any(Number),
      created_leads: [
        { id: expect.any(String), email: "ann@example.test", index: 0 },
        { id: expect.any(String), email: "bob@example.test", index: 1 },
      ],
    });
    expect(tools.instantly.leads(c.id).map((l) => l.fields)).toEqual([ann, { email: "bob@example.test" }]);
  });

  it("refuses the whole call: over 1,000 leads, a lead without email, an object variable, an unknown campaign", async () => {
    const c = tools.instantly.addCampaign("inst-key", { name: "Q3" });
    const over = await add({ campaign_id: c.id, leads: emails(1001) });
    expect(over).toMatchObject({
      status: 400,
      body: { statusCode: 400, message: "body/leads must NOT have more than 1000 items" },
    });
    expect((await add({ campaign_id: c.id, leads: [{ email: "a@b.test" }, { first_name: "x" }] })).status).toBe(400);
    const nested = { email: "a@b.test", custom_variables: { deep: { x: 1 } } };
    expect((await add({ campaign_id: c.id, leads: [nested] })).status).toBe(400);
    expect((await add({ campaign_id: "nope", leads: emails(1) })).status).toBe(404);
    expect(tools.instantly.leads(c.id)).toEqual([]);
    expect((await add({ campaign_id: c.id, leads: emails(1000) })).body.leads_uploaded).toBe(1000);
  });

  it("de-duplicates: skip_if_in_campaign skips leads in any campaign; repeats and invalid addresses are counted", async () => {
    const c = tools.instantly.addCampaign("inst-key", { name: "Q3" });
    tools.instantly.addExistingLead("inst-key", c.id, "here@example.test");
    tools.instantly.addExistingLead("inst-key", null, "elsewhere@example.test");
    const leads = ["here@example.test", "elsewhere@example.test", "new@example.test", "NEW@example.test", "nope"];
    const skipping = await add({
      campaign_id: c.id,
      skip_if_in_campaign: true,
      leads: leads.map((email) => ({ email })),
    });
    expect(skipping.body).toMatchObject({
      leads_uploaded: 1,
      skipped_count: 2,
      already_in_campaign: 1,
      duplicate_email_count: 1,
    });
    expect(skipping.body).toMatchObject({ invalid_email_count: 1, duplicated_leads: 0, total_sent: 5 });
    expect((skipping.body.created_leads as { index: number }[]).map((l) => l.index)).toEqual([2]);
    const plain = await add({ campaign_id: c.id, leads: leads.slice(0, 3).map((email) => ({ email })) });
    expect(plain.body).toMatchObject({ leads_uploaded: 1, duplicated_leads: 2, skipped_count: 0 });
  });

  it("answers 429 with Retry-After past the (shrunk) workspace limit, whichever key asks", async () => {
    tools.instantly.addKey("inst-key-2");
    tools.instantly.setLimits([{ requests: 2, windowMs: 60_000 }]);
    const list = (key: string) =>
      send(`${tools.instantly.url}/api/v2/campaigns`, { headers: { authorization: `Bearer ${key}` } });
    expect((await list("inst-key")).status).toBe(200);
    expect((await list("inst-key-2")).status).toBe(200);
    const refused = await list("inst-key-2");
    expect(refused).toMatchObject({ status: 429, body: { statusCode: 429, error: "Too Many Requests" } });
    expect(refused.headers.get("retry-after")).toBe("60");
    expect(tools.instantly.rateLimited()).toBe(1);
    now += 60_000;
    expect((await list("inst-key")).status).toBe(200);
  });

  it("failNext answers the next add-lead calls, then the fake answers again", async () => {
    const c = tools.instantly.addCampaign("inst-key", { name: "Q3" });
    tools.instantly.failNext(429, { status: 503, body: { message: "down" } });
    expect((await send(`${tools.instantly.url}/api/v2/campaigns`, { headers: auth })).status).toBe(200);
    const first = await add({ campaign_id: c.id, leads: emails(1) });
    expect(first).toMatchObject({ status: 429, body: { statusCode: 429 } });
    expect(first.headers.get("retry-after")).toBe("1");
    expect(await add({ campaign_id: c.id, leads: emails(1) })).toMatchObject({
      status: 503,
      body: { message: "down" },
    });
    expect((await add({ campaign_id: c.id, leads: emails(1) })).status).toBe(200);
    expect(tools.instantly.rateLimited()).toBe(0);
  });
});

describe("fake Smartlead (API v1)", () => {
  const url = (path: string, key = "sl-key") => `${tools.smartlead.url}/api/v1${path}?api_key=${key}`;
  beforeEach(() => tools.smartlead.addKey("sl-key"));

  it("refuses a missing or unknown api_key with its 401", async () => {
    const none = await send(`${tools.smartlead.url}/api/v1/campaigns`);
    expect(none.status).toBe(401);
    expect(none.body).toEqual({
      success: false,
      error: { code: "UNAUTHORIZED", message: "Invalid or missing API key" },
    });
    expect((await send(url("/campaigns", "wrong"))).status).toBe(401);
  });

  it("lists the key's campaigns with numeric ids, and adds leads with the documented answer and rate headers", async () => {
    const c = tools.smartlead.addCampaign("sl-key", { name: "Q3" });
    tools.smartlead.addCampaign("other", { name: "not mine" });
    const list = await send(url("/campaigns"));
    expect(list.body).toEqual([expect.objectContaining({ id: Number(c.id), name: "Q3", status: "ACTIVE" })]);
    const lead = { email: "ann@example.test", first_name: "Ann", custom_fields: { subject_line: "Hi" } };
    const settings = {
      ignore_global_block_list: false,
      ignore_unsubscribe_list: false,
      ignore_duplicate_leads_in_other_campaign: false,
    };
    const res = await send(url(`/campaigns/${c.id}/leads`), { body: { lead_list: [lead], settings } });
    expect(res.body).toEqual({
      ok: true,
      upload_count: 1,
      total_leads: 1,
      already_added_to_campaign: 0,
      duplicate_count: 0,
      invalid_email_count: 0,
      unsubscribed_leads: 0,
    });
    expect(res.headers.get("x-ratelimit-limit")).toBe("60");
    expect(res.headers.get("x-ratelimit-remaining")).toBe("58");
    expect(tools.smartlead.leads(c.id)[0]?.fields).toEqual(lead);
  });

  it("refuses more than 400 leads, a lead without email, and an unknown or foreign campaign", async () => {
    const c = tools.smartlead.addCampaign("sl-key", { name: "Q3" });
    const foreign = tools.smartlead.addCampaign("other", { name: "theirs" });
    const over = await send(url(`/campaigns/${c.id}/leads`), { body: { lead_list: emails(401) } });
    expect(over).toMatchObject({ status: 400, body: { error: { code: "VALIDATION_ERROR" } } });
    const noEmail = await send(url(`/campaigns/${c.id}/leads`), { body: { lead_list: [{ email: "a@b.test" }, {}] } });
    expect(noEmail.body).toMatchObject({ error: { details: { field: "lead_list[1].email" } } });
    expect((await send(url(`/campaigns/${foreign.id}/leads`), { body: { lead_list: emails(1) } })).status).toBe(404);
    expect((await send(url("/campaigns/999999/leads"), { body: { lead_list: emails(1) } })).status).toBe(404);
    expect((await send(url(`/campaigns/${c.id}/leads`), { body: { lead_list: emails(400) } })).body.upload_count).toBe(
      400,
    );
  });

  it("de-duplicates: already in the campaign, in another campaign, repeated, invalid", async () => {
    const c = tools.smartlead.addCampaign("sl-key", { name: "Q3" });
    tools.smartlead.addExistingLead("sl-key", c.id, "here@example.test");
    tools.smartlead.addExistingLead("sl-key", null, "elsewhere@example.test");
    const list = ["here@example.test", "elsewhere@example.test", "new@example.test", "new@example.test", "bad"];
    const res = await send(url(`/campaigns/${c.id}/leads`), { body: { lead_list: list.map((email) => ({ email })) } });
    expect(res.body).toMatchObject({
      upload_count: 1,
      already_added_to_campaign: 1,
      duplicate_count: 2,
      invalid_email_count: 1,
    });
    const settings = { ignore_duplicate_leads_in_other_campaign: true };
    const allowed = await send(url(`/campaigns/${c.id}/leads`), {
      body: { lead_list: [{ email: list[1] }], settings },
    });
    expect(allowed.body).toMatchObject({ upload_count: 1 });
  });

  it("holds the documented burst of 10 a second per key, and shrunk limits, with Retry-After and X-RateLimit-*", async () => {
    for (let i = 0; i < 10; i++) expect((await send(url("/campaigns"))).status).toBe(200);
    const burst = await send(url("/campaigns"));
    expect(burst.status).toBe(429);
    expect(burst.body).toEqual({ error: { code: "RATE_LIMIT_EXCEEDED", message: expect.any(String), retry_after: 1 } });
    tools.smartlead.addKey("sl-key-2");
    expect((await send(url("/campaigns", "sl-key-2"))).status).toBe(200); // per key
    tools.smartlead.setLimits([{ requests: 1, windowMs: 60_000 }]);
    expect((await send(url("/campaigns"))).status).toBe(200);
    const refused = await send(url("/campaigns"));
    expect(refused.headers.get("retry-after")).toBe("60");
    expect(refused.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(refused.headers.get("x-ratelimit-reset")).toBe(String(Math.ceil((now + 60_000) / 1000)));
    expect(tools.smartlead.rateLimited()).toBe(2);
  });
});

describe("control API of the standalone server", () => {
  const control = (path: string, body?: unknown) => send(`${tools.instantly.url}/__control/${path}`, { body });

  it("steers the fakes and reports calls without bodies or keys", async () => {
    expect((await send(`${tools.instantly.url}/__health`)).body).toMatchObject({
      ok: true,
      urls: { lemlist: tools.lemlist.url },
    });
    await control("key", { tool: "smartlead", key: "ctl-key" });
    const c = (await control("campaign", { tool: "smartlead", key: "ctl-key", name: "Q3" })).body;
    await control("limits", { tool: "smartlead", limits: [{ requests: 1, windowMs: 60_000 }] });
    const leadsUrl = `${tools.smartlead.url}/api/v1/campaigns/${c.id}/leads?api_key=ctl-key`;
    expect((await send(leadsUrl, { body: { lead_list: emails(3) } })).status).toBe(200);
    expect((await send(leadsUrl, { body: { lead_list: emails(3) } })).status).toBe(429);
    const calls = (await send(`${tools.instantly.url}/__control/calls?tool=smartlead`)).body.calls;
    expect(calls).toEqual([
      { at: now, method: "POST", path: `/api/v1/campaigns/${c.id}/leads?api_key=***`, status: 200, leads: 3 },
      { at: now, method: "POST", path: `/api/v1/campaigns/${c.id}/leads?api_key=***`, status: 429, leads: 3 },
    ]);
    const stored = await send(`${tools.instantly.url}/__control/leads?tool=smartlead&campaignId=${c.id}`);
    expect((stored.body.leads as unknown[]).length).toBe(3);
    expect(tools.instantly.calls).toEqual([]); // control requests are not calls of the fake
    await control("reset", {});
    expect(tools.smartlead.calls).toEqual([]);
  });
});
