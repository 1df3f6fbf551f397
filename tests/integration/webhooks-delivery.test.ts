import { createHmac } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DELIVERY } from "@/lib/services/integrations/deliver";
import { postJson, WebhookTimeoutError } from "@/lib/webhooks/http-post";
import { hasValidSignature, startWebhookReceiver, type WebhookReceiver } from "../fakes/webhook-receiver";
import { newUser, type TestUser } from "../support/ai";
import { closeDatabase, setupTestDatabase } from "../support/db";
import { deliveriesOf, hooksApi, rowsOf, setWebhookEnv, startReceiverForMode } from "../support/webhooks";

// Delivery of rows: signing, 500-row chunks, idempotency keys, retries, timeouts, the delivery log.
// The receiver runs on 127.0.0.1 (https outside local mode), reachable with ALLOW_PRIVATE_WEBHOOKS=1.

let rx: WebhookReceiver;
beforeAll(async () => {
  await setupTestDatabase();
  rx = await startReceiverForMode();
});
beforeEach(() => {
  rx.reset();
  setWebhookEnv({ allowPrivate: "1", zapierPrefix: `${rx.origin}/` });
});
afterAll(async () => {
  await rx?.close();
  await closeDatabase();
});

const SECRET = "s3cret-for-signing";

async function makeUser(secret?: string, url = rx.url): Promise<TestUser> {
  const user = await newUser("send");
  const res = await hooksApi.saveMake(user, { webhookUrl: url, ...(secret ? { webhookSecret: secret } : {}) });
  expect(res.status, res.text).toBe(200);
  return user;
}

