import { describe, expect, it } from "vitest";
import { planOf, TRIAL_DAILY_CREDITS, trialDaysRemaining, utcDay } from "@/lib/services/credits/plan";

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date("2026-03-10T12:00:00.000Z");
const at = (ms: number) => new Date(NOW.getTime() + ms);

describe("trialDaysRemaining", () => {
  it("rounds partial days up", () => {
    expect(trialDaysRemaining(at(3 * DAY), NOW)).toBe(3);
    expect(trialDaysRemaining(at(3 * DAY - 1), NOW)).toBe(3);
    expect(trialDaysRemaining(at(2 * DAY + 1), NOW)).toBe(3);
    expect(trialDaysRemaining(at(2 * DAY), NOW)).toBe(2);
    expect(trialDaysRemaining(at(1), NOW)).toBe(1);
    expect(trialDaysRemaining(at(60_000), NOW)).toBe(1);
  });

  it("is never negative", () => {
    expect(trialDaysRemaining(NOW, NOW)).toBe(0);
    expect(trialDaysRemaining(at(-1), NOW)).toBe(0);
    expect(trialDaysRemaining(at(-10 * DAY), NOW)).toBe(0);
    expect(trialDaysRemaining(null, NOW)).toBe(0);
  });

  it("defaults to the current time", () => {
    expect(trialDaysRemaining(new Date(Date.now() + 3 * DAY))).toBe(3);
  });
});

describe("planOf", () => {
  it("lifetime is unlimited whatever the trial date", () => {
    expect(planOf({ subscription: "lifetime", trialEnds: null }, NOW)).toEqual({ kind: "lifetime" });
    expect(planOf({ subscription: "lifetime", trialEnds: at(-DAY) }, NOW)).toEqual({ kind: "lifetime" });
  });

  it("an active trial has the daily allowance and the days left", () => {
    expect(planOf({ subscription: "trial", trialEnds: at(2.5 * DAY) }, NOW)).toEqual({
      kind: "trial",
      active: true,
      daysRemaining: 3,
      daily: 100,
    });
    expect(TRIAL_DAILY_CREDITS).toBe(100);
  });

  it("an ended, missing or free trial is inactive", () => {
    expect(planOf({ subscription: "trial", trialEnds: at(-1) }, NOW)).toEqual({
      kind: "trial",
      active: false,
      daysRemaining: 0,
      daily: 100,
    });
    expect(planOf({ subscription: "trial", trialEnds: NOW }, NOW)).toMatchObject({ active: false, daysRemaining: 0 });
    expect(planOf({ subscription: "trial", trialEnds: null }, NOW)).toMatchObject({ kind: "trial", active: false });
    expect(planOf({ subscription: "free", trialEnds: at(DAY) }, NOW)).toEqual({
      kind: "free",
      active: false,
      daysRemaining: 0,
      daily: 100,
    });
  });
});

describe("utcDay", () => {
  it("is the UTC calendar day", () => {
    expect(utcDay(new Date("2026-03-10T23:59:59.999Z"))).toBe("2026-03-10");
    expect(utcDay(new Date("2026-03-11T00:00:00.000Z"))).toBe("2026-03-11");
  });
});
