import { hasCode, messageOf } from "@/lib/client/api";

/**
 * The spec's admin texts for a failed call, by the server's `code` (never its message): no
 * session → 'Authentication required…', refused credentials → 'Authentication failed…',
 * not an admin → 'Access denied…', anything else → the screen's own `fallback`.
 */
export function adminError(error: unknown, fallback: string): string {
  if (hasCode(error, "unauthenticated")) return "Authentication required. Please log in again.";
  if (hasCode(error, "session_invalid")) return "Authentication failed. Please log in again.";
  if (hasCode(error, "forbidden")) return "Access denied. Admin privileges required.";
  return fallback;
}

/** For forms where the server's answer helps the admin (promo creation: a duplicate code, say). */
export function adminFormError(error: unknown, fallback: string): string {
  if (hasCode(error, "unauthenticated", "session_invalid", "forbidden")) return adminError(error, fallback);
  return messageOf(error, fallback);
}