describe("POST /webhooks/send", () => {
  it("delivers {event, sentAt, data: rows} signed over the raw body", async () => {
    const user = await makeUser(SECRET);
    const rows = [{ "First Name": "Zoë", Company: "Café — 日本", Notes: 'says "hi"\nnewline' }, ...rowsOf(2)];
    const res = await hooksApi.sendMake(user, { data: rows });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ msg: "Data sent to Make successfully", rows: 3, requests: 1 });

    expect(rx.requests).toHaveLength(1);
    const req = rx.requests[0]!;
    expect(req.json).toEqual({ event: "rows.exported", sentAt: expect.any(String), data: rows });
    expect(req.headers["x-webhook-signature"]).toBe(
      `sha256=${createHmac("sha256", SECRET).update(req.rawBody, "utf8").digest("hex")}`,
    );
    expect(hasValidSignature(req, "another secret")).toBe(false);
    expect(req.headers["x-chunk-index"]).toBe("1");
    expect(req.headers["x-chunk-count"]).toBe("1");
    expect(Number(req.headers["content-length"])).toBe(Buffer.byteLength(req.rawBody));

    const [logged] = await deliveriesOf(user.id);
    expect(logged).toMatchObject({
      status: "success",
      statusCode: 200,
      rowCount: 3,
      attempts: 1,
      event: "rows.exported",
      url: rx.url,
      error: null,
    });
    expect(logged!.idempotencyKey).toBe(req.idempotencyKey);
  });

  it("sends 1,200 rows as 3 requests of 500/500/200 rows, each with its own idempotency key", async () => {
    const user = await makeUser();
    const rows = rowsOf(1200);
    const res = await hooksApi.sendMake(user, { data: rows });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ rows: 1200, requests: 3 });

    const data = rx.requests.map((r) => (r.json as { data: unknown[] }).data);
    expect(data.map((d) => d.length)).toEqual([500, 500, 200]);
    expect(data.flat()).toEqual(rows);
    expect(rx.requests.map((r) => [r.headers["x-chunk-index"], r.headers["x-chunk-count"]])).toEqual([
      ["1", "3"],
      ["2", "3"],
      ["3", "3"],
    ]);
    expect(new Set(rx.requests.map((r) => r.idempotencyKey)).size).toBe(3);
    expect(rx.deliveries()).toHaveLength(3);
    expect((await deliveriesOf(user.id)).map((d) => d.rowCount).sort()).toEqual([200, 500, 500]);
  });

  it("retries 5xx with the SAME idempotency key and succeeds on the third attempt", async () => {
    const user = await makeUser(SECRET);
    rx.respondWith(500, 503, 200);
    const res = await hooksApi.sendMake(user, { data: rowsOf(2) });
    expect(res.status, res.text).toBe(200);
    expect(rx.requests).toHaveLength(3);
    expect(new Set(rx.requests.map((r) => r.idempotencyKey)).size).toBe(1);
    expect(new Set(rx.requests.map((r) => r.rawBody)).size).toBe(1);
    expect(rx.requests.every((r) => hasValidSignature(r, SECRET))).toBe(true);
    expect(rx.deliveries()).toHaveLength(1);
    const [logged] = await deliveriesOf(user.id);
    expect(logged).toMatchObject({ status: "success", attempts: 3, statusCode: 200, error: null });
  });

  it("gives up after 3 attempts of 5xx: 502 with the reason, recorded as failed", async () => {
    const user = await makeUser();
    rx.setFallback({ status: 500, body: "upstream broke" });
    const res = await hooksApi.sendMake(user, { data: rowsOf(2) });
    expect(res.status).toBe(502);
    expect(res.json.msg).toBe("The webhook answered 500: upstream broke");
    expect(rx.requests).toHaveLength(3);
    expect(rx.deliveries()).toHaveLength(0);
    const [logged] = await deliveriesOf(user.id);
    expect(logged).toMatchObject({
      status: "failed",
      attempts: 3,
      statusCode: 500,
      rowCount: 2,
      error: "The webhook answered 500: upstream broke",
    });
    expect((await hooksApi.makeConfig(user)).json.lastDelivery).toMatchObject({ status: "failed", attempts: 3 });
  });

  it("does not retry a 4xx", async () => {
    const user = await makeUser();
    rx.respondWith({ status: 400, body: "bad payload" }, 200);
    const res = await hooksApi.sendMake(user, { data: rowsOf(1) });
    expect(res.status).toBe(502);
    expect(res.json.msg).toBe("The webhook answered 400: bad payload");
    expect(rx.requests).toHaveLength(1);
    expect((await deliveriesOf(user.id))[0]).toMatchObject({ status: "failed", attempts: 1, statusCode: 400 });
  });

  it("stops at the first failed chunk and says how many rows got through", async () => {
    const user = await makeUser();
    rx.respondWith(200, 422);
    const res = await hooksApi.sendMake(user, { data: rowsOf(1200) });
    expect(res.status).toBe(502);
    expect(res.json.msg).toBe(
      "The webhook answered 422: status 422 (500 of 1200 rows were delivered before the failure)",
    );
    expect(res.json.sentRows).toBe(500);
    expect(rx.requests).toHaveLength(2);
  });

  it("retries network errors 3 times (connection refused)", async () => {
    const gone = await startWebhookReceiver({ tls: rx.origin.startsWith("https") });
    const deadUrl = gone.url;
    await gone.close();
    const user = await makeUser(undefined, deadUrl);
    const res = await hooksApi.sendMake(user, { data: rowsOf(1) });
    expect(res.status).toBe(502);
    expect(res.json.msg).toBe("The webhook refused the connection");
    expect((await deliveriesOf(user.id))[0]).toMatchObject({ status: "failed", attempts: 3, statusCode: null });
  });

  it("treats a receiver slower than the timeout as a network error (retried, same key)", async () => {
    expect(DELIVERY.timeoutMs).toBe(10_000);
    const user = await makeUser();
    // Shortened for the test (the real limit is 10 s): DELIVERY is read at every attempt.
    const delivery = DELIVERY as { timeoutMs: number };
    delivery.timeoutMs = 600;
    try {
      rx.setFallback({ delayMs: 5_000 });
      const res = await hooksApi.sendMake(user, { data: rowsOf(1) });
      expect(res.status).toBe(502);
      expect(res.json.msg).toBe("The webhook did not answer within 1 second");
      expect(rx.requests).toHaveLength(3);
      expect(new Set(rx.requests.map((r) => r.idempotencyKey)).size).toBe(1);
      expect(rx.deliveries()).toHaveLength(0);
    } finally {
      delivery.timeoutMs = 10_000;
    }
  });

  it("rejects empty data, bad bodies, and integrations that are not configured", async () => {
    const user = await newUser("send");
    for (const send of [hooksApi.sendMake, hooksApi.sendZapier]) {
      expect((await send(user, { data: [] })).json.msg).toBe("No data to export");
      const bad = await send(user, { data: "rows" });
      expect(bad.status).toBe(400);
      expect((await send(user, "{not json")).status).toBe(400);
    }
    const make = await hooksApi.sendMake(user, { data: rowsOf(1) });
    expect(make.status).toBe(400);
    expect(make.json.msg).toBe("Make integration not configured");
    const zapier = await hooksApi.sendZapier(user, { data: rowsOf(1) });
    expect(zapier.status).toBe(400);
    expect(zapier.json.msg).toBe("Zapier integration not configured");

    await hooksApi.saveMake(user, { webhookUrl: rx.url });
    const empty = await hooksApi.sendMake(user, { data: [] });
    expect(empty.status).toBe(400);
    expect(empty.json.msg).toBe("No data to export");
    expect(rx.requests).toHaveLength(0);
  });

  it("zapier send is chunked and retried the same way", async () => {
    const user = await newUser("send");
    await hooksApi.saveZapier(user, { webhookUrl: `${rx.origin}/hooks/catch/7` });
    rx.respondWith(502, 200);
    const res = await hooksApi.sendZapier(user, { data: rowsOf(501) });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ msg: "Data sent to Zapier successfully", rows: 501, requests: 2 });
    expect(rx.requests.map((r) => (r.json as { data: unknown[] }).data.length)).toEqual([500, 500, 1]);
    expect(rx.deliveries().map((r) => r.headers["x-chunk-index"])).toEqual(["1", "2"]);
    expect((await deliveriesOf(user.id, "zapier")).map((d) => d.attempts).sort()).toEqual([1, 2]);
  });
});

