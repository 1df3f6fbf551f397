import { json } from "./respond";

/**
 * The caller's IP: the right-most X-Forwarded-For entry, which is the one the nearest
 * proxy (or Next's own server) appended; entries further left are client-supplied.
 */
export function clientIp(req: Request): string {
  const forwarded = req.headers.get("x-forwarded-for");
  const last = forwarded?.split(",").map((s) => s.trim()).filter(Boolean).pop();
  return last || req.headers.get("x-real-ip") || "unknown";
}

/** JSON response that also sets the given cookies (session cookies from Better Auth). */
export function jsonWithCookies(data: unknown, cookies: string[], status = 200): Response {
  const res = json(data, status);
  for (const cookie of cookies) res.headers.append("set-cookie", cookie);
  return res;
}
