import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LICENSE_KEY_PATTERN, lifetimePrice, lifetimePriceCents } from "@/lib/billing/pricing";
import { db } from "@/lib/db";
import { users } from "@/lib/db/schema";
import { createPromoCode } from "@/lib/services/admin/promo-codes";
import { completeTestPayment, testCheckoutSession } from "@/lib/services/billing/checkout";
import { newUser, userRow } from "../support/ai";
import {
  DAY,
  checkout,
  insertPromo,
  keysOfSession,
  paymentsOf,
  promoRow,
  sessionIdOf,
  testSessionRow,
  uniqueCode,
  validatePromo,
  verifyPayment,
} from "../support/billing";
import { closeDatabase, setupTestDatabase } from "../support/db";

beforeAll(setupTestDatabase);
afterAll(closeDatabase);

describe("lifetime pricing", () => {
  it("is 149 less the promo discount, two decimals, in USD units and cents", () => {
    expect(lifetimePrice(0)).toBe(149);
    expect(lifetimePrice()).toBe(149);
    expect(lifetimePrice(20)).toBe(119.2);
    expect(lifetimePriceCents(20)).toBe(11920);
    expect(lifetimePriceCents(0)).toBe(14900);
    expect(lifetimePrice(15)).toBe(126.65);
    expect(lifetimePriceCents(33)).toBe(9983);
    expect(lifetimePrice(100)).toBe(0);
    expect(lifetimePriceCents(100)).toBe(0);
  });

  it("clamps discounts outside 0..100", () => {
    expect(lifetimePrice(-10)).toBe(149);
    expect(lifetimePrice(150)).toBe(0);
  });
});

describe("POST /api/pricing/validate-promo", () => {
  it("answers the discount of an active code created through the admin service", async () => {
    const code = uniqueCode("SAVE");
    await createPromoCode({
      code,
      discountPercentage: 20,
      maxUses: 5,
      expiresAt: new Date(Date.now() + DAY),
      isInfluencerCode: false,
    });
    const res = await validatePromo(code);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ discountPercentage: 20 });
  });

  it("matches the code case-insensitively and ignores surrounding spaces", async () => {
    const { code } = await insertPromo({ discountPercentage: 35 });
    for (const typed of [code.toLowerCase(), ` ${code} `, code[0] + code.slice(1).toLowerCase()]) {
      const res = await validatePromo(typed);
      expect(res.status, typed).toBe(200);
      expect(res.json.discountPercentage).toBe(35);
    }
  });

  it("refuses unknown, inactive, expired and used-up codes with a precise message", async () => {
    const unknown = await validatePromo(uniqueCode("NOPE"));
    expect(unknown.status).toBe(400);
    expect(unknown.json).toEqual({ msg: "Invalid promo code", code: "invalid_input" });

    const inactive = await insertPromo({ isActive: false });
    expect(await validatePromo(inactive.code)).toMatchObject({
      status: 400,
      json: { msg: "This promo code is no longer active" },
    });

    const expired = await insertPromo({ expiresAt: new Date(Date.now() - 60_000) });
    expect(await validatePromo(expired.code)).toMatchObject({
      status: 400,
      json: { msg: "This promo code has expired" },
    });

    const usedUp = await insertPromo({ maxUses: 2, currentUses: 2 });
    expect(await validatePromo(usedUp.code)).toMatchObject({
      status: 400,
      json: { msg: "This promo code has reached its usage limit" },
    });
  });

  it("answers 400, never 500, for a missing, empty or mistyped code and malformed JSON", async () => {
    for (const code of [undefined, "", "   ", 42, null]) {
      const res = await validatePromo(code);
      expect(res.status, JSON.stringify(code)).toBe(400);
      expect(typeof res.json.msg).toBe("string");
    }
    const { callRoute } = await import("../support/http");
    const { POST } = await import("@/app/api/pricing/validate-promo/route");
    expect((await callRoute(POST, { method: "POST", url: "/api/pricing/validate-promo", body: "{nope" })).status).toBe(
      400,
    );
  });
});

