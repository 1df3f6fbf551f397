import { createHmac } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { hasValidSignature, type WebhookReceiver } from "../fakes/webhook-receiver";
import { newUser } from "../support/ai";
import { closeDatabase, setupTestDatabase } from "../support/db";
import { hooksApi, rowsOf, setWebhookEnv, startReceiverForMode, storedConfig } from "../support/webhooks";

// Configuration, the test call, the Zapier hook and the SSRF checks made when a URL is saved.
// ALLOW_PRIVATE_WEBHOOKS=1 makes the 127.0.0.1 receiver reachable; with DATABASE_URL (not local
// mode) the app also requires https, so the receiver then serves https (see startReceiverForMode).

let rx: WebhookReceiver;
let prefix: string;
beforeAll(async () => {
  await setupTestDatabase();
  rx = await startReceiverForMode();
  prefix = `${rx.origin}/`;
});
beforeEach(() => {
  rx.reset();
  setWebhookEnv({ allowPrivate: "1", zapierPrefix: prefix });
});
afterAll(async () => {
  await rx?.close();
  await closeDatabase();
});

const SECRET = "whsec-0123456789-abcdef";
const PRIVATE = /private, local and metadata addresses are refused/;
const signatureOf = (raw: string, secret: string) => `sha256=${createHmac("sha256", secret).update(raw).digest("hex")}`;

describe("Make webhook config (/webhooks/config)", () => {
  it("answers 'not configured' before anything is saved", async () => {
    const user = await newUser("wh");
    const res = await hooksApi.makeConfig(user);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ webhookUrl: "", isConfigured: false, lastUpdated: null, lastDelivery: null });
    expect(res.json.webhookSecret).toBeUndefined();
  });

  it("requires a URL", async () => {
    const user = await newUser("wh");
    for (const body of [{}, { webhookUrl: "" }, { webhookUrl: "   " }, { webhookSecret: SECRET }]) {
      const res = await hooksApi.saveMake(user, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.msg).toBe("Webhook URL is required");
    }
    expect((await hooksApi.makeConfig(user)).json.isConfigured).toBe(false);
  });

  it("saves URL and secret: the secret is stored encrypted and only ever returned masked", async () => {
    const user = await newUser("wh");
    const saved = await hooksApi.saveMake(user, { webhookUrl: rx.url, webhookSecret: SECRET });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.msg).toBe("Configuration saved successfully");
    expect(saved.json.makeWebhook).toMatchObject({ webhookUrl: rx.url, isConfigured: true });
    expect(saved.text).not.toContain(SECRET);

    const res = await hooksApi.makeConfig(user);
    expect(res.json).toMatchObject({ webhookUrl: rx.url, isConfigured: true, hasSecret: true });
    expect(new Date(res.json.lastUpdated).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(res.json.webhookSecret).toBe(`${SECRET.slice(0, 4)}${"•".repeat(8)}${SECRET.slice(-4)}`);
    expect(res.text).not.toContain(SECRET);

    const row = await storedConfig(user.id, "make");
    expect(row?.secretEncrypted).toMatch(/^v1:/);
    expect(row?.secretEncrypted).not.toContain(SECRET);
  });

  it("keeps the saved secret when saved again without one, and drops it on null", async () => {
    const user = await newUser("wh");
    await hooksApi.saveMake(user, { webhookUrl: rx.url, webhookSecret: SECRET });
    const before = await storedConfig(user.id, "make");
    for (const body of [{ webhookUrl: `${rx.url}?v=2` }, { webhookUrl: `${rx.url}?v=3`, webhookSecret: "" }]) {
      expect((await hooksApi.saveMake(user, body)).status).toBe(200);
    }
    const after = await storedConfig(user.id, "make");
    expect(after?.url).toBe(`${rx.url}?v=3`);
    expect(after?.secretEncrypted).toBe(before?.secretEncrypted);
    expect(after!.updatedAt.getTime()).toBeGreaterThanOrEqual(before!.updatedAt.getTime());

    await hooksApi.testMake(user);
    expect(hasValidSignature(rx.requests[0]!, SECRET)).toBe(true);

    await hooksApi.saveMake(user, { webhookUrl: rx.url, webhookSecret: null });
    const cleared = (await hooksApi.makeConfig(user)).json;
    expect(cleared.hasSecret).toBe(false);
    expect(cleared.webhookSecret).toBeUndefined();
    expect((await storedConfig(user.id, "make"))?.secretEncrypted).toBeNull();
  });

  it("is per user: B sees nothing of A's config, and A's secret never signs B's requests", async () => {
    const a = await newUser("wh-a");
    const b = await newUser("wh-b");
    await hooksApi.saveMake(a, { webhookUrl: `${rx.url}/a`, webhookSecret: SECRET });
    await hooksApi.saveZapier(a, { webhookUrl: `${prefix}hooks/catch/a` });
    expect((await hooksApi.makeConfig(b)).json).toMatchObject({ isConfigured: false, webhookUrl: "" });
    expect((await hooksApi.zapierConfig(b)).json).toMatchObject({ isConfigured: false, webhookUrl: "" });
    expect((await hooksApi.sendMake(b, { data: rowsOf(1) })).json.msg).toBe("Make integration not configured");

    await hooksApi.saveMake(b, { webhookUrl: `${rx.url}/b` });
    expect((await hooksApi.makeConfig(a)).json).toMatchObject({ webhookUrl: `${rx.url}/a`, hasSecret: true });
    await hooksApi.testMake(b);
    expect(rx.requests.map((r) => r.path)).toEqual(["/hook/b"]);
    expect(rx.requests[0]!.headers["x-webhook-signature"]).toBeUndefined();
  });

  it("needs a session", async () => {
    expect((await hooksApi.makeConfig(null)).status).toBe(401);
    expect((await hooksApi.saveMake(null, { webhookUrl: rx.url })).status).toBe(401);
    expect((await hooksApi.sendMake(null, { data: rowsOf(1) })).status).toBe(401);
    expect((await hooksApi.saveZapier(null, { webhookUrl: `${prefix}x` })).status).toBe(401);
    expect(rx.requests).toHaveLength(0);
  });
});

