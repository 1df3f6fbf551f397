import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as cancelGET } from "@/app/api/pricing/checkout/cancel/route";
import { POST as validatePromoPOST } from "@/app/api/pricing/validate-promo/route";
import { db } from "@/lib/db";
import { checkoutSessions, promoReservations } from "@/lib/db/schema";
import { completeTestPayment, testCheckoutSession } from "@/lib/services/billing/checkout";
import { USAGE_LIMIT_MESSAGE } from "@/lib/services/billing/promo-reservations";
import { newUser } from "../support/ai";
import {
  checkout,
  insertPromo,
  paymentsOf,
  postWebhook,
  promoRow,
  sessionIdOf,
  testSessionRow,
  useFakeStripe,
  validatePromo,
  verifyPayment,
  WEBHOOK_SECRET,
} from "../support/billing";
import { closeDatabase, setupTestDatabase } from "../support/db";
import { callRoute, cookieHeader } from "../support/http";

beforeAll(setupTestDatabase);
afterAll(closeDatabase);

/** The spec's wording for a used-up code. */
const USED_UP = "This promo code has reached its usage limit";

async function reservationsOf(promoCodeId: string) {
  return db.select().from(promoReservations).where(eq(promoReservations.promoCodeId, promoCodeId));
}

function reservationIdOf(cancelUrl: string): string {
  return new URL(cancelUrl, "http://localhost:3000").searchParams.get("reservation")!;
}

const cancel = (reservationId: string) =>
  callRoute(cancelGET, { url: `/api/pricing/checkout/cancel?reservation=${encodeURIComponent(reservationId)}` });

