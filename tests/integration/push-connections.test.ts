import { describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { newUser, withFakeProviderAndDatabase } from "../support/ai";
import { sendingApi, withFakeSendingTools } from "../support/sending";

// Keys of outside tools (Instantly, Smartlead, lemlist, ZeroBounce), checked with one read call before they are stored.

withFakeProviderAndDatabase();
const tools = withFakeSendingTools();

let n = 0;
const key = (tool: string) => `${tool}-key-${Date.now()}-${++n}-abcdefgh`;

describe("integration connections", () => {
  it("checks a key with one read call, stores it masked, lists, renames and deletes it", async () => {
    const user = await newUser("conn");
    const apiKey = key("inst");
    tools().instantly.addKey(apiKey);
    const before = tools().instantly.calls.length;
    const created = await sendingApi.connect(user, { service: "instantly", name: "Outbound", apiKey });
    expect(created.status, created.text).toBe(201);
    expect(tools().instantly.calls.length - before).toBe(1);
    expect(tools().instantly.calls.at(-1)!.path).toMatch(/^\/api\/v2\/campaigns\?limit=100/);
    expect(created.json).toEqual({
      id: expect.any(String),
      service: "instantly",
      name: "Outbound",
      apiKey: `${apiKey.slice(0, 4)}••••••••${apiKey.slice(-4)}`,
      createdAt: expect.any(String),
    });
    expect(created.text).not.toContain(apiKey);
    const id = created.json.id as string;
    expect((await sendingApi.connections(user)).json).toEqual({ connections: [created.json] });
    const renamed = await sendingApi.rename(user, id, { name: "Agency" });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.json.name).toBe("Agency");
    expect((await sendingApi.disconnect(user, id)).json).toEqual({ msg: "Connection deleted" });
    expect((await sendingApi.connections(user)).json).toEqual({ connections: [] });
  });

  it("a refused key is a 400 naming the service and is not stored; an unreachable tool is a 502", async () => {
    const user = await newUser("conn-bad");
    for (const service of ["instantly", "smartlead", "lemlist", "zerobounce"] as const) {
      const res = await sendingApi.connect(user, { service, name: "Bad", apiKey: "wrong-key-0000000000" });
      expect(res.status, `${service}: ${res.text}`).toBe(400);
      expect(res.json.msg).toMatch(/^(Instantly|Smartlead|lemlist|ZeroBounce) refused the API key/);
      expect(res.text).not.toContain("wrong-key-0000000000");
    }
    expect((await sendingApi.connections(user)).json.connections).toEqual([]);
    // Nothing listens there: network errors, retried, then a 502.
    process.env.SMARTLEAD_BASE_URL = "http://127.0.0.1:9";
    resetEnvForTests();
    const down = await sendingApi.connect(user, { service: "smartlead", name: "Down", apiKey: key("sl") });
    process.env.SMARTLEAD_BASE_URL = tools().smartlead.url;
    resetEnvForTests();
    expect(down.status, down.text).toBe(502);
    expect(down.json).toEqual({
      msg: expect.stringMatching(/^Smartlead could not be reached/),
      code: "provider_error",
    });
    const invalid = await sendingApi.connect(user, { service: "mailchimp", name: "X", apiKey: "k" });
    expect(invalid.status).toBe(400);
    expect(invalid.json.code).toBe("invalid_input");
  });

  it("ZeroBounce keys are checked with getcredits; a ZeroBounce connection has no campaigns (400)", async () => {
    const user = await newUser("conn-zb");
    const apiKey = key("zb");
    tools().zerobounce.addKey(apiKey);
    const res = await sendingApi.connect(user, { service: "zerobounce", name: "Checks", apiKey });
    expect(res.status, res.text).toBe(201);
    expect(tools().zerobounce.calls.at(-1)!.path).toMatch(/^\/v2\/getcredits\?api_key=/);
    const campaigns = await sendingApi.campaigns(user, res.json.id);
    expect(campaigns.status).toBe(400);
    expect(campaigns.json.msg).toContain("ZeroBounce");
  });

  it("lists every campaign live: Instantly's pages, Smartlead's and lemlist's lists", async () => {
    const user = await newUser("conn-camp");
    const inst = key("inst");
    tools().instantly.addKey(inst);
    for (let i = 0; i < 130; i++) tools().instantly.addCampaign(inst, { name: `Campaign ${i}` });
    const instConn = await sendingApi.connect(user, { service: "instantly", name: "I", apiKey: inst });
    const listed = await sendingApi.campaigns(user, instConn.json.id);
    expect(listed.status, listed.text).toBe(200);
    expect(listed.json.campaigns).toHaveLength(130);
    expect(listed.json.campaigns[0]).toEqual({ id: expect.any(String), name: "Campaign 0", status: expect.anything() });

    const sl = key("sl");
    tools().smartlead.addKey(sl);
    const slCampaign = tools().smartlead.addCampaign(sl, { name: "SL one" });
    const slConn = await sendingApi.connect(user, { service: "smartlead", name: "S", apiKey: sl });
    expect((await sendingApi.campaigns(user, slConn.json.id)).json.campaigns).toEqual([
      { id: String(slCampaign.id), name: "SL one", status: expect.anything() },
    ]);

    const lm = key("lm");
    tools().lemlist.addKey(lm);
    const lmCampaigns = Array.from({ length: 130 }, (_, i) => tools().lemlist.addCampaign(lm, { name: `LM ${i}` }));
    const lmConn = await sendingApi.connect(user, { service: "lemlist", name: "L", apiKey: lm });
    const lmList = await sendingApi.campaigns(user, lmConn.json.id);
    // Every page: 130 campaigns in pages of 100.
    expect(lmList.json.campaigns.map((c: { id: string }) => c.id)).toEqual(lmCampaigns.map((c) => String(c.id)));
    const auth = tools().lemlist.calls.at(-1)!.headers.authorization!;
    expect(Buffer.from(auth.replace(/^Basic /, ""), "base64").toString()).toBe(`:${lm}`);
  });

  it("another user's connection is a 404 everywhere", async () => {
    const owner = await newUser("conn-owner");
    const other = await newUser("conn-other");
    const apiKey = key("inst");
    tools().instantly.addKey(apiKey);
    const { json } = await sendingApi.connect(owner, { service: "instantly", name: "Mine", apiKey });
    for (const res of [
      await sendingApi.campaigns(other, json.id),
      await sendingApi.rename(other, json.id, { name: "Theirs" }),
      await sendingApi.disconnect(other, json.id),
      await sendingApi.campaigns(other, "not-a-uuid"),
    ]) {
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ msg: "Connection not found", code: "not_found" });
    }
    expect((await sendingApi.connections(other)).json.connections).toEqual([]);
  });
});
