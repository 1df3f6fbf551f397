import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LICENSE_KEY_PATTERN } from "@/lib/billing/pricing";
import { paymentsDriver } from "@/lib/payments/driver";
import { completeTestPayment, testCheckoutSession } from "@/lib/services/billing/checkout";
import { startFakeStripe } from "../fakes/stripe-api";
import { newUser, userRow } from "../support/ai";
import {
  STRIPE_KEY,
  WEBHOOK_SECRET,
  checkout,
  insertPromo,
  keysOfSession,
  paymentsOf,
  postWebhook,
  promoRow,
  useFakeStripe,
  verifyPayment,
} from "../support/billing";
import { closeDatabase, setupTestDatabase } from "../support/db";

let fake: Awaited<ReturnType<typeof useFakeStripe>>;
const signer = new Stripe(STRIPE_KEY);

beforeAll(async () => {
  await setupTestDatabase();
  fake = await useFakeStripe();
});
afterAll(async () => {
  await fake?.restore();
  await closeDatabase();
});

/** Starts a checkout through the API and returns the session the fake recorded. */
async function startStripeCheckout(body: Record<string, unknown>, headers?: Record<string, string>) {
  const res = await checkout({ planId: "lifetime", ...body }, headers);
  expect(res.status, res.text).toBe(200);
  const session = [...fake.sessions.values()].find((s) => s.url === res.json.url);
  expect(session, `no fake session with url ${res.json.url}`).toBeDefined();
  return session!;
}

function signed(event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  return { payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret }) };
}

describe("the fake Stripe API", () => {
  it("checks the secret key and answers Stripe's 404 error for unknown sessions", async () => {
    const other = await startFakeStripe();
    try {
      const bad = await fetch(`${other.url}/v1/checkout/sessions/cs_test_x`, {
        headers: { authorization: "Bearer sk_live_nope" },
      });
      expect(bad.status).toBe(401);
      const missing = await fetch(`${other.url}/v1/checkout/sessions/cs_test_x`, {
        headers: { authorization: "Bearer sk_test_ok" },
      });
      expect(missing.status).toBe(404);
      expect(await missing.json()).toMatchObject({
        error: { type: "invalid_request_error", code: "resource_missing" },
      });
    } finally {
      await other.close();
    }
  });
});

describe("checkout with the Stripe driver", () => {
  it("creates a USD payment-mode session for the discounted amount with the buyer in the metadata", async () => {
    expect(paymentsDriver().name).toBe("stripe");
    const user = await newUser("stripe-buyer");
    const { code } = await insertPromo({ discountPercentage: 20 });
    const session = await startStripeCheckout({ promoCode: code.toLowerCase() }, user.headers);

    expect(session.url).toBe(`${fake.url}/c/pay/${session.id}`);
    expect(session).toMatchObject({
      mode: "payment",
      currency: "usd",
      amount_total: 11920,
      payment_status: "unpaid",
      metadata: { plan: "lifetime", userId: user.id, promoCode: code },
      customer_email: user.email,
      client_reference_id: user.id,
      success_url: "http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}",
      // A discounted checkout's way back gives its reserved promo use back.
      cancel_url: expect.stringMatching(
        /^http:\/\/localhost:3000\/api\/pricing\/checkout\/cancel\?reservation=[0-9a-f-]{36}$/,
      ),
    });
    // Sessions expire after 30 minutes (Stripe's minimum, plus a minute of slack for its clock).
    expect(session.expires_at! - session.created).toBeGreaterThanOrEqual(30 * 60);
    expect(session.expires_at! - session.created).toBeLessThanOrEqual(32 * 60);
    expect(session.line_items_request).toEqual([
      {
        quantity: "1",
        price_data: expect.objectContaining({
          currency: "usd",
          unit_amount: "11920",
          product_data: expect.objectContaining({ name: expect.any(String) }),
        }),
      },
    ]);
    const request = fake.requests.find(
      (r) =>
        r.method === "POST" &&
        r.body.success_url === session.success_url &&
        r.rawBody.includes(session.client_reference_id!),
    )!;
    expect(request.headers.authorization).toBe(`Bearer ${STRIPE_KEY}`);
    expect(request.rawBody).toContain("line_items[0][price_data][unit_amount]=11920");
  });

  it("sends an anonymous buyer with the full price and no user", async () => {
    const session = await startStripeCheckout({});
    expect(session).toMatchObject({ amount_total: 14900, customer_email: null, client_reference_id: null });
    expect(session.metadata).toEqual({ plan: "lifetime" });
  });

  it("answers 502 'Failed to start checkout process' when Stripe fails", async () => {
    fake.failNext(400);
    const res = await checkout({ planId: "lifetime" });
    expect(res.status).toBe(502);
    expect(res.json).toEqual({ msg: "Failed to start checkout process", code: "provider_error" });
  });

  it("has no test checkout page", async () => {
    const session = await startStripeCheckout({});
    expect(await testCheckoutSession(session.id)).toBeNull();
    await expect(completeTestPayment(session.id)).rejects.toMatchObject({ status: 404 });
  });
});

