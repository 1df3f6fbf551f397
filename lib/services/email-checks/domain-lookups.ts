import "server-only";
import { Resolver } from "node:dns/promises";
import { env } from "@/lib/env";
import type { DnsSettings } from "@/lib/env-dns";
import type { DomainVerdict } from "./classify";

/** Lookups in flight at once, per check. */
export const PARALLEL_LOOKUPS = 64;
/** The longest c-ares waits for one try, whatever its timeout (see resolverTries). */
const RESOLVER_TRY_CAP_MS = 5_000;

/** The error code of a failed query (ENODATA, ENOTFOUND, ESERVFAIL, ETIMEOUT...). */
const codeOf = (error: unknown) => (error as { code?: string } | null)?.code ?? "";

/** A null MX (RFC 7505) is one record whose exchange is the root ("." — the resolver gives ""). */
const isNullMx = (exchange: string) => exchange === "" || exchange === ".";

/** The domain's addresses (A, then AAAA): RFC 5321's implicit MX when it has no MX records. */
async function implicitMx(resolver: Resolver, domain: string): Promise<DomainVerdict> {
  for (const query of [() => resolver.resolve4(domain), () => resolver.resolve6(domain)]) {
    try {
      if ((await query()).length > 0) return "ok";
    } catch (error) {
      const code = codeOf(error);
      if (code === "ENOTFOUND") return "no_mx";
      if (code !== "ENODATA") return "unknown";
    }
  }
  return "no_mx";
}

/**
 * One domain: its MX records, falling back to A/AAAA when it has none (ENODATA). No record, NXDOMAIN or a
 * null MX → no_mx; a timeout, SERVFAIL or any other failure → unknown.
 */
async function lookupDomain(resolver: Resolver, domain: string): Promise<DomainVerdict> {
  try {
    const records = await resolver.resolveMx(domain);
    return records.some((r) => !isNullMx(r.exchange)) ? "ok" : "no_mx";
  } catch (error) {
    const code = codeOf(error);
    if (code === "ENOTFOUND") return "no_mx";
    if (code !== "ENODATA") return "unknown";
  }
  return implicitMx(resolver, domain);
}

/** `promise`, or "unknown" once `ms` have passed. */
function withinMs(promise: Promise<DomainVerdict>, ms: number): Promise<DomainVerdict> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<DomainVerdict>((resolve) => (timer = setTimeout(() => resolve("unknown"), ms)));
  return Promise.race([promise.catch(() => "unknown" as const), late]).finally(() => clearTimeout(timer));
}

export interface DomainLookups {
  /** The domain's verdict, looked up once per check: every address of the domain shares one promise. */
  verdict(domain: string): Promise<DomainVerdict>;
  /** Lookups started (one per domain). */
  started(): number;
  /** The check stopped: lookups not yet started answer "unknown" without a query. */
  close(): void;
}

/**
 * c-ares (Node's resolver) waits about 5 s at most for one try whatever its `timeout` (measured: a 60 s timeout
 * with one try gave up after 5.9 s); later tries wait at least as long. A longer DNS_TIMEOUT_MS takes one try per
 * 5 s, enough to outlast it: the lookup's own timer (withinMs) ends it at DNS_TIMEOUT_MS.
 */
export const resolverTries = (timeoutMs: number): number => Math.max(1, Math.ceil(timeoutMs / RESOLVER_TRY_CAP_MS));

/**
 * The lookups of one check: a cache of promises by domain, at most PARALLEL_LOOKUPS in flight (later ones
 * wait their turn, in the order they were asked for), each bounded by DNS_TIMEOUT_MS, through DNS_SERVERS
 * (else the system's resolvers).
 */
export function domainLookups(settings: DnsSettings = env().dns): DomainLookups {
  const resolver = new Resolver({ timeout: settings.timeoutMs, tries: resolverTries(settings.timeoutMs) });
  if (settings.servers) resolver.setServers(settings.servers);
  const cache = new Map<string, Promise<DomainVerdict>>();
  const waiting: (() => void)[] = [];
  let head = 0;
  let running = 0;
  let started = 0;
  let closed = false;

  const pump = () => {
    while (running < PARALLEL_LOOKUPS && head < waiting.length) {
      const start = waiting[head]!;
      waiting[head++] = () => undefined;
      start();
    }
  };
  const schedule = (domain: string) =>
    new Promise<DomainVerdict>((resolve) => {
      waiting.push(() => {
        if (closed) return resolve("unknown");
        running++;
        started++;
        void withinMs(lookupDomain(resolver, domain), settings.timeoutMs)
          .then(resolve)
          .finally(() => {
            running--;
            pump();
          });
      });
      pump();
    });

  return {
    verdict(domain) {
      const key = domain.toLowerCase();
      let promise = cache.get(key);
      if (!promise) cache.set(key, (promise = schedule(key)));
      return promise;
    },
    started: () => started,
    close() {
      closed = true;
      for (; head < waiting.length; head++) waiting[head]!();
    },
  };
}
