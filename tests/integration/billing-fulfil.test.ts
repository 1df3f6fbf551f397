import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LICENSE_KEY_PATTERN } from "@/lib/billing/pricing";
import { fulfilCheckout } from "@/lib/services/billing/fulfil";
import { newUser, userRow } from "../support/ai";
import { insertPromo, keysOfSession, paymentsOf, promoRow, validatePromo } from "../support/billing";
import { closeDatabase, setupTestDatabase } from "../support/db";

beforeAll(setupTestDatabase);
afterAll(closeDatabase);

const newSessionId = () => `cs_test_${randomBytes(12).toString("hex")}`;

describe("fulfilCheckout", () => {
  it("records one payment and one key when 20 deliveries of one session race", async () => {
    const user = await newUser("race-fulfil");
    const { code } = await insertPromo({ discountPercentage: 20, maxUses: 50 });
    const sessionId = newSessionId();
    const paid = { sessionId, amountCents: 11920, promoCode: code, userId: user.id, customerEmail: user.email };

    const results = await Promise.all(Array.from({ length: 20 }, () => fulfilCheckout(paid)));

    const keys = new Set(results.map((r) => r.licenseKey));
    expect(keys.size).toBe(1);
    const [key] = [...keys];
    expect(key).toMatch(LICENSE_KEY_PATTERN);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.paymentId)).size).toBe(1);
    expect(await paymentsOf(sessionId)).toHaveLength(1);
    expect(await keysOfSession(sessionId)).toMatchObject([{ key, userId: user.id }]);
    expect((await promoRow(code)).currentUses).toBe(1);
    expect(await userRow(user.id)).toMatchObject({ subscription: "lifetime", licenseKey: key });
  });

  it("never counts a promo code past maxUses, yet records every payment", async () => {
    const { code } = await insertPromo({ discountPercentage: 30, maxUses: 3 });
    const sessionIds = Array.from({ length: 10 }, newSessionId);

    const results = await Promise.all(
      sessionIds.map((sessionId) =>
        fulfilCheckout({ sessionId, amountCents: 10430, promoCode: code, userId: null, customerEmail: null }),
      ),
    );

    expect(results.every((r) => r.created)).toBe(true);
    expect(new Set(results.map((r) => r.licenseKey)).size).toBe(10);
    for (const sessionId of sessionIds) {
      expect(await paymentsOf(sessionId)).toHaveLength(1);
      expect(await keysOfSession(sessionId)).toHaveLength(1);
    }
    const promo = await promoRow(code);
    expect(promo.currentUses).toBe(3);
    expect(promo.maxUses).toBe(3);
    expect(await validatePromo(code)).toMatchObject({
      status: 400,
      json: { msg: "This promo code has reached its usage limit" },
    });
  });

  it("issues different keys to different sessions", async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        fulfilCheckout({
          sessionId: newSessionId(),
          amountCents: 14900,
          promoCode: null,
          userId: null,
          customerEmail: null,
        }),
      ),
    );
    expect(new Set(results.map((r) => r.licenseKey)).size).toBe(5);
    for (const r of results) expect(r.licenseKey).toMatch(LICENSE_KEY_PATTERN);
  });
});