describe("POST /webhooks/test", () => {
  it("asks for a saved configuration first", async () => {
    const user = await newUser("wh");
    const res = await hooksApi.testMake(user);
    expect(res.status).toBe(400);
    expect(res.json.msg).toBe("Please save the configuration before testing");
    expect(rx.requests).toHaveLength(0);
  });

  it("sends {event:'test', sentAt, data:[]} signed with the secret and with an idempotency key", async () => {
    const user = await newUser("wh");
    await hooksApi.saveMake(user, { webhookUrl: rx.url, webhookSecret: SECRET });
    const res = await hooksApi.testMake(user);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ msg: "Connection test successful!", statusCode: 200 });

    expect(rx.requests).toHaveLength(1);
    const req = rx.requests[0]!;
    expect(req.method).toBe("POST");
    expect(req.path).toBe("/hook");
    expect(req.headers["content-type"]).toBe("application/json");
    expect(req.json).toEqual({ event: "test", sentAt: expect.any(String), data: [] });
    expect(Object.keys(req.json as object)).toEqual(["event", "sentAt", "data"]);
    expect(Date.now() - Date.parse((req.json as { sentAt: string }).sentAt)).toBeLessThan(60_000);
    expect(req.headers["x-webhook-signature"]).toBe(signatureOf(req.rawBody, SECRET));
    expect(req.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);

    const config = (await hooksApi.makeConfig(user)).json;
    expect(config.lastDelivery).toMatchObject({
      status: "success",
      statusCode: 200,
      rows: 0,
      attempts: 1,
      error: null,
    });
  });

  it("reports a receiver that refuses the test", async () => {
    const user = await newUser("wh");
    await hooksApi.saveMake(user, { webhookUrl: rx.url });
    rx.respondWith({ status: 403, body: "bad token" });
    const res = await hooksApi.testMake(user);
    expect(res.status).toBe(502);
    expect(res.json.msg).toBe("The webhook answered 403: bad token");
    expect(rx.requests).toHaveLength(1);
  });
});