describe("SSRF checks at send time (ALLOW_PRIVATE_WEBHOOKS=0)", () => {
  it("refuses a saved private target when sending: nothing reaches it, no retries", async () => {
    const user = await makeUser(SECRET);
    await hooksApi.saveZapier(user, { webhookUrl: `${rx.origin}/hooks/catch/1` });
    setWebhookEnv({ allowPrivate: "0" });
    for (const send of [hooksApi.sendMake, hooksApi.sendZapier]) {
      const res = await send(user, { data: rowsOf(1) });
      expect(res.status).toBe(502);
      expect(res.json.msg).toMatch(/private, local and metadata addresses are refused/);
    }
    expect((await hooksApi.testMake(user)).status).toBe(502);
    expect(rx.requests).toHaveLength(0);
    expect((await deliveriesOf(user.id))[0]).toMatchObject({ status: "failed", attempts: 1, statusCode: null });
  });
});

describe("postJson", () => {
  it("times out a slow receiver with a clear message", async () => {
    // The receiver answers after 3 s: a WebhookTimeoutError (not an answer) means the 300 ms limit ended the call.
    rx.respondWith({ delayMs: 3_000 });
    const call = postJson(
      rx.url,
      "{}",
      { "content-type": "application/json" },
      { timeoutMs: 300, allowPrivate: true, requireHttps: false },
    );
    await expect(call).rejects.toBeInstanceOf(WebhookTimeoutError);
    await expect(call).rejects.toThrow(/did not answer within/);
  });

  it("follows redirects (re-sending the POST) when the target is allowed", async () => {
    rx.respondWith({ status: 307, location: "/second" }, { status: 308, location: `${rx.origin}/third` });
    const res = await postJson(
      rx.url,
      '{"a":1}',
      { "content-type": "application/json" },
      { timeoutMs: 2_000, allowPrivate: true, requireHttps: false },
    );
    expect(res.status).toBe(200);
    expect(rx.requests.map((r) => [r.path, r.rawBody])).toEqual([
      ["/hook", '{"a":1}'],
      ["/second", '{"a":1}'],
      ["/third", '{"a":1}'],
    ]);
  });

  it("gives up after too many redirects", async () => {
    rx.setFallback({ status: 302, location: "/again" });
    const call = postJson(
      rx.url,
      "{}",
      {},
      { timeoutMs: 2_000, allowPrivate: true, requireHttps: false, maxRedirects: 2 },
    );
    await expect(call).rejects.toThrow("The webhook redirected too many times");
    expect(rx.requests).toHaveLength(3);
  });
});