describe("POST /api/pricing/checkout (test driver)", () => {
  it("gives an anonymous visitor a test checkout url for 149", async () => {
    const res = await checkout({ planId: "lifetime" });
    expect(res.status, res.text).toBe(200);
    expect(res.json.url).toMatch(/^http:\/\/localhost:3000\/dev\/checkout\/cs_test_[A-Za-z0-9_-]+$/);
    const session = await testSessionRow(sessionIdOf(res.json.url));
    expect(session).toMatchObject({
      driver: "test",
      userId: null,
      amountCents: 14900,
      promoCode: null,
      status: "open",
    });
  });

  it("records the signed-in buyer and the discounted amount with a promo code", async () => {
    const user = await newUser("buy-promo");
    const { code } = await insertPromo({ discountPercentage: 20 });
    const res = await checkout({ planId: "lifetime", promoCode: code.toLowerCase() }, user.headers);
    expect(res.status, res.text).toBe(200);
    expect(res.json.url).toMatch(/\/dev\/checkout\/cs_test_[A-Za-z0-9_-]+$/);
    const session = await testSessionRow(sessionIdOf(res.json.url));
    expect(session).toMatchObject({ userId: user.id, amountCents: 11920, promoCode: code });
    // Checkout does not count a use; only a paid checkout does.
    expect((await promoRow(code)).currentUses).toBe(0);
  });

  it("refuses other plans, a bad promo code and a buyer who already has lifetime access", async () => {
    for (const body of [{ planId: "monthly" }, {}, { planId: 1 }]) {
      const res = await checkout(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.json.msg).toBe("string");
    }
    expect(await checkout({ planId: "lifetime", promoCode: uniqueCode("BAD") })).toMatchObject({
      status: 400,
      json: { msg: "Invalid promo code" },
    });
    const expired = await insertPromo({ expiresAt: new Date(Date.now() - 1000) });
    expect(await checkout({ planId: "lifetime", promoCode: expired.code })).toMatchObject({
      status: 400,
      json: { msg: "This promo code has expired" },
    });

    const lifetime = await newUser("already-lifetime");
    await db.update(users).set({ subscription: "lifetime" }).where(eq(users.id, lifetime.id));
    const res = await checkout({ planId: "lifetime" }, lifetime.headers);
    expect(res.status).toBe(409);
    expect(res.json.msg).toMatch(/already have lifetime access/i);
  });
});

describe("test checkout completion", () => {
  it("fulfils once, however often 'Complete test payment' is pressed", async () => {
    const user = await newUser("test-pay");
    const { code } = await insertPromo({ discountPercentage: 10 });
    const sessionId = sessionIdOf((await checkout({ planId: "lifetime", promoCode: code }, user.headers)).json.url);
    expect(await testCheckoutSession(sessionId)).toMatchObject({ id: sessionId, amountCents: 13410, status: "open" });
    expect((await verifyPayment(sessionId)).status).toBe(402);

    const first = await completeTestPayment(sessionId);
    const second = await completeTestPayment(sessionId);
    expect(first.licenseKey).toMatch(LICENSE_KEY_PATTERN);
    expect(second.licenseKey).toBe(first.licenseKey);
    expect(await paymentsOf(sessionId)).toHaveLength(1);
    expect(await keysOfSession(sessionId)).toHaveLength(1);
    expect((await paymentsOf(sessionId))[0]).toMatchObject({ amountCents: 13410, promoCode: code, userId: user.id });
    expect((await promoRow(code)).currentUses).toBe(1);
    expect(await testCheckoutSession(sessionId)).toMatchObject({ status: "paid" });

    const verified = await verifyPayment(sessionId);
    expect(verified.status, verified.text).toBe(200);
    expect(verified.json).toEqual({ licenseKey: first.licenseKey });
    const row = await userRow(user.id);
    expect(row).toMatchObject({ subscription: "lifetime", licenseKey: first.licenseKey, promoCodeUsed: code });
    expect(row.purchaseDate).toBeInstanceOf(Date);
  });

  it("answers 404 for sessions it does not know", async () => {
    await expect(completeTestPayment("cs_test_doesnotexist")).rejects.toMatchObject({ status: 404 });
    expect(await testCheckoutSession("cs_test_doesnotexist")).toBeNull();
    const res = await verifyPayment("cs_test_doesnotexist");
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ msg: "Invalid payment session", code: "not_found" });
  });

  it("answers 400 'Invalid payment session' for a malformed session id", async () => {
    for (const id of ["nope", "cs_", "cs_x'; drop table payments;--"]) {
      const res = await verifyPayment(id);
      expect(res.status, id).toBe(400);
      expect(res.json).toEqual({ msg: "Invalid payment session", code: "invalid_input" });
    }
  });
});