describe("promo maxUses under concurrent checkouts", () => {
  it("gives the discount to exactly maxUses of 20 simultaneous checkouts; the rest get the usage-limit message", async () => {
    expect(USAGE_LIMIT_MESSAGE).toBe(USED_UP);
    const promo = await insertPromo({ discountPercentage: 40, maxUses: 3 });
    // 20 different anonymous buyers (no cookie: each is a browser of its own), all at once.
    const results = await Promise.all(
      Array.from({ length: 20 }, () => checkout({ planId: "lifetime", promoCode: promo.code })),
    );

    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(ok).toHaveLength(3);
    expect(refused).toHaveLength(17);
    for (const r of refused) expect(r).toMatchObject({ status: 400, json: { msg: USED_UP, code: "invalid_input" } });
    for (const r of ok) expect((await testSessionRow(sessionIdOf(r.json.url)))!.amountCents).toBe(8940);
    expect(await reservationsOf(promo.id)).toHaveLength(3);
    // Nothing is counted yet, but the code has no use left for anybody else.
    expect((await promoRow(promo.code)).currentUses).toBe(0);
    expect(await validatePromo(promo.code)).toMatchObject({ status: 400, json: { msg: USED_UP } });

    // The three pay (one of them twice, and verify-payment replays the fulfilment): exactly 3 uses.
    const ids = ok.map((r) => sessionIdOf(r.json.url));
    await Promise.all([...ids.map((id) => completeTestPayment(id)), completeTestPayment(ids[0]!)]);
    await Promise.all(ids.map((id) => verifyPayment(id)));
    expect((await promoRow(promo.code)).currentUses).toBe(3);
    expect((await reservationsOf(promo.id)).every((r) => r.consumedAt !== null)).toBe(true);
    for (const id of ids) expect(await paymentsOf(id)).toHaveLength(1);
  });

  it("counts uses already made: a code with 1 of 2 uses left holds one more checkout only", async () => {
    const promo = await insertPromo({ discountPercentage: 10, maxUses: 2, currentUses: 1 });
    const results = await Promise.all(
      Array.from({ length: 5 }, () => checkout({ planId: "lifetime", promoCode: promo.code })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
  });
});

describe("releasing a reserved use", () => {
  it("when the buyer comes back through the cancel URL (the session can then no longer be paid)", async () => {
    const promo = await insertPromo({ discountPercentage: 25, maxUses: 1 });
    const first = await checkout({ planId: "lifetime", promoCode: promo.code });
    expect(first.status, first.text).toBe(200);
    const sessionId = sessionIdOf(first.json.url);
    expect((await checkout({ planId: "lifetime", promoCode: promo.code })).json.msg).toBe(USED_UP);

    const view = (await testCheckoutSession(sessionId))!;
    expect(view.cancelUrl).toMatch(/^\/api\/pricing\/checkout\/cancel\?reservation=[0-9a-f-]{36}$/);
    const back = await cancel(reservationIdOf(view.cancelUrl));
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe("http://localhost:3000/pricing");
    expect(await testCheckoutSession(sessionId)).toMatchObject({ status: "expired" });
    await expect(completeTestPayment(sessionId)).rejects.toMatchObject({ status: 409 });

    // The use is free again; cancelling twice (or an unknown id) changes nothing.
    expect((await cancel(reservationIdOf(view.cancelUrl))).status).toBe(303);
    expect((await cancel("00000000-0000-4000-8000-000000000000")).status).toBe(303);
    expect((await cancel("not-a-uuid")).status).toBe(303);
    const second = await checkout({ planId: "lifetime", promoCode: promo.code });
    expect(second.status, second.text).toBe(200);
    await completeTestPayment(sessionIdOf(second.json.url));
    expect((await promoRow(promo.code)).currentUses).toBe(1);
  });

  it("when the same signed-in buyer starts another checkout", async () => {
    const promo = await insertPromo({ discountPercentage: 30, maxUses: 1 });
    const buyer = await newUser("again-buyer");
    const first = await checkout({ planId: "lifetime", promoCode: promo.code }, buyer.headers);
    const second = await checkout({ planId: "lifetime", promoCode: promo.code }, buyer.headers);
    expect(first.status).toBe(200);
    expect(second.status, second.text).toBe(200);
    const held = (await reservationsOf(promo.id)).filter((r) => !r.releasedAt && !r.consumedAt);
    expect(held).toHaveLength(1);
    expect(held[0]!.checkoutSessionId).toBe(sessionIdOf(second.json.url));
    // The replaced session cannot be paid at the discount any more.
    await expect(completeTestPayment(sessionIdOf(first.json.url))).rejects.toMatchObject({ status: 409 });
    // Another buyer still finds the code used up; a checkout without the code releases it too.
    expect((await checkout({ planId: "lifetime", promoCode: promo.code })).json.msg).toBe(USED_UP);
    expect((await checkout({ planId: "lifetime" }, buyer.headers)).status).toBe(200);
    expect((await checkout({ planId: "lifetime", promoCode: promo.code })).status).toBe(200);
  });

  it("when the same anonymous browser (its cm_buyer cookie) starts another checkout", async () => {
    const promo = await insertPromo({ discountPercentage: 30, maxUses: 1 });
    const first = await checkout({ planId: "lifetime", promoCode: promo.code });
    const cookie = cookieHeader(first.headers);
    expect(cookie).toMatch(/^cm_buyer=[A-Za-z0-9_-]{16,64}$/);
    expect(first.headers.getSetCookie()[0]).toMatch(/HttpOnly; SameSite=Lax/);
    // Back on /pricing (not through the cancel URL) the buyer's own held use still counts as theirs.
    const mine = await callRoute(validatePromoPOST, {
      method: "POST",
      url: "/api/pricing/validate-promo",
      body: { code: promo.code },
      headers: { cookie },
    });
    expect(mine).toMatchObject({ status: 200, json: { discountPercentage: 30 } });
    expect(await validatePromo(promo.code)).toMatchObject({ status: 400, json: { msg: USED_UP } });
    const again = await checkout({ planId: "lifetime", promoCode: promo.code }, { cookie });
    expect(again.status, again.text).toBe(200);
    expect((await checkout({ planId: "lifetime", promoCode: promo.code })).json.msg).toBe(USED_UP);
  });

  it("when the session expires (30 minutes; the test checkout refuses to complete it)", async () => {
    const promo = await insertPromo({ discountPercentage: 50, maxUses: 1 });
    const started = Date.now();
    const res = await checkout({ planId: "lifetime", promoCode: promo.code });
    const sessionId = sessionIdOf(res.json.url);
    const session = (await testSessionRow(sessionId))!;
    const lifetime = session.expiresAt!.getTime() - started;
    expect(lifetime).toBeGreaterThanOrEqual(30 * 60 * 1000 - 1000);
    expect(lifetime).toBeLessThanOrEqual(30 * 60 * 1000 + 5000);
    const [reservation] = await reservationsOf(promo.id);
    expect(reservation!.expiresAt.getTime()).toBeGreaterThanOrEqual(session.expiresAt!.getTime());
    expect((await checkout({ planId: "lifetime", promoCode: promo.code })).json.msg).toBe(USED_UP);

    // Time passes: the session and its reservation lapse.
    const past = new Date(Date.now() - 1000);
    await db.update(checkoutSessions).set({ expiresAt: past }).where(eq(checkoutSessions.id, sessionId));
    await db.update(promoReservations).set({ expiresAt: past }).where(eq(promoReservations.id, reservation!.id));
    expect(await testCheckoutSession(sessionId)).toMatchObject({ status: "expired" });
    await expect(completeTestPayment(sessionId)).rejects.toMatchObject({
      status: 409,
      msg: expect.stringMatching(/expired/),
    });
    expect(await validatePromo(promo.code)).toMatchObject({ status: 200, json: { discountPercentage: 50 } });
    expect((await checkout({ planId: "lifetime", promoCode: promo.code })).status).toBe(200);
  });
});

describe("reservations with the Stripe driver", () => {
  let fake: Awaited<ReturnType<typeof useFakeStripe>>;
  beforeAll(async () => {
    fake = await useFakeStripe();
  });
  afterAll(() => fake.restore());

  function sign(payload: string): string {
    const t = Math.floor(Date.now() / 1000);
    return `t=${t},v1=${createHmac("sha256", WEBHOOK_SECRET).update(`${t}.${payload}`).digest("hex")}`;
  }

  it("turns the reservation into one use however often the webhook is delivered", async () => {
    const promo = await insertPromo({ discountPercentage: 20, maxUses: 2 });
    const res = await checkout({ planId: "lifetime", promoCode: promo.code });
    expect(res.status, res.text).toBe(200);
    const sessionId = new URL(res.json.url).pathname.split("/").pop()!;
    fake.markPaid(sessionId);
    const payload = JSON.stringify(fake.completedEvent(sessionId));
    const deliveries = await Promise.all(Array.from({ length: 5 }, () => postWebhook(payload, sign(payload))));
    for (const d of deliveries) expect(d.status, d.text).toBe(200);
    expect((await verifyPayment(sessionId)).status).toBe(200);
    expect((await promoRow(promo.code)).currentUses).toBe(1);
    expect(await paymentsOf(sessionId)).toHaveLength(1);
  });

  it("expires the Stripe session when the buyer cancels, and gives the use back", async () => {
    const promo = await insertPromo({ discountPercentage: 20, maxUses: 1 });
    const res = await checkout({ planId: "lifetime", promoCode: promo.code });
    const sessionId = new URL(res.json.url).pathname.split("/").pop()!;
    const session = fake.sessions.get(sessionId)!;
    expect((await cancel(reservationIdOf(session.cancel_url!))).status).toBe(303);
    expect(fake.sessions.get(sessionId)!.status).toBe("expired");
    expect((await checkout({ planId: "lifetime", promoCode: promo.code })).status).toBe(200);
  });

  it("gives the use back when Stripe refuses to create the session", async () => {
    const promo = await insertPromo({ discountPercentage: 20, maxUses: 1 });
    fake.failNext(400);
    expect((await checkout({ planId: "lifetime", promoCode: promo.code })).status).toBe(502);
    expect((await checkout({ planId: "lifetime", promoCode: promo.code })).status).toBe(200);
  });
});
