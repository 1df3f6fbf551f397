import { describe, expect, it } from "vitest";
import { KeyPacer } from "@/lib/services/generation/key-pacer";
import { providerTat, reserve, UNKNOWN_KEY, WINDOW_MS, type PacerState } from "@/lib/services/generation/pacer-math";
import { memoryPacerStore } from "@/lib/services/generation/pacer-store";

const fresh = (s: Partial<PacerState> = {}): PacerState => ({ ...UNKNOWN_KEY, ...s });
/** Tokens of requests: `n` in all (as input; no separate output bucket in these states). */
const t = (n: number) => ({ input: n, output: 0 });

/** Starts of `n` single reservations all asked for at `now`. */
function starts(state: PacerState, now: number, n: number, tokens = 0): number[] {
  const out: number[] = [];
  let s = state;
  for (let i = 0; i < n; i++) {
    const r = reserve(s, now, 1, t(tokens));
    out.push(r.start);
    s = r.state;
  }
  return out;
}

describe("pacer math (GCRA over requests and tokens)", () => {
  it("a full bucket bursts (less the slack), then exactly one request per 60 s / limit: no fixed window", () => {
    const s = starts(fresh({ requestLimit: 60 }), 1_000_000, 62);
    const burst = s.filter((t) => t === 1_000_000).length;
    expect(burst).toBe(Math.floor(WINDOW_MS / 1000)); // 59 of 60
    const steady = s.slice(burst);
    for (let i = 1; i < steady.length; i++) expect(steady[i]! - steady[i - 1]!).toBeCloseTo(1000, 6);
    // Over any minute after the burst, never more than the limit.
    expect(steady[0]! - 1_000_000).toBeLessThan(1000);
  });

  it("tokens bind before requests when they run out first", () => {
    // 600 requests/min but 6,000 tokens/min at 1,000 tokens a request: 6 a minute, one per 10 s.
    const s = starts(fresh({ requestLimit: 600, tokenLimit: 6000 }), 0, 8, 1000);
    expect(s.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
    expect(s[5]).toBeCloseTo(600, 6); // the bucket holds 5.94 requests' worth
    expect(s[6]! - s[5]!).toBeCloseTo(10_000, 6);
    expect(s[7]! - s[6]!).toBeCloseTo(10_000, 6);
  });

  it("a separate output bucket (Anthropic) takes the output caps; without one they count with the input", () => {
    // 6,000 input tokens/min at 100 a request (60/min), 1,200 output tokens/min at 200 a request: 6 a minute.
    const apart = starts(fresh({ requestLimit: 600, tokenLimit: 6000, outputTokenLimit: 1200 }), 0, 1, 0);
    expect(apart).toEqual([0]);
    let s = fresh({ requestLimit: 600, tokenLimit: 6000, outputTokenLimit: 1200 });
    const times: number[] = [];
    for (let i = 0; i < 8; i++) {
      const r = reserve(s, 0, 1, { input: 100, output: 200 });
      times.push(r.start);
      s = r.state;
    }
    expect(times.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
    expect(times[6]! - times[5]!).toBeCloseTo(10_000, 6); // the output bucket binds: 200 of 1,200 a minute
    expect(s.tokenTat).toBeCloseTo(times[7]! + 1000, 6); // input: 100 tokens at 100 a second
    // The same requests on one bucket of 6,000 (OpenAI: input + output cap at admission): 300 each, 20 a minute.
    const one = reserve(fresh({ tokenLimit: 6000 }), 0, 1, { input: 100, output: 200 });
    expect(one.state.tokenTat).toBeCloseTo(3000, 6);
    expect(one.state.outputTokenTat).toBe(0);
  });

  it("a pause (retry-after) delays the next start; unknown limits do not pace", () => {
    expect(reserve(fresh({ requestLimit: 60, pausedUntil: 5000 }), 1000, 1, t(0)).start).toBe(5000);
    expect(starts(fresh(), 7, 100).every((t) => t === 7)).toBe(true);
  });

  it("reads the provider's bucket from its headers: the earlier of remaining and reset (rounded counts)", () => {
    expect(providerTat({ limit: 60, remaining: 30, resetMs: 30_000 }, 1000)).toBe(31_000);
    // Anthropic: remaining rounded down to the thousand, reset rounded up to the second: the smaller wins.
    expect(providerTat({ limit: 100_000, remaining: 49_000, resetMs: 31_000 }, 0)).toBe(30_600);
    expect(providerTat({ resetMs: 1200 }, 10)).toBe(1210);
    expect(providerTat(undefined, 10)).toBeNull();
  });
});

/** A pacer on a virtual clock: sleeping advances it. */
function virtualPacer(state: Partial<PacerState>) {
  let t = 1_000_000;
  const store = memoryPacerStore(state);
  const pacer = new KeyPacer(store, {
    now: () => t,
    sleep: async (ms) => {
      t += ms;
    },
  });
  return { pacer, store, now: () => t };
}

describe("KeyPacer", () => {
  it("hands out slots round-robin between the batches waiting on the key", async () => {
    // A drained bucket of 60 requests/min: one slot a second.
    const { pacer, now } = virtualPacer({ requestLimit: 60, requestTat: 1_000_000 + WINDOW_MS });
    const order: string[] = [];
    const times: number[] = [];
    const tickets = [
      ...Array.from({ length: 12 }, () => ["big", pacer.request("big", t(0))] as const),
      ...Array.from({ length: 3 }, () => ["small", pacer.request("small", t(0))] as const),
    ];
    await Promise.all(
      tickets.map(([batch, t]) =>
        t.ready.then(() => {
          order.push(batch);
          times.push(now());
        }),
      ),
    );
    expect(order.slice(0, 6)).toEqual(["big", "small", "big", "small", "big", "small"]);
    // The small batch's 3 rows are done within its fair share (half the key: 2 s a row).
    const lastSmall = times[order.lastIndexOf("small")]! - 1_000_000;
    expect(lastSmall).toBeLessThanOrEqual(6_000);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(999);
  });

  it("probes with one request until the first answer's headers give the limits, then paces", async () => {
    const { pacer, store } = virtualPacer({});
    const a = pacer.request("b", t(100));
    const b = pacer.request("b", t(100));
    await a.ready;
    await Promise.resolve();
    expect(a.granted).toBe(true);
    expect(b.granted).toBe(false);
    await pacer.onAnswer({
      sentAt: 1_000_000,
      rateLimit: {
        requests: { limit: 120, remaining: 119, resetMs: 500 },
        tokens: { limit: 10_000, remaining: 9_900, resetMs: 600 },
      },
    });
    expect(await b.ready).toBe(true);
    expect(store.state).toMatchObject({ requestLimit: 120, tokenLimit: 10_000 });
  });

  it("a probe given back unused, or never answered, does not block the key", async () => {
    const { pacer, now } = virtualPacer({});
    const probe = pacer.request("stopped", t(100));
    const waiting = pacer.request("other", t(100));
    expect(await probe.ready).toBe(true);
    // The probe's batch stopped before sending it: the next request probes instead.
    probe.cancel();
    expect(await waiting.ready).toBe(true);
    // That probe's request is never answered (its worker died): the key is free again after a while.
    const start = now();
    const later = pacer.request("other", t(100));
    expect(await later.ready).toBe(true);
    expect(now() - start).toBeGreaterThanOrEqual(90_000);
  });

  it("learns Anthropic's input and output buckets apart; its rounded counts do not push the schedule", async () => {
    const { pacer, store, now } = virtualPacer({});
    const probe = pacer.request("a", { input: 100, output: 400 });
    expect(await probe.ready).toBe(true);
    await pacer.onAnswer({
      sentAt: now(),
      ticket: probe,
      rateLimit: {
        requests: { limit: 600, remaining: 599, resetMs: 100 },
        // The combined bucket is only the tighter of the two: not a third limit.
        tokens: { limit: 8000, remaining: 8000, resetMs: 1000 },
        inputTokens: { limit: 40_000, remaining: 40_000, resetMs: 1000 },
        outputTokens: { limit: 8000, remaining: 8000, resetMs: 1000 },
      },
    });
    expect(store.state).toMatchObject({ requestLimit: 600, tokenLimit: 40_000, outputTokenLimit: 8000 });
    // "8,000 left" (rounded from 7,600) says the bucket is full: no later than now.
    expect(store.state.outputTokenTat).toBeLessThanOrEqual(now());
    await pacer.request("a", { input: 100, output: 400 }).ready;
    expect(store.state.outputTokenTat).toBeCloseTo(now() + 3000, 6); // 400 at 8,000 a minute
    expect(store.state.tokenTat).toBeCloseTo(now() + 150, 6); // 100 at 40,000 a minute
    // 800 used (7,200 left) is reported as "7,000": 1,000 used, 1.5 s later than ours. Within the rounding: kept.
    const ours = store.state.outputTokenTat;
    await pacer.onAnswer({
      sentAt: now(),
      rateLimit: { outputTokens: { limit: 8000, remaining: 7000 }, inputTokens: {} },
    });
    expect(store.state.outputTokenTat).toBe(ours);
    // 3,000 left is far past the rounding: someone else uses the key, and ours moves.
    await pacer.onAnswer({
      sentAt: now(),
      rateLimit: { outputTokens: { limit: 8000, remaining: 3000 }, inputTokens: {} },
    });
    expect(store.state.outputTokenTat).toBeCloseTo(now() + 37_500, 6);
  });

  it("a row's follow-up call goes ahead of its batch's waiting rows", async () => {
    const { pacer } = virtualPacer({ requestLimit: 60, requestTat: 1_000_000 + WINDOW_MS });
    const order: string[] = [];
    const rows = [1, 2, 3].map((n) => pacer.request("b", t(0)).ready.then(() => order.push(`row ${n}`)));
    const followUp = pacer.request("b", t(0), { first: true }).ready.then(() => order.push("follow-up"));
    await Promise.all([...rows, followUp]);
    expect(order[0]).toBe("follow-up");
  });

  it("a cancelled ticket's slot goes to the next in line; reported usage corrects the token estimate", async () => {
    const { pacer, store } = virtualPacer({ requestLimit: 60, tokenLimit: 60_000 });
    const x = pacer.request("a", t(1000));
    x.cancel();
    expect(await x.ready).toBe(false);
    const y = pacer.request("a", t(1000));
    expect(await y.ready).toBe(true);
    expect(y.reserved).toEqual({ input: 1000, tokenLimit: 60_000 });
    const before = store.state.tokenTat;
    await pacer.onAnswer({ sentAt: 0, rateLimit: {}, ticket: y, countedInput: 1500 });
    await pacer.request("a", t(0)).ready;
    expect(store.state.tokenTat - before).toBeCloseTo(500, 6); // 500 tokens more at 1,000 tokens per second
  });

  it("taking the provider's token bucket, counts the input of requests still out (charged when they end)", async () => {
    const { pacer, store, now } = virtualPacer({ requestLimit: 600, tokenLimit: 60_000 });
    const out = [pacer.request("a", t(1000)), pacer.request("a", t(1000)), pacer.request("a", t(1000))];
    await Promise.all(out.map((x) => x.ready));
    // Someone else used the key: the provider's bucket (which has not counted what our three add at their end)
    // is full 10 s from now; ours becomes that plus the input still out (two requests: 2,000 tokens, 2 s).
    await pacer.onAnswer({
      sentAt: now(),
      ticket: out[0],
      rateLimit: { tokens: { limit: 60_000, remaining: 50_000, resetMs: 10_000 } },
    });
    expect(store.state.tokenTat).toBeCloseTo(now() + 12_000, 6);
    // A request given back unsent is no longer out.
    out[1]!.cancel();
    await pacer.onAnswer({
      sentAt: now(),
      ticket: out[2],
      rateLimit: { tokens: { limit: 60_000, remaining: 40_000, resetMs: 20_000 } },
    });
    expect(store.state.tokenTat).toBeCloseTo(now() + 20_000, 6);
  });

  it("a new limit (a new tier) repays what is owed at the new rate", async () => {
    const { pacer, store, now } = virtualPacer({ requestLimit: 600, tokenLimit: 60_000 });
    await pacer.request("a", t(30_000)).ready; // half the bucket: full again in 30 s
    await pacer.onAnswer({ sentAt: now(), rateLimit: { tokens: { limit: 120_000, remaining: 120_000 } } });
    expect(store.state).toMatchObject({ tokenLimit: 120_000 });
    expect(store.state.tokenTat).toBeCloseTo(now() + 15_000, 6); // 30,000 owed at 2,000 a second
  });

  it("a count corrects only what its ticket held, at the limit it was reserved under", async () => {
    // A probe held nothing: its answer's headers count it, and its reported usage gives nothing back.
    const { pacer, store, now } = virtualPacer({});
    const probe = pacer.request("a", t(3000));
    expect(await probe.ready).toBe(true);
    expect(probe.reserved).toBeNull();
    await pacer.onAnswer({
      sentAt: now(),
      rateLimit: { tokens: { limit: 60_000, remaining: 59_250, resetMs: 750 } },
      ticket: probe,
      countedInput: 750,
    });
    const learned = store.state.tokenTat;
    expect(learned).toBeCloseTo(now() + 750, 6);
    const x = pacer.request("a", t(3000));
    await x.ready;
    expect(store.state.tokenTat).toBeCloseTo(learned + 3000, 6); // no 2,250 given back for the probe
    // The key's limit changes (a new tier) while x is out: x's count no longer says anything about the bucket.
    await pacer.onAnswer({ sentAt: now(), rateLimit: { tokens: { limit: 240_000, remaining: 236_000 } } });
    const after = store.state.tokenTat;
    await pacer.onAnswer({ sentAt: now(), rateLimit: {}, ticket: x, countedInput: 750 });
    await pacer.request("a", t(0)).ready;
    expect(store.state.tokenTat).toBeCloseTo(after, 6);
  });
});
