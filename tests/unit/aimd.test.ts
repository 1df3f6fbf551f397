import { afterEach, describe, expect, it, vi } from "vitest";
import { AimdController, backoffMs } from "@/lib/services/generation/aimd";

/** A controller on a hand-driven clock. */
function controller(max: number, initial?: number) {
  let t = 1_000_000;
  const clock = { now: () => t, advance: (ms: number) => void (t += ms) };
  const aimd = new AimdController(max, initial, clock.now);
  return { aimd, clock };
}

/** One "round trip": every request in flight succeeds. */
function roundTrip(aimd: AimdController) {
  const n = aimd.concurrency;
  for (let i = 0; i < n; i++) aimd.onSuccess();
}

afterEach(() => vi.restoreAllMocks());

describe("AimdController", () => {
  it("starts at min(4, max) and never below 1", () => {
    expect(controller(32).aimd.concurrency).toBe(4);
    expect(controller(2).aimd.concurrency).toBe(2);
    expect(controller(32, 0).aimd.concurrency).toBe(1);
    expect(controller(32, 100).aimd.concurrency).toBe(32);
  });

  it("slow start doubles the limit every round trip", () => {
    const { aimd } = controller(1000);
    const seen = [aimd.concurrency];
    for (let i = 0; i < 4; i++) {
      roundTrip(aimd);
      seen.push(aimd.concurrency);
    }
    expect(seen).toEqual([4, 8, 16, 32, 64]);
  });

  it("never grows above max", () => {
    const { aimd } = controller(10);
    for (let i = 0; i < 50; i++) aimd.onSuccess();
    expect(aimd.concurrency).toBe(10);
  });

  it("a 429 halves the limit once per congestion event", () => {
    const { aimd, clock } = controller(64);
    roundTrip(aimd);
    roundTrip(aimd); // 16
    const startedBefore = clock.now();
    clock.advance(100);
    aimd.onRateLimited(startedBefore, 0);
    expect(aimd.concurrency).toBe(8);
    // Other requests that were in flight during the same event do not cut it again.
    aimd.onRateLimited(startedBefore, 0);
    aimd.onRateLimited(startedBefore + 50, 0);
    expect(aimd.concurrency).toBe(8);
    // A request started after the cut and still limited: a new event.
    clock.advance(10);
    const startedAfter = clock.now();
    clock.advance(100);
    aimd.onRateLimited(startedAfter, 0);
    expect(aimd.concurrency).toBe(4);
  });

  it("after the first 429 it grows additively (about +1 per round trip)", () => {
    const { aimd, clock } = controller(64);
    roundTrip(aimd);
    roundTrip(aimd); // 16
    aimd.onRateLimited(clock.now() - 1, 0); // 8
    expect(aimd.concurrency).toBe(8);
    roundTrip(aimd);
    expect(aimd.concurrency).toBe(8); // 8 + 8 * 1/8.x: just under 9
    roundTrip(aimd);
    expect(aimd.concurrency).toBe(9);
    for (let i = 0; i < 20; i++) roundTrip(aimd);
    expect(aimd.concurrency).toBeGreaterThanOrEqual(25);
    expect(aimd.concurrency).toBeLessThanOrEqual(31);
  });

  it("never drops below 1, however many congestion events", () => {
    const { aimd, clock } = controller(32);
    for (let i = 0; i < 20; i++) {
      const started = clock.now();
      clock.advance(10);
      aimd.onRateLimited(started, 0);
    }
    expect(aimd.concurrency).toBe(1);
    clock.advance(250); // past the jitter of the last pause
    expect(aimd.canStart(0)).toBe(true);
    expect(aimd.canStart(1)).toBe(false);
  });

  it("pauses new requests for retry-after (plus < 250 ms jitter)", () => {
    vi.spyOn(Math, "random").mockReturnValue(0);
    const { aimd, clock } = controller(8);
    expect(aimd.waitMs()).toBe(0);
    aimd.onRateLimited(clock.now(), 2000);
    expect(aimd.waitMs()).toBe(2000);
    expect(aimd.canStart(0)).toBe(false);
    clock.advance(1500);
    expect(aimd.waitMs()).toBe(500);
    clock.advance(500);
    expect(aimd.waitMs()).toBe(0);
    expect(aimd.canStart(0)).toBe(true);
  });

  it("jitter stays within 250 ms; a missing retry-after waits 1 s; a shorter one never shortens the pause", () => {
    vi.spyOn(Math, "random").mockReturnValue(0.999);
    const { aimd, clock } = controller(8);
    aimd.onRateLimited(clock.now(), 3000);
    expect(aimd.waitMs()).toBeGreaterThanOrEqual(3000);
    expect(aimd.waitMs()).toBeLessThan(3250);
    const before = aimd.waitMs();
    aimd.onRateLimited(clock.now(), 100);
    expect(aimd.waitMs()).toBe(before);

    const other = controller(8);
    other.aimd.onRateLimited(other.clock.now(), undefined);
    expect(other.aimd.waitMs()).toBeGreaterThanOrEqual(1000);
    expect(other.aimd.waitMs()).toBeLessThan(1250);
  });

  it("pauses at zero remaining requests until the window resets, not before", () => {
    const { aimd, clock } = controller(8);
    aimd.onRateInfo(3, 5000);
    aimd.onRateInfo(undefined, 5000);
    aimd.onRateInfo(0, undefined);
    expect(aimd.waitMs()).toBe(0);
    aimd.onRateInfo(0, 5000);
    expect(aimd.waitMs()).toBe(5000);
    expect(aimd.concurrency).toBe(4); // information, not congestion: the limit stays
    clock.advance(5000);
    expect(aimd.canStart(3)).toBe(true);
  });
});

describe("backoffMs", () => {
  it("grows exponentially from ~1 s with ±50 % jitter", () => {
    expect(backoffMs(1, () => 0.5)).toBe(1000);
    expect(backoffMs(2, () => 0.5)).toBe(2000);
    expect(backoffMs(3, () => 0.5)).toBe(4000);
    expect(backoffMs(1, () => 0)).toBe(500);
    expect(backoffMs(1, () => 0.999999)).toBeLessThanOrEqual(1500);
    expect(backoffMs(0, () => 0.5)).toBe(1000);
  });

  it("stays within [0.5, 1.5] × a base capped at 30 s", () => {
    for (let attempt = 1; attempt <= 12; attempt++) {
      const base = Math.min(30_000, 1000 * 2 ** (attempt - 1));
      for (let i = 0; i < 50; i++) {
        const ms = backoffMs(attempt);
        expect(ms).toBeGreaterThanOrEqual(base * 0.5);
        expect(ms).toBeLessThanOrEqual(base * 1.5);
      }
    }
    expect(backoffMs(20, () => 0.5)).toBe(30_000);
  });
});