describe("GET /api/pricing/verify-payment with the Stripe driver", () => {
  it("answers 402 until paid, then fulfils: the signed-in buyer becomes lifetime", async () => {
    const user = await newUser("stripe-verify");
    const { code } = await insertPromo({ discountPercentage: 20 });
    const session = await startStripeCheckout({ promoCode: code }, user.headers);

    const pending = await verifyPayment(session.id);
    expect(pending.status, pending.text).toBe(402);
    expect(pending.json.msg).toEqual(expect.any(String));
    expect(await paymentsOf(session.id)).toHaveLength(0);

    fake.markPaid(session.id, user.email);
    const res = await verifyPayment(session.id);
    expect(res.status, res.text).toBe(200);
    expect(res.json.licenseKey).toMatch(/^[A-HJ-NP-Z2-9]{5}(-[A-HJ-NP-Z2-9]{5}){4}$/);
    expect(res.json.licenseKey).toMatch(LICENSE_KEY_PATTERN);

    const row = await userRow(user.id);
    expect(row).toMatchObject({ subscription: "lifetime", licenseKey: res.json.licenseKey, promoCodeUsed: code });
    expect(row.purchaseDate).toBeInstanceOf(Date);
    expect(await paymentsOf(session.id)).toMatchObject([
      { amountCents: 11920, userId: user.id, customerEmail: user.email, promoCode: code },
    ]);
    expect(await keysOfSession(session.id)).toMatchObject([{ key: res.json.licenseKey, userId: user.id }]);
    expect((await promoRow(code)).currentUses).toBe(1);

    // Reloading the success page gives the same key and changes nothing.
    expect((await verifyPayment(session.id)).json).toEqual({ licenseKey: res.json.licenseKey });
    expect(await paymentsOf(session.id)).toHaveLength(1);
    expect((await promoRow(code)).currentUses).toBe(1);
  });

  it("answers 404 'Invalid payment session' for a session Stripe does not know", async () => {
    const res = await verifyPayment("cs_test_unknownsession123");
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ msg: "Invalid payment session", code: "not_found" });
  });

  it("does not call a Stripe outage an invalid session", async () => {
    const session = await startStripeCheckout({});
    fake.markPaid(session.id);
    fake.failNext(500, 3); // the SDK retries twice
    const res = await verifyPayment(session.id);
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect(res.json.msg).toBe("Failed to verify payment");
    // Once Stripe answers again the payment is fulfilled.
    expect((await verifyPayment(session.id)).json.licenseKey).toMatch(LICENSE_KEY_PATTERN);
  });
});

describe("POST /api/stripe/webhook", () => {
  it("fulfils checkout.session.completed once, however often Stripe delivers it", async () => {
    const { code } = await insertPromo({ discountPercentage: 20, maxUses: 10 });
    const session = await startStripeCheckout({ promoCode: code });
    fake.markPaid(session.id, "anon@example.test");
    const { payload, signature } = signed(fake.completedEvent(session.id));

    const first = await postWebhook(payload, signature);
    expect(first.status, first.text).toBe(200);
    expect(first.json).toEqual({ received: true, fulfilled: true });
    expect(await paymentsOf(session.id)).toMatchObject([
      { amountCents: 11920, userId: null, customerEmail: "anon@example.test", promoCode: code },
    ]);
    const keys = await keysOfSession(session.id);
    expect(keys).toMatchObject([{ userId: null }]);
    expect(keys[0]!.key).toMatch(LICENSE_KEY_PATTERN);
    expect((await promoRow(code)).currentUses).toBe(1);

    const replay = await postWebhook(payload, signature);
    expect(replay.status, replay.text).toBe(200);
    expect(replay.json).toEqual({ received: true, fulfilled: false });
    expect(await paymentsOf(session.id)).toHaveLength(1);
    expect(await keysOfSession(session.id)).toEqual(keys);
    expect((await promoRow(code)).currentUses).toBe(1);
    // The success page shows the key the webhook issued.
    expect((await verifyPayment(session.id)).json).toEqual({ licenseKey: keys[0]!.key });
  });

  it("ignores an unpaid completed session and other event types", async () => {
    const session = await startStripeCheckout({});
    const unpaid = signed(fake.completedEvent(session.id));
    expect((await postWebhook(unpaid.payload, unpaid.signature)).json).toEqual({ received: true, fulfilled: false });
    const other = signed({ ...fake.completedEvent(session.id), type: "customer.created" });
    expect((await postWebhook(other.payload, other.signature)).json).toEqual({ received: true });
    expect(await paymentsOf(session.id)).toHaveLength(0);
  });

  it("refuses a bad, missing or foreign signature with 400 and fulfils nothing", async () => {
    const session = await startStripeCheckout({});
    fake.markPaid(session.id);
    const { payload, signature } = signed(fake.completedEvent(session.id));

    const missing = await postWebhook(payload);
    expect(missing.status).toBe(400);
    expect(missing.json).toEqual({ msg: "Missing Stripe signature", code: "invalid_input" });
    for (const bad of ["t=1,v1=deadbeef", "garbage", signed(JSON.parse(payload), "whsec_other").signature]) {
      const res = await postWebhook(payload, bad);
      expect(res.status, bad).toBe(400);
      expect(res.json).toEqual({ msg: "Invalid Stripe signature", code: "invalid_input" });
    }
    // A valid signature over a different body.
    const tampered = await postWebhook(payload.replace('"paid"', '"paid" '), signature);
    expect(tampered.status).toBe(400);
    expect(await paymentsOf(session.id)).toHaveLength(0);
  });
});
