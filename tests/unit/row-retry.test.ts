import { describe, expect, it } from "vitest";
import { ProviderError } from "@/lib/ai/errors";
import { afterFailedCall, type QueueEntry } from "@/lib/services/generation/row-retry";

const entry = (over: Partial<QueueEntry> = {}): QueueEntry => ({
  itemId: "i",
  notBefore: 0,
  transientFailures: 0,
  rateLimited: 0,
  ...over,
});
const call = { cut: false, paced: false, now: 1_000 };

describe("a standard run's failed call", () => {
  it("cut by the deadline: back at the front, its counts unchanged", () => {
    const e = entry();
    expect(afterFailedCall(e, new ProviderError("timeout", "t"), { ...call, cut: true })).toEqual({ requeue: "front" });
    expect(e).toMatchObject({ transientFailures: 0, rateLimited: 0, notBefore: 0 });
  });

  it("rate limited: at the front after retry-after (at once when paced), 25 times at most", () => {
    const e = entry();
    expect(afterFailedCall(e, new ProviderError("rate_limited", "429", 3_000), call)).toEqual({ requeue: "front" });
    expect(e).toMatchObject({ rateLimited: 1, notBefore: 4_000 });
    afterFailedCall(e, new ProviderError("rate_limited", "429", 3_000), { ...call, paced: true });
    expect(e.notBefore).toBe(1_000);
    const worn = entry({ rateLimited: 25, transientFailures: 3 });
    expect(afterFailedCall(worn, new ProviderError("rate_limited", "429"), call)).toEqual({ fail: { fatal: false } });
  });

  it("transient: at the end after a backoff, 4 attempts in all; then the row fails", () => {
    const e = entry();
    expect(afterFailedCall(e, new ProviderError("server_error", "500"), call)).toEqual({ requeue: "back" });
    expect(e.transientFailures).toBe(1);
    expect(e.notBefore).toBeGreaterThan(1_000);
    afterFailedCall(e, new ProviderError("network", "x"), call);
    afterFailedCall(e, new ProviderError("overloaded", "x"), call);
    expect(afterFailedCall(e, new ProviderError("server_error", "500"), call)).toEqual({ fail: { fatal: false } });
  });

  it("a bad key, a refused permission or an unknown model fail the row and stop the run; a bad request only the row", () => {
    for (const kind of ["invalid_key", "permission", "model_not_found"] as const)
      expect(afterFailedCall(entry(), new ProviderError(kind, kind), call)).toEqual({ fail: { fatal: true } });
    expect(afterFailedCall(entry(), new ProviderError("bad_request", "400"), call)).toEqual({ fail: { fatal: false } });
  });
});
