import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LICENSE_KEY_PATTERN } from "@/lib/billing/pricing";
import { newUser } from "../support/ai";
import { checkout, insertPromo, me, promoRow, verifyLicense, verifyPayment } from "../support/billing";
import { closeDatabase, setupTestDatabase } from "../support/db";

beforeAll(setupTestDatabase);
afterAll(closeDatabase);

describe("edge cases of buying and activating", () => {
  it("fulfils a 100 % promo code at once (no $0 payment session) and counts its use first", async () => {
    const promo = await insertPromo({ discountPercentage: 100, maxUses: 1 });
    const buyer = await newUser("free-buyer");
    const res = await checkout({ planId: "lifetime", promoCode: promo.code }, buyer.headers);
    expect(res.status, res.text).toBe(200);
    const sessionId = new URL(res.json.url).searchParams.get("session_id")!;
    expect(res.json.url).toContain("/payment-success?session_id=cs_free_");
    const verified = await verifyPayment(sessionId);
    expect(verified.json.licenseKey).toMatch(LICENSE_KEY_PATTERN);
    expect((await me(buyer.headers)).json.subscription).toBe("lifetime");
    expect((await promoRow(promo.code)).currentUses).toBe(1);
    // The single use is gone: a second buyer cannot get another free key.
    const second = await checkout(
      { planId: "lifetime", promoCode: promo.code },
      (await newUser("free-buyer-2")).headers,
    );
    expect(second.status).toBe(400);
    expect((await promoRow(promo.code)).currentUses).toBe(1);
  });

  it("does not let a lifetime account use up a second, unbound key", async () => {
    const buyer = await newUser("key-spender");
    const first = await checkout({ planId: "lifetime" });
    const firstId = first.json.url.split("/dev/checkout/")[1];
    const { completeTestPayment } = await import("@/lib/services/billing/checkout");
    const { licenseKey: keyA } = await completeTestPayment(firstId);
    expect((await verifyLicense(keyA, buyer.headers)).json.activated).toBe(true);
    const second = await checkout({ planId: "lifetime" });
    const { licenseKey: keyB } = await completeTestPayment(second.json.url.split("/dev/checkout/")[1]);
    const refused = await verifyLicense(keyB, buyer.headers);
    expect(refused.status).toBe(409);
    expect(refused.json.msg).toMatch(/already has lifetime access/);
    // The key stays usable for someone else.
    expect((await verifyLicense(keyB, (await newUser("key-receiver")).headers)).json.activated).toBe(true);
  });
});
