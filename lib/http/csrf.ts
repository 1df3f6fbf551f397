import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";

/**
 * Cross-site request rules (issue 17 item 5), shared by the route wrappers (lib/http/handlers.ts)
 * and proxy.ts (server actions). Pure: headers in, a refusal (AppError) or null out.
 *
 * - Token clients (`x-auth-token` or `Authorization` present) are exempt from every rule: a
 *   cross-site page cannot send such a header without a CORS preflight, which this app never grants.
 * - A state-changing request (POST/PUT/PATCH/DELETE) that carries the session cookie must come
 *   from the app's own origin: `Origin` equal to APP_URL's origin, or `Sec-Fetch-Site: same-origin`.
 *   Otherwise 403 `{ msg, code: "forbidden" }`.
 * - A request with a body must declare `Content-Type: application/json` (or `…+json`), whoever sends
 *   it (a cross-site form or `text/plain` fetch can only send the other types): otherwise 400
 *   `{ msg, code: "invalid_input" }`. Signature-verified routes (the Stripe webhook) opt out.
 */

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

export const CROSS_SITE_MESSAGE = "Cross-site request refused: this action must come from the app's own pages.";
export const JSON_ONLY_MESSAGE = "Content-Type must be application/json";

function isStateChanging(method: string): boolean {
  return STATE_CHANGING.has(method.toUpperCase());
}

/** A token-authenticated API client (header present; its validity is the route's business). */
function hasTokenCredentials(headers: Headers): boolean {
  return Boolean(headers.get("x-auth-token")?.trim() || headers.get("authorization")?.trim());
}

function hasSessionCookie(headers: Headers): boolean {
  return SESSION_COOKIE.test(headers.get("cookie") ?? "");
}

/** APP_URL's origin (scheme://host[:port]). */
function appOrigin(): string {
  return new URL(env().appUrl).origin;
}

/** The request was sent by a page of this app: its Origin is APP_URL's, or the browser says same-origin. */
export function isSameOrigin(headers: Headers, origin = appOrigin()): boolean {
  if (headers.get("sec-fetch-site")?.trim().toLowerCase() === "same-origin") return true;
  return headers.get("origin")?.trim() === origin;
}

/** A body is announced by Content-Length > 0 or Transfer-Encoding (HTTP/1.1 sends one of them with every body). */
function hasBody(headers: Headers): boolean {
  const length = headers.get("content-length");
  if (length !== null && length.trim() !== "" && Number(length) !== 0) return true;
  return headers.has("transfer-encoding");
}

function isJsonContentType(value: string | null): boolean {
  const media = (value ?? "").split(";")[0]!.trim().toLowerCase();
  return media === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(media);
}

/** The rules for an API request: null when it may proceed, else the AppError to answer with. */
export function apiRequestRefusal(req: Request, options: { jsonBody?: boolean } = {}): AppError | null {
  if (!isStateChanging(req.method) || hasTokenCredentials(req.headers)) return null;
  if (hasSessionCookie(req.headers) && !isSameOrigin(req.headers)) return new AppError("forbidden", CROSS_SITE_MESSAGE);
  if (options.jsonBody !== false && hasBody(req.headers) && !isJsonContentType(req.headers.get("content-type"))) {
    return new AppError("invalid_input", JSON_ONLY_MESSAGE);
  }
  return null;
}

/**
 * A request proxy.ts must check as a server action call: the `next-action` header (actions called
 * from the app's JavaScript), or a form post to a page (an action submitted without JavaScript).
 */
export function isServerActionRequest(req: Request, pathname: string): boolean {
  if (!isStateChanging(req.method)) return false;
  if (req.headers.has("next-action")) return true;
  const media = (req.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  const formPost = media === "multipart/form-data" || media === "application/x-www-form-urlencoded";
  return formPost && !isApiPath(pathname) && !hasTokenCredentials(req.headers);
}

/** Paths answered by route handlers (the /api tree and its prefix-less forms, next.config.ts). */
function isApiPath(pathname: string): boolean {
  return /^\/(?:api|auth|ai|csv|tickets|webhooks|zapier)(?:\/|$)/.test(pathname) || /^\/pricing\/./.test(pathname);
}
