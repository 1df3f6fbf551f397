import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as creditsGET } from "@/app/api/ai/credits/route";
import { db } from "@/lib/db";
import { users } from "@/lib/db/schema";
import { getCredits, refundCredits, reserveCredits } from "@/lib/services/credits/credits";
import { utcDay } from "@/lib/services/credits/plan";
import { newUser, userRow, type TestUser } from "../support/ai";
import { closeDatabase, setupTestDatabase } from "../support/db";
import { callRoute } from "../support/http";

beforeAll(setupTestDatabase);
afterAll(closeDatabase);

const DAY = 24 * 60 * 60 * 1000;
const credits = (u: TestUser) => callRoute(creditsGET, { url: "/api/ai/credits", headers: u.headers });

describe("GET /api/ai/credits", () => {
  it("gives a new trial user 100 credits for today and 3 days", async () => {
    const user = await newUser("cred-new");
    const res = await credits(user);
    expect(res.status, res.text).toBe(200);
    expect(res.json.credits).toMatchObject({ daily: 100, used: 0, remaining: 100 });
    expect(res.json).toMatchObject({ subscription: "trial", daysRemaining: 3, trialExpired: false, unlimited: false });
    expect(Date.parse(res.json.trialEnds)).toBeGreaterThan(Date.now() + 2 * DAY);
  });

  it("answers 401 without a session", async () => {
    expect((await callRoute(creditsGET, { url: "/api/ai/credits" })).status).toBe(401);
  });
});

describe("reserveCredits / refundCredits", () => {
  it("reserves and refunds against today's allowance", async () => {
    const user = await newUser("cred-reserve");
    const row = await userRow(user.id);
    const r = await reserveCredits(row, 30);
    expect(r).toEqual({ ok: true, day: utcDay(), amount: 30, unlimited: false });
    expect((await credits(user)).json.credits).toMatchObject({ daily: 100, used: 30, remaining: 70 });

    await refundCredits(user.id, utcDay(), 10);
    expect((await credits(user)).json.credits).toMatchObject({ used: 20, remaining: 80 });

    const tooMany = await reserveCredits(row, 81);
    expect(tooMany).toEqual({ ok: false, reason: "limit", available: 80, requested: 81 });
    expect((await credits(user)).json.credits).toMatchObject({ used: 20, remaining: 80 });

    expect((await reserveCredits(row, 80)).ok).toBe(true);
    expect((await credits(user)).json.credits).toMatchObject({ used: 100, remaining: 0 });
    expect(await reserveCredits(row, 1)).toEqual({ ok: false, reason: "limit", available: 0, requested: 1 });
    // Zero is always fine; refunds never go below zero.
    expect((await reserveCredits(row, 0)).ok).toBe(true);
    await refundCredits(user.id, utcDay(), 500);
    expect((await credits(user)).json.credits).toMatchObject({ used: 0, remaining: 100 });
  });

  it("refuses a first reservation above the daily limit without creating usage", async () => {
    const user = await newUser("cred-first-big");
    const row = await userRow(user.id);
    expect(await reserveCredits(row, 101)).toEqual({ ok: false, reason: "limit", available: 100, requested: 101 });
    expect((await credits(user)).json.credits).toMatchObject({ used: 0, remaining: 100 });
  });

  it("takes exactly what is left when 50 reservations race", async () => {
    const user = await newUser("cred-race");
    const row = await userRow(user.id);
    const results = await Promise.all(Array.from({ length: 50 }, () => reserveCredits(row, 3)));
    const granted = results.filter((r) => r.ok);
    expect(granted).toHaveLength(33);
    for (const r of results.filter((x) => !x.ok)) expect(r).toMatchObject({ ok: false, reason: "limit", requested: 3 });
    const res = await credits(user);
    expect(res.json.credits).toMatchObject({ used: 99, remaining: 1 });
    expect(await getCredits(row)).toMatchObject({ credits: { used: 99, remaining: 1 } });
  });

  it("counts each UTC day separately", async () => {
    const user = await newUser("cred-days");
    const row = await userRow(user.id);
    const tomorrow = new Date(Date.now() + DAY);
    expect((await reserveCredits(row, 100)).ok).toBe(true);
    const next = await reserveCredits(row, 40, undefined, tomorrow);
    expect(next).toMatchObject({ ok: true, day: utcDay(tomorrow) });
    expect((await getCredits(row, tomorrow)).credits).toMatchObject({ used: 40, remaining: 60 });
    expect((await getCredits(row)).credits).toMatchObject({ used: 100, remaining: 0 });
    await refundCredits(user.id, utcDay(tomorrow), 40);
    expect((await getCredits(row)).credits.used).toBe(100);
  });
});

describe("plans", () => {
  it("an expired trial has no credits and cannot reserve", async () => {
    const user = await newUser("cred-expired");
    await db
      .update(users)
      .set({ trialEnds: new Date(Date.now() - 60_000) })
      .where(eq(users.id, user.id));
    const res = await credits(user);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ trialExpired: true, daysRemaining: 0, credits: { remaining: 0 } });
    expect(res.json.msg).toMatch(/trial has ended/);
    const row = await userRow(user.id);
    expect(await reserveCredits(row, 1)).toEqual({ ok: false, reason: "trial-ended", available: 0, requested: 1 });
  });

  it("a free account (no trial) cannot reserve", async () => {
    const user = await newUser("cred-free");
    await db.update(users).set({ subscription: "free", trialEnds: null }).where(eq(users.id, user.id));
    expect((await credits(user)).json).toMatchObject({ credits: { remaining: 0 }, daysRemaining: 0 });
    expect((await reserveCredits(await userRow(user.id), 1)).ok).toBe(false);
  });

  it("lifetime is unlimited, but usage is still counted", async () => {
    const user = await newUser("cred-lifetime");
    await db
      .update(users)
      .set({ subscription: "lifetime", trialEnds: new Date(Date.now() - DAY) })
      .where(eq(users.id, user.id));
    const res = await credits(user);
    expect(res.json.credits).toMatchObject({ unlimited: true, remaining: null, used: 0 });
    expect(res.json).toMatchObject({ subscription: "lifetime", unlimited: true, trialExpired: false });
    const row = await userRow(user.id);
    for (const amount of [500, 1000, 3])
      expect(await reserveCredits(row, amount)).toMatchObject({ ok: true, unlimited: true, amount });
    const raced = await Promise.all(Array.from({ length: 20 }, () => reserveCredits(row, 10)));
    expect(raced.every((r) => r.ok)).toBe(true);
    expect((await credits(user)).json.credits).toMatchObject({ used: 1703, remaining: null, unlimited: true });
  });
});
