import { createHmac, randomBytes } from "node:crypto";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { standardWebhookHeaders, standardWebhookKey, standardWebhookSignature } from "@/lib/webhooks/signing";
import { hasValidSignature, type ReceivedRequest, type WebhookReceiver } from "../fakes/webhook-receiver";
import { newUser, type TestUser } from "../support/ai";
import { closeDatabase, setupTestDatabase } from "../support/db";
import { hooksApi, rowsOf, setWebhookEnv, startReceiverForMode } from "../support/webhooks";

// Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature) beside the product's
// X-Webhook-Signature, checked the way a receiver would: with the `standardwebhooks` package.

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

const WHSEC = `whsec_${randomBytes(24).toString("base64")}`;
const PLAIN = "plain-secret-ünïcode-🔑";

async function makeUser(secret?: string): Promise<TestUser> {
  const user = await newUser("swh");
  const res = await hooksApi.saveMake(user, { webhookUrl: rx.url, ...(secret ? { webhookSecret: secret } : {}) });
  expect(res.status, res.text).toBe(200);
  return user;
}

function headersOf(req: ReceivedRequest): Record<string, string> {
  return Object.fromEntries(Object.entries(req.headers).filter((e): e is [string, string] => typeof e[1] === "string"));
}

function expectFreshTimestamp(req: ReceivedRequest) {
  const ts = Number(req.headers["webhook-timestamp"]);
  expect(Number.isInteger(ts)).toBe(true);
  expect(Math.abs(ts - Math.floor(req.receivedAt / 1000))).toBeLessThanOrEqual(5);
}

describe("Standard Webhooks headers", () => {
  it("a whsec_ secret: the test call verifies with standardwebhooks' Webhook.verify, and X-Webhook-Signature keeps its rule", async () => {
    const user = await makeUser(WHSEC);
    const res = await hooksApi.testMake(user);
    expect(res.status, res.text).toBe(200);
    expect(rx.requests).toHaveLength(1);
    const req = rx.requests[0]!;

    expect(req.headers["webhook-id"]).toBe(`msg_${req.idempotencyKey}`);
    expectFreshTimestamp(req);
    expect(req.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(WHSEC).verify(req.rawBody, headersOf(req))).toEqual({
      event: "test",
      sentAt: expect.any(String),
      data: [],
    });

    // Refused with another secret, another body, or another id.
    expect(() =>
      new Webhook(`whsec_${randomBytes(24).toString("base64")}`).verify(req.rawBody, headersOf(req)),
    ).toThrow(WebhookVerificationError);
    expect(() => new Webhook(WHSEC).verify(req.rawBody.replace('"test"', '"tset"'), headersOf(req))).toThrow(
      WebhookVerificationError,
    );
    expect(() => new Webhook(WHSEC).verify(req.rawBody, { ...headersOf(req), "webhook-id": "msg_other" })).toThrow(
      WebhookVerificationError,
    );

    // The spec's header: HMAC of the raw body keyed with the secret's UTF-8 bytes (the whole "whsec_..." text).
    expect(hasValidSignature(req, WHSEC)).toBe(true);
  });

  it("a plain secret: keyed with its UTF-8 bytes (recomputed, and verified as a raw key)", async () => {
    const user = await makeUser(PLAIN);
    const rows = [{ Name: "Zoë", Note: 'says "hi"' }, ...rowsOf(2)];
    const res = await hooksApi.sendMake(user, { data: rows });
    expect(res.status, res.text).toBe(200);
    const req = rx.requests[0]!;
    const id = req.headers["webhook-id"] as string;
    const ts = req.headers["webhook-timestamp"] as string;
    const expected = createHmac("sha256", Buffer.from(PLAIN, "utf8"))
      .update(`${id}.${ts}.${req.rawBody}`, "utf8")
      .digest("base64");
    expect(req.headers["webhook-signature"]).toBe(`v1,${expected}`);
    expect(
      new Webhook(Buffer.from(PLAIN, "utf8"), { format: "raw" }).verify(req.rawBody, headersOf(req)),
    ).toMatchObject({ event: "rows.exported", data: rows });
    expect(hasValidSignature(req, PLAIN)).toBe(true);
  });

  it("every chunk is its own message; retries of one chunk keep its webhook-id and are signed again", async () => {
    const user = await makeUser(WHSEC);
    rx.respondWith(503, 200);
    const res = await hooksApi.sendMake(user, { data: rowsOf(600) });
    expect(res.status, res.text).toBe(200);
    expect(rx.requests).toHaveLength(3);
    const [first, retry, second] = rx.requests as [ReceivedRequest, ReceivedRequest, ReceivedRequest];
    expect(retry.headers["webhook-id"]).toBe(first.headers["webhook-id"]);
    expect(second.headers["webhook-id"]).not.toBe(first.headers["webhook-id"]);
    for (const req of rx.requests) {
      expect(req.headers["webhook-id"]).toBe(`msg_${req.idempotencyKey}`);
      expectFreshTimestamp(req);
      expect(new Webhook(WHSEC).verify(req.rawBody, headersOf(req))).toMatchObject({ event: "rows.exported" });
    }
  });

  it("no secret: neither signature scheme is sent", async () => {
    const user = await makeUser();
    expect((await hooksApi.testMake(user)).status).toBe(200);
    const req = rx.requests[0]!;
    for (const name of ["x-webhook-signature", "webhook-id", "webhook-timestamp", "webhook-signature"])
      expect(req.headers[name]).toBeUndefined();
  });
});

describe("lib/webhooks/signing", () => {
  it("matches standardwebhooks' own signer for whsec_ secrets, and uses UTF-8 bytes otherwise", () => {
    const at = new Date("2030-05-04T09:30:00Z");
    const body = JSON.stringify({ event: "test", sentAt: at.toISOString(), data: [] });
    expect(standardWebhookSignature("msg_1", Math.floor(at.getTime() / 1000), body, WHSEC)).toBe(
      new Webhook(WHSEC).sign("msg_1", at, body),
    );
    expect(standardWebhookSignature("msg_1", Math.floor(at.getTime() / 1000), body, PLAIN)).toBe(
      new Webhook(Buffer.from(PLAIN, "utf8"), { format: "raw" }).sign("msg_1", at, body),
    );
    expect(standardWebhookKey("whsec_AAEC")).toEqual(Buffer.from([0, 1, 2]));
    expect(standardWebhookKey("AAEC")).toEqual(Buffer.from("AAEC", "utf8"));
    expect(standardWebhookHeaders("msg_2", body, WHSEC, at)).toEqual({
      "webhook-id": "msg_2",
      "webhook-timestamp": String(at.getTime() / 1000),
      "webhook-signature": new Webhook(WHSEC).sign("msg_2", at, body),
    });
  });
});
