import { NextResponse, type NextRequest } from "next/server";
import { env } from "@/lib/env";
import { CROSS_SITE_MESSAGE, isSameOrigin, isServerActionRequest } from "@/lib/http/csrf";
import { malformedPathResponse } from "@/lib/http/malformed-path";
import { newNonce, securityHeaders } from "@/lib/http/security-headers";

/**
 * Runs for pages (and for any path holding a percent sign), never for API calls: a request the
 * proxy matches has its body buffered by Next up to `proxyClientMaxBodySize` and cut beyond, so
 * API bodies must stream straight to the route handlers (their caps: lib/http/parse.ts). API
 * responses get their security headers from the route wrapper (lib/http/handlers.ts).
 * - An undecodable path or one with `%00` is a 400 JSON answer here, instead of a bare 500 from
 *   Next's router.
 * - Security headers on every page (lib/http/security-headers.ts), with a per-request CSP nonce
 *   handed to the render in the request headers (`x-nonce` and the policy itself, from which Next
 *   takes the nonce for its scripts).
 * - Server action calls (the `next-action` header, or a form post to a page) from another origin,
 *   or without an Origin (and without `Sec-Fetch-Site: same-origin`), are refused with 403
 *   `{ msg, code: "forbidden" }` before the action runs.
 */
export function proxy(request: NextRequest) {
  const config = env();
  const nonce = newNonce();
  const headers = securityHeaders({ nonce, appUrl: config.appUrl, development: config.nodeEnv === "development" });
  const withHeaders = (response: Response) => {
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  };

  const malformed = malformedPathResponse(request.nextUrl.pathname);
  if (malformed) return withHeaders(malformed);

  if (isServerActionRequest(request, request.nextUrl.pathname) && !isSameOrigin(request.headers)) {
    return withHeaders(NextResponse.json({ msg: CROSS_SITE_MESSAGE, code: "forbidden" }, { status: 403 }));
  }

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("content-security-policy", headers["Content-Security-Policy"]!);
  return withHeaders(NextResponse.next({ request: { headers: requestHeaders } }));
}

export const config = {
  matcher: [
    "/(.*%.*)",
    // Everything but the API (with and without its /api prefix: next.config.ts rewrites) and Next's
    // build files (their headers come from next.config.ts).
    "/((?!api(?:/|$)|auth/|ai(?:/|$)|csv(?:/|$)|tickets(?:/|$)|webhooks/|zapier/|pricing/|_next/static|_next/image).*)",
  ],
};
