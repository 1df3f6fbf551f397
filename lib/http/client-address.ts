import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import { env } from "@/lib/env";
import { json } from "./respond";

export interface ClientAddressPolicy {
  /** TRUSTED_PROXY_HOPS: reverse proxies in front of the app that append to X-Forwarded-For. */
  trustedProxyHops: number;
  /** VERCEL=1: Vercel's edge sets x-vercel-forwarded-for / x-real-ip itself. */
  onVercel: boolean;
}

/** A valid IP address in canonical form (IPv4-mapped IPv6 as IPv4), or null. */
export function normalizeIp(value: string | null | undefined): string | null {
  const text = value?.trim().replace(/^\[|\]$/g, "");
  if (!text || isIP(text) === 0) return null;
  try {
    return ipaddr.process(text).toString();
  } catch {
    return null;
  }
}

/**
 * The client's address under a policy. The app's own server makes the right-most X-Forwarded-For
 * entry the connection's address (lib/http/peer-address.mjs), and each trusted proxy appends the
 * address it received the request from; so the entry `hops` places left of the right-most one is
 * the first address no trusted party invented. Entries further left were sent by the client and
 * are ignored. A list shorter than that (a request that bypassed the proxies) yields its left-most
 * entry. On Vercel the platform's own headers, which the client cannot set, are used instead.
 */
export function clientAddressFrom(headers: Headers, policy: ClientAddressPolicy): string {
  if (policy.onVercel) {
    const vercel = headers.get("x-vercel-forwarded-for")?.split(",")[0];
    return normalizeIp(vercel) ?? normalizeIp(headers.get("x-real-ip")) ?? "unknown";
  }
  const entries = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (entries.length === 0) return "unknown";
  const index = Math.max(0, entries.length - 1 - policy.trustedProxyHops);
  return normalizeIp(entries[index]) ?? "unknown";
}

/** The caller's IP for per-IP limits: an address the client cannot choose (see clientAddressFrom). */
export function clientIp(req: Request): string {
  const { trustedProxyHops, onVercel } = env();
  return clientAddressFrom(req.headers, { trustedProxyHops, onVercel });
}

/** JSON response that also sets the given cookies (session cookies from Better Auth). */
export function jsonWithCookies(data: unknown, cookies: string[], status = 200): Response {
  const res = json(data, status);
  for (const cookie of cookies) res.headers.append("set-cookie", cookie);
  return res;
}
