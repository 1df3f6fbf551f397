import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ConfigError, parseEnv } from "@/lib/env";
import { domainLookups, PARALLEL_LOOKUPS, resolverTries } from "@/lib/services/email-checks/domain-lookups";
import { startFakeDns, type FakeDns } from "../fakes/dns-server";

// docs/api.md "Address checks": each domain's MX, falling back to A/AAAA; no_mx / unknown; once per check, in
// parallel with a bound, each lookup bounded by DNS_TIMEOUT_MS; DNS_SERVERS replaces the system's resolvers.

let dns: FakeDns;
beforeAll(async () => {
  dns = await startFakeDns();
});
afterAll(() => dns.close());
beforeEach(() => dns.reset());

const lookups = (timeoutMs = 500) => domainLookups({ servers: [dns.server], timeoutMs });

describe("one domain's verdict", () => {
  it("MX, A only, AAAA only → ok; NXDOMAIN, no record, null MX → no_mx; SERVFAIL, a timeout → unknown", async () => {
    dns.set("acme.test", { mx: ["mx1.acme.test", "mx2.acme.test"] });
    dns.set("a-only.test", { a: ["192.0.2.1"] });
    dns.set("v6.test", { aaaa: ["2001:db8::1"] });
    dns.set("gone.test", { nxdomain: true });
    dns.set("bare.test", {});
    dns.set("null.test", { nullMx: true, a: ["192.0.2.2"] });
    dns.set("broken.test", { servfail: true });
    dns.set("slow.test", { mx: ["mx.slow.test"], delayMs: 3000 });
    const l = lookups(400);
    const started = Date.now();
    const verdicts = await Promise.all(
      ["acme.test", "a-only.test", "v6.test", "gone.test", "bare.test", "null.test", "broken.test", "slow.test"].map(
        async (d) => [d, await l.verdict(d)],
      ),
    );
    expect(Object.fromEntries(verdicts)).toEqual({
      "acme.test": "ok",
      "a-only.test": "ok",
      "v6.test": "ok",
      "gone.test": "no_mx",
      "bare.test": "no_mx",
      "null.test": "no_mx",
      "broken.test": "unknown",
      "slow.test": "unknown",
    });
    expect(Date.now() - started).toBeLessThan(1500);
    // MX first; A and AAAA only when there is no MX (and AAAA only when there is no A).
    expect(dns.log.filter((q) => q.name === "acme.test").map((q) => q.type)).toEqual(["MX"]);
    expect(dns.log.filter((q) => q.name === "a-only.test").map((q) => q.type)).toEqual(["MX", "A"]);
    expect(dns.log.filter((q) => q.name === "v6.test").map((q) => q.type)).toEqual(["MX", "A", "AAAA"]);
    expect(dns.log.filter((q) => q.name === "gone.test").map((q) => q.type)).toEqual(["MX"]);
    expect(dns.log.filter((q) => q.name === "null.test").map((q) => q.type)).toEqual(["MX"]);
  });
});

describe("a DNS_TIMEOUT_MS longer than the resolver's own cap on one try (about 5 s)", () => {
  it("is kept: a lookup without an answer is tried again instead of given up, and takes the late answer", async () => {
    expect([1000, 5000, 5001, 9000, 60_000].map(resolverTries)).toEqual([1, 1, 2, 2, 12]);
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    dns.set("held.test", { mx: ["mx.held.test"], until: released });
    const verdict = lookups(9000).verdict("held.test");
    let settled = false;
    void verdict.then(() => (settled = true));
    // With one try c-ares gives up after about 6 s ("unknown") and never asks again: wait for its second try.
    await vi.waitFor(() => expect(dns.queries("held.test")).toBeGreaterThanOrEqual(2), { timeout: 15_000 });
    expect(settled).toBe(false);
    release();
    expect(await verdict).toBe("ok");
  }, 20_000);
});

describe("a check's lookups", () => {
  it("look each domain up once, whatever its case or how many addresses share it", async () => {
    dns.set("acme.test", { mx: ["mx.acme.test"] });
    const l = lookups();
    const all = await Promise.all(["acme.test", "ACME.test", "acme.test", "Acme.Test"].map((d) => l.verdict(d)));
    expect(all).toEqual(["ok", "ok", "ok", "ok"]);
    expect(dns.queries("acme.test")).toBe(1);
    expect(l.started()).toBe(1);
  });

  it(`run at most ${PARALLEL_LOOKUPS} at a time, in parallel`, async () => {
    dns.setFallback({ mx: ["mx.any.test"] });
    dns.setLatency(100);
    const l = lookups(2000);
    const started = Date.now();
    const domains = Array.from({ length: PARALLEL_LOOKUPS * 2 + 10 }, (_, i) => `d${i}.test`);
    expect(new Set(await Promise.all(domains.map((d) => l.verdict(d))))).toEqual(new Set(["ok"]));
    const took = Date.now() - started;
    expect(dns.maxInFlight()).toBeLessThanOrEqual(PARALLEL_LOOKUPS);
    expect(dns.maxInFlight()).toBeGreaterThan(PARALLEL_LOOKUPS / 2);
    // Three waves of 100 ms, not 138 lookups one after another.
    expect(took).toBeGreaterThanOrEqual(290);
    expect(took).toBeLessThan(2000);
  });

  it("once closed, start no more lookups: those waiting answer unknown", async () => {
    dns.setFallback({ mx: ["mx.any.test"] });
    dns.setLatency(100);
    const l = lookups();
    const pending = Array.from({ length: PARALLEL_LOOKUPS + 20 }, (_, i) => l.verdict(`c${i}.test`));
    l.close();
    const verdicts = await Promise.all(pending);
    expect(verdicts.slice(0, PARALLEL_LOOKUPS).every((v) => v === "ok")).toBe(true);
    expect(verdicts.slice(PARALLEL_LOOKUPS).every((v) => v === "unknown")).toBe(true);
    expect(dns.queries()).toBe(PARALLEL_LOOKUPS);
  });
});

describe("DNS_SERVERS and DNS_TIMEOUT_MS", () => {
  const local = { DATA_DIR: "memory" };
  it("default to the system's resolvers and 3000 ms", () => {
    expect(parseEnv(local).dns).toEqual({ servers: null, timeoutMs: 3000 });
  });

  it("take comma-separated ip[:port] entries and a whole number of milliseconds", () => {
    const parsed = parseEnv({ ...local, DNS_SERVERS: "1.1.1.1, 127.0.0.1:5353,[::1]:53,::1", DNS_TIMEOUT_MS: "750" });
    expect(parsed.dns).toEqual({ servers: ["1.1.1.1", "127.0.0.1:5353", "[::1]:53", "::1"], timeoutMs: 750 });
  });

  it("refuse a host name, a bad port or a bad timeout, naming the variable", () => {
    for (const bad of ["dns.google", "1.1.1.1:0", "1.1.1.1:99999", "1.1.1"]) {
      expect(() => parseEnv({ ...local, DNS_SERVERS: bad }), bad).toThrow(ConfigError);
      expect(() => parseEnv({ ...local, DNS_SERVERS: bad }), bad).toThrow(/DNS_SERVERS/);
    }
    for (const bad of ["0", "-5", "1.5", "soon", "60001"])
      expect(() => parseEnv({ ...local, DNS_TIMEOUT_MS: bad }), bad).toThrow(/DNS_TIMEOUT_MS/);
  });
});