describe("Zapier hook (/zapier/*)", () => {
  it("GET /zapier/config answers {isConfigured, webhookUrl}", async () => {
    const user = await newUser("zap");
    expect((await hooksApi.zapierConfig(user)).json).toMatchObject({ isConfigured: false, webhookUrl: "" });
    const url = `${prefix}hooks/catch/1/abc`;
    const saved = await hooksApi.saveZapier(user, { webhookUrl: url });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json).toMatchObject({ msg: "Zapier webhook saved successfully", isConfigured: true, webhookUrl: url });
    expect((await hooksApi.zapierConfig(user)).json).toMatchObject({ isConfigured: true, webhookUrl: url });
  });

  it("only accepts URLs that start with ZAPIER_HOOK_PREFIX", async () => {
    const user = await newUser("zap");
    const bad = [
      undefined,
      "",
      "   ",
      "https://example.com/hooks/catch/1",
      `${prefix.replace("127.0.0.1", "localhost")}x`,
      prefix.slice(0, -1),
      "not a url",
    ];
    for (const webhookUrl of bad) {
      const res = await hooksApi.saveZapier(user, webhookUrl === undefined ? {} : { webhookUrl });
      expect(res.status, String(webhookUrl)).toBe(400);
      expect(res.json.msg).toBe("Please enter a valid Zapier webhook URL");
    }
    expect((await hooksApi.zapierConfig(user)).json.isConfigured).toBe(false);
  });

  it("the default prefix is https://hooks.zapier.com/", async () => {
    delete process.env.ZAPIER_HOOK_PREFIX;
    setWebhookEnv({ allowPrivate: "1" });
    const user = await newUser("zap");
    expect((await hooksApi.saveZapier(user, { webhookUrl: `${prefix}hooks/catch/1` })).json.msg).toBe(
      "Please enter a valid Zapier webhook URL",
    );
    const ok = await hooksApi.saveZapier(user, { webhookUrl: "https://hooks.zapier.com/hooks/catch/1/abc" });
    expect(ok.status, ok.text).toBe(200);
  });

  it("sends rows and tests the hook (unsigned: Zapier has no secret)", async () => {
    const user = await newUser("zap");
    await hooksApi.saveZapier(user, { webhookUrl: `${prefix}hooks/catch/9` });
    const rows = rowsOf(3);
    const res = await hooksApi.sendZapier(user, { data: rows });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ msg: "Data sent to Zapier successfully", rows: 3, requests: 1 });
    expect((await hooksApi.testZapier(user)).json.msg).toBe("Connection test successful!");
    expect(rx.requests.map((r) => r.path)).toEqual(["/hooks/catch/9", "/hooks/catch/9"]);
    expect(rx.requests[0]!.json).toEqual({ event: "rows.exported", sentAt: expect.any(String), data: rows });
    expect(rx.requests[1]!.json).toEqual({ event: "test", sentAt: expect.any(String), data: [] });
    expect(rx.requests[0]!.headers["x-webhook-signature"]).toBeUndefined();
    expect((await hooksApi.zapierConfig(user)).json.lastDelivery).toMatchObject({ status: "success", rows: 0 });
  });
});

describe("SSRF checks when a URL is saved (ALLOW_PRIVATE_WEBHOOKS=0)", () => {
  // https URLs, so the refusal is about the address in both modes (outside local mode http:// is refused first).
  const targets = () => [
    `https://127.0.0.1:${rx.port}/hook`,
    "https://10.0.0.5/x",
    "https://169.254.169.254/latest",
    `https://localhost:${rx.port}/`,
    "https://[::1]/",
    "https://metadata.google.internal/",
    `https://[::ffff:127.0.0.1]:${rx.port}/hook`,
    "https://[::ffff:a9fe:a9fe]/latest",
  ];

  it("refuses private, loopback, link-local and metadata targets for Make and Zapier", async () => {
    setWebhookEnv({ allowPrivate: "0", zapierPrefix: "https://" });
    const user = await newUser("ssrf");
    for (const webhookUrl of targets()) {
      const make = await hooksApi.saveMake(user, { webhookUrl });
      expect(make.status, webhookUrl).toBe(400);
      expect(make.json.msg).toMatch(PRIVATE);
      const zapier = await hooksApi.saveZapier(user, { webhookUrl });
      expect(zapier.status, webhookUrl).toBe(400);
      expect(zapier.json.msg).toMatch(PRIVATE);
    }
    expect((await hooksApi.makeConfig(user)).json.isConfigured).toBe(false);
    expect(rx.requests).toHaveLength(0);
  });

  it("without ALLOW_PRIVATE_WEBHOOKS private targets are allowed only in local mode, and http only there", async () => {
    setWebhookEnv({ allowPrivate: undefined });
    const user = await newUser("ssrf");
    const res = await hooksApi.saveMake(user, { webhookUrl: `http://127.0.0.1:${rx.port}/hook` });
    if (process.env.DATABASE_URL) {
      expect(res.status).toBe(400);
      expect(res.json.msg).toBe("Webhook URLs must use https://");
      const https = await hooksApi.saveMake(user, { webhookUrl: `https://127.0.0.1:${rx.port}/hook` });
      expect(https.json.msg).toMatch(PRIVATE);
    } else {
      expect(res.status, res.text).toBe(200);
    }
  });
});
