/**
 * The security headers of every response (issue 17 item 8), set by proxy.ts. Pure, for tests.
 *
 * - Content-Security-Policy with a per-request nonce: Next reads the nonce from the policy in the
 *   request headers and puts it on its own scripts (every page renders per request: the root
 *   layout reads the request headers); `'strict-dynamic'` lets those scripts load the app's chunks.
 *   No `'unsafe-eval'` outside `next dev` (React uses eval only for dev-time error stacks).
 *   style-src keeps `'unsafe-inline'`: React and next-themes write inline `style` attributes and a
 *   runtime `<style>` element; a nonce in style-src would switch `'unsafe-inline'` off.
 * - frame-ancestors 'none' + X-Frame-Options: DENY (no framing), nosniff, a strict referrer policy,
 *   and HSTS when APP_URL is https (upgrade-insecure-requests too; never on plain-http set-ups).
 */
export interface SecurityHeaderOptions {
  nonce: string;
  appUrl: string;
  development: boolean;
}

export function contentSecurityPolicy({ nonce, appUrl, development }: SecurityHeaderOptions): string {
  const https = appUrl.startsWith("https:");
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": contentSecurityPolicy(options),
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
  };
  if (options.appUrl.startsWith("https:")) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}

/** A fresh, unguessable nonce (128 random bits, base64). */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/**
 * The headers of an API answer (JSON, never rendered as a page): nothing may load or frame it.
 * Set by the route wrapper (lib/http/handlers.ts); pages get theirs from proxy.ts.
 */
export function apiSecurityHeaders(appUrl: string): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
  };
  if (appUrl.startsWith("https:")) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}
