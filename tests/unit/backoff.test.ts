import { describe, expect, it } from "vitest";
import { backoffMs } from "@/lib/services/generation/backoff";

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

  it("can start from another first wait", () => {
    expect(backoffMs(1, () => 0.5, 100)).toBe(100);
    expect(backoffMs(3, () => 0.5, 100)).toBe(400);
  });
});
