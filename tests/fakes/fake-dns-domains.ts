/**
 * The domains the standalone fake DNS server (serve-fake-dns.ts) answers for the end-to-end tests, fixed: every
 * Playwright worker shares the one server, so nothing is steered at run time. Any other name has a mail server.
 */
import type { FakeDomain } from "./dns-server";

export const FAKE_DNS_DOMAINS = {
  /** Does not exist (NXDOMAIN): `no_mx`. */
  nxdomain: "no-mail.test",
  /** Publishes a null MX (RFC 7505): `no_mx`. */
  nullMx: "null-mx.test",
  /** No MX but an A record (RFC 5321's implicit MX): it can receive mail. */
  aOnly: "a-only.test",
  /** Its DNS fails (SERVFAIL): `unknown`. */
  servfail: "dns-broken.test",
} as const;

export const FAKE_DNS_ZONE: Record<string, FakeDomain> = {
  [FAKE_DNS_DOMAINS.nxdomain]: { nxdomain: true },
  [FAKE_DNS_DOMAINS.nullMx]: { nullMx: true },
  [FAKE_DNS_DOMAINS.aOnly]: { a: ["192.0.2.10"] },
  [FAKE_DNS_DOMAINS.servfail]: { servfail: true },
};

/** What every other name answers: one MX record (so a made-up company domain can receive mail). */
export const FAKE_DNS_FALLBACK: FakeDomain = { mx: ["mx.fake-dns.test"] };
