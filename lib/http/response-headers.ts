import "server-only";
import { env } from "@/lib/env";
import { apiSecurityHeaders } from "./security-headers";

const REQUEST_ID_HEADER = "x-request-id";
const CALLER_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's `x-request-id` when it is a plain token, else a new one. */
export function requestIdOf(req: Request): string {
  const sent = req.headers.get(REQUEST_ID_HEADER)?.trim();
  return sent && CALLER_REQUEST_ID.test(sent) ? sent : crypto.randomUUID();
}

/** The path for the logs, single-use tokens masked (verification, reset links). */
export function logPath(req: Request): string {
  return new URL(req.url).pathname.replace(/\/(verify-email|reset-password|validate-reset-token)\/[^/]+/, "/$1/:token");
}

/**
 * An API answer with its request id and the security headers (API paths do not pass through
 * proxy.ts, which sets the pages' headers).
 */
export function withApiHeaders(res: Response, requestId: string): Response {
  const extra: Array<[string, string]> = [
    [REQUEST_ID_HEADER, requestId],
    ...Object.entries(apiSecurityHeaders(env().appUrl)).filter(([name]) => !res.headers.has(name)),
  ];
  try {
    for (const [name, value] of extra) res.headers.set(name, value);
    return res;
  } catch {
    // Immutable headers (Response.redirect...): the same answer with a copy of its headers.
    const copy = new Response(res.body, res);
    for (const [name, value] of extra) copy.headers.set(name, value);
    return copy;
  }
}
