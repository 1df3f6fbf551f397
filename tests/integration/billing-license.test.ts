import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LICENSE_KEY_PATTERN } from "@/lib/billing/pricing";
import { completeTestPayment } from "@/lib/services/billing/checkout";
import { newUser, userRow } from "../support/ai";
import {
  checkout,
  insertPromo,
  keysOfSession,
  licenseRow,
  me,
  paymentsOf,
  sessionIdOf,
  verifyLicense,
  verifyPayment,
} from "../support/billing";
import { closeDatabase, setupTestDatabase } from "../support/db";

beforeAll(setupTestDatabase);
afterAll(closeDatabase);

/** An anonymous purchase through the test checkout: the key is not bound to anyone. */
async function anonymousPurchase(promoCode?: string) {
  const res = await checkout({ planId: "lifetime", ...(promoCode ? { promoCode } : {}) });
  expect(res.status, res.text).toBe(200);
  const sessionId = sessionIdOf(res.json.url);
  const { licenseKey } = await completeTestPayment(sessionId);
  return { sessionId, licenseKey };
}

describe("anonymous purchase", () => {
  it("issues one unbound key and records the payment without a user", async () => {
    const { code } = await insertPromo({ discountPercentage: 50 });
    const { sessionId, licenseKey } = await anonymousPurchase(code);
    expect(licenseKey).toMatch(LICENSE_KEY_PATTERN);
    expect(await keysOfSession(sessionId)).toEqual([{ key: licenseKey, userId: null, activatedAt: null }]);
    expect(await paymentsOf(sessionId)).toMatchObject([
      { userId: null, amountCents: 7450, promoCode: code, currency: "usd" },
    ]);
    // The success page can show the key to the anonymous buyer.
    expect((await verifyPayment(sessionId)).json).toEqual({ licenseKey });
  });
});

describe("POST /api/pricing/verify-license", () => {
  it("says an existing key is valid to an anonymous caller without binding it", async () => {
    const { licenseKey } = await anonymousPurchase();
    const res = await verifyLicense(licenseKey);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ valid: true });
    expect(res.json.activated).toBeUndefined();
    expect(await licenseRow(licenseKey)).toMatchObject({ userId: null, activatedAt: null });
  });

  it("activates the key for a signed-in caller: lifetime, key bound, payment attributed", async () => {
    const { code } = await insertPromo({ discountPercentage: 20 });
    const { sessionId, licenseKey } = await anonymousPurchase(code);
    const user = await newUser("activate");
    expect((await userRow(user.id)).subscription).toBe("trial");

    const res = await verifyLicense(licenseKey, user.headers);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ valid: true, activated: true, msg: "License key activated successfully!" });

    const license = await licenseRow(licenseKey);
    expect(license).toMatchObject({ userId: user.id });
    expect(license!.activatedAt).toBeInstanceOf(Date);
    const profile = (await me(user.headers)).json;
    expect(profile).toMatchObject({ subscription: "lifetime", licenseKey, promoCodeUsed: code });
    expect(Date.parse(profile.purchaseDate)).not.toBeNaN();
    expect((await paymentsOf(sessionId))[0]!.userId).toBe(user.id);

    // Activating one's own key again is harmless.
    expect((await verifyLicense(licenseKey, user.headers)).json).toMatchObject({ valid: true, activated: true });
  });

  it("accepts a lower-case key with spaces around it", async () => {
    const { licenseKey } = await anonymousPurchase();
    const user = await newUser("activate-lc");
    const res = await verifyLicense(`  ${licenseKey.toLowerCase()} `, user.headers);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ valid: true, activated: true });
    expect(await userRow(user.id)).toMatchObject({ subscription: "lifetime", licenseKey });
  });

  it("refuses a key already activated on another account with 409", async () => {
    const { licenseKey } = await anonymousPurchase();
    const first = await newUser("owner");
    const second = await newUser("thief");
    expect((await verifyLicense(licenseKey, first.headers)).status).toBe(200);
    const res = await verifyLicense(licenseKey, second.headers);
    expect(res.status).toBe(409);
    expect(res.json).toEqual({
      msg: "This license key has already been activated on another account.",
      code: "conflict",
    });
    expect((await userRow(second.id)).subscription).toBe("trial");
    expect((await licenseRow(licenseKey))!.userId).toBe(first.id);
  });

  it("refuses the key of a signed-in buyer to another account", async () => {
    const buyer = await newUser("buyer");
    const sessionId = sessionIdOf((await checkout({ planId: "lifetime" }, buyer.headers)).json.url);
    const { licenseKey } = await completeTestPayment(sessionId);
    expect(await licenseRow(licenseKey)).toMatchObject({ userId: buyer.id });
    const other = await newUser("other");
    expect((await verifyLicense(licenseKey, other.headers)).status).toBe(409);
  });

  it("lets exactly one of two accounts racing for the same key win", async () => {
    const { licenseKey } = await anonymousPurchase();
    const racers = await Promise.all([newUser("race-a"), newUser("race-b")]);
    const results = await Promise.all(racers.map((u) => verifyLicense(licenseKey, u.headers)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = racers[results.findIndex((r) => r.status === 200)]!;
    expect((await licenseRow(licenseKey))!.userId).toBe(winner.id);
    const loser = racers.find((u) => u !== winner)!;
    expect((await userRow(loser.id)).subscription).toBe("trial");
  });

  it("answers {valid:false} for garbage and unknown keys, 400 for a missing one", async () => {
    const user = await newUser("garbage");
    for (const key of [
      "hello",
      "AAAAA-BBBBB-CCCCC-DDDDD",
      "AAAAA-BBBBB-CCCCC-DDDDD-EEEEE",
      "00000-00000-00000-00000-00000",
    ]) {
      for (const headers of [undefined, user.headers]) {
        const res = await verifyLicense(key, headers);
        expect(res.status, key).toBe(200);
        expect(res.json.valid, key).toBe(false);
      }
    }
    expect((await userRow(user.id)).subscription).toBe("trial");
    for (const key of [undefined, "", 12345]) {
      const res = await verifyLicense(key);
      expect(res.status, String(key)).toBe(400);
    }
    const empty = await verifyLicense("");
    expect(empty.json).toEqual({ msg: "Please enter a license key", code: "invalid_input" });
  });
});
