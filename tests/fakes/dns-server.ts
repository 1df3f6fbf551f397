/**
 * A fake DNS server for the address checks (node:dgram + dns-packet): UDP on 127.0.0.1, a random port (or the
 * one given: `startFakeDns({ port })`). Point the app at it with `DNS_SERVERS=127.0.0.1:<port>` (`fake.server`).
 * Each domain answers as set:
 *
 *   const dns = await startFakeDns();
 *   dns.set("acme.test", { mx: ["mx.acme.test"] });   // MX records (A/AAAA: none, NOERROR with no answer)
 *   dns.set("a-only.test", { a: ["1.2.3.4"] });        // no MX (NOERROR, empty), an A record: RFC 5321 implicit MX
 *   dns.set("v6.test", { aaaa: ["2001:db8::1"] });
 *   dns.set("gone.test", { nxdomain: true });          // NXDOMAIN
 *   dns.set("null.test", { nullMx: true });             // RFC 7505 null MX: "0 ."
 *   dns.set("broken.test", { servfail: true });         // SERVFAIL
 *   dns.set("slow.test", { mx: ["mx.slow.test"], delayMs: 5000 });
 *   dns.set("held.test", { mx: ["mx.held.test"], until: released }); // answers once the promise settles
 *   dns.setLatency(50);                                 // every answer after 50 ms (default 0)
 *   dns.queries("acme.test")                            // queries received for that name (any type)
 *
 * A name that was not set answers `fallback` (default NXDOMAIN; `setFallback({ mx: [...] })` for benchmarks
 * that make up thousands of domains). Nothing here logs.
 */
import dgram from "node:dgram";
import type { AddressInfo } from "node:net";
import dnsPacket, { type Answer, type Packet, type Question } from "dns-packet";

export interface FakeDomain {
  mx?: string[];
  a?: string[];
  aaaa?: string[];
  nxdomain?: boolean;
  nullMx?: boolean;
  servfail?: boolean;
  /** This domain answers after this long (instead of the default latency). */
  delayMs?: number;
  /** This domain answers only once this promise has settled (then after its delay). */
  until?: Promise<unknown>;
}

export interface FakeDns {
  /** `127.0.0.1:<port>`, the value of DNS_SERVERS. */
  server: string;
  port: number;
  set(domain: string, spec: FakeDomain): void;
  /** What names that were not set answer (null: NXDOMAIN). */
  setFallback(spec: FakeDomain | null): void;
  setLatency(ms: number): void;
  /** Queries received for this name (every type), or for every name when none is given. */
  queries(domain?: string): number;
  /** The names queried, with their types, in arrival order. */
  log: { name: string; type: string }[];
  /** The most queries that were waiting for their answer at once. */
  maxInFlight(): number;
  reset(): void;
  close(): Promise<void>;
}

const RCODE = { NOERROR: 0, SERVFAIL: 2, NXDOMAIN: 3 } as const;
const FLAGS = dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE;

/** The answers (and the response code) of one question about a domain as set. */
function answer(q: Question, spec: FakeDomain | null): { rcode: number; answers: Answer[] } {
  if (!spec || spec.nxdomain) return { rcode: RCODE.NXDOMAIN, answers: [] };
  if (spec.servfail) return { rcode: RCODE.SERVFAIL, answers: [] };
  const base = { name: q.name, ttl: 300, class: "IN" as const };
  if (q.type === "MX") {
    if (spec.nullMx) return { rcode: 0, answers: [{ ...base, type: "MX", data: { preference: 0, exchange: "." } }] };
    const mx = (spec.mx ?? []).map((exchange, i): Answer => ({
      ...base,
      type: "MX",
      data: { preference: 10 * (i + 1), exchange },
    }));
    return { rcode: 0, answers: mx };
  }
  if (q.type === "A")
    return { rcode: 0, answers: (spec.a ?? []).map((data): Answer => ({ ...base, type: "A", data })) };
  if (q.type === "AAAA")
    return { rcode: 0, answers: (spec.aaaa ?? []).map((data): Answer => ({ ...base, type: "AAAA", data })) };
  return { rcode: 0, answers: [] };
}

export async function startFakeDns({ port: wanted = 0 }: { port?: number } = {}): Promise<FakeDns> {
  const domains = new Map<string, FakeDomain>();
  const counts = new Map<string, number>();
  const log: { name: string; type: string }[] = [];
  let fallback: FakeDomain | null = null;
  let latencyMs = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  /** Answers still delayed from before a reset() no longer count as in flight. */
  let generation = 0;
  const socket = dgram.createSocket("udp4");

  const reply = (query: Packet, rinfo: dgram.RemoteInfo) => {
    const q = query.questions?.[0];
    if (!q) return;
    const name = q.name.toLowerCase().replace(/\.$/, "");
    counts.set(name, (counts.get(name) ?? 0) + 1);
    log.push({ name, type: q.type });
    const spec = domains.get(name) ?? fallback;
    const { rcode, answers } = answer(q, spec);
    const packet = dnsPacket.encode({
      type: "response",
      id: query.id,
      flags: FLAGS | rcode,
      questions: [q],
      answers,
    });
    const delay = spec?.delayMs ?? latencyMs;
    maxInFlight = Math.max(maxInFlight, ++inFlight);
    const born = generation;
    const send = () => {
      if (born === generation) inFlight--;
      socket.send(packet, rinfo.port, rinfo.address, () => undefined);
    };
    const answerNow = () => (delay > 0 ? void setTimeout(send, delay).unref() : send());
    if (spec?.until) void spec.until.then(answerNow, answerNow);
    else answerNow();
  };

  socket.on("message", (msg, rinfo) => {
    let query: Packet;
    try {
      query = dnsPacket.decode(msg);
    } catch {
      return;
    }
    reply(query, rinfo);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("error", reject);
    socket.bind(wanted, "127.0.0.1", () => resolve());
  });
  const port = (socket.address() as AddressInfo).port;
  return {
    server: `127.0.0.1:${port}`,
    port,
    set: (domain, spec) => void domains.set(domain.toLowerCase(), spec),
    setFallback: (spec) => void (fallback = spec),
    setLatency: (ms) => void (latencyMs = Math.max(0, ms)),
    queries: (domain) => (domain === undefined ? log.length : (counts.get(domain.toLowerCase()) ?? 0)),
    log,
    maxInFlight: () => maxInFlight,
    reset() {
      domains.clear();
      counts.clear();
      log.length = 0;
      fallback = null;
      latencyMs = 0;
      generation++;
      inFlight = 0;
      maxInFlight = 0;
    },
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
