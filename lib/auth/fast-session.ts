import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { hotStatement, runHot, tableColumnsSql, tableRow } from "@/lib/db/hot-statements";
import { users, type UserRow } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { SESSION_EXPIRES_IN_SECONDS, SESSION_UPDATE_AGE_SECONDS } from "./session-policy";

const COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]*)/;

/** What the fast path decided: the caller, nobody, or "ask Better Auth" (anything it should handle itself). */
export type FastSession = { user: UserRow } | null | "slow";

function decode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** The token of a signed value `token.signature` (HMAC-SHA256, auth secret); null when it does not verify. */
function verifiedToken(signed: string): string | null {
  const dot = signed.lastIndexOf(".");
  if (dot <= 0) return null;
  const token = signed.slice(0, dot);
  const given = Buffer.from(
    signed
      .slice(dot + 1)
      .replace(/-/g, "+")
      .replace(/_/g, "/"),
    "base64",
  );
  const expected = createHmac("sha256", env().authSecret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/**
 * The session token a request presents, with the precedence Better Auth applies (x-auth-token,
 * then `Authorization: Bearer`, then the cookie): a bearer token may be raw or signed; a cookie
 * is always signed. "slow" when the request needs Better Auth's own handling.
 */
function presentedSessionToken(source: Headers): string | null | "slow" {
  const xToken = source.get("x-auth-token")?.trim();
  const authorization = source.get("authorization");
  const bearer =
    xToken || (authorization?.slice(0, 7).toLowerCase() === "bearer " ? authorization.slice(7).trim() : "");
  if (bearer) {
    const value = bearer.includes("%") ? decode(bearer) : bearer;
    if (value === null) return "slow";
    return value.includes(".") ? (verifiedToken(value) ?? "slow") : value;
  }
  const cookie = source.get("cookie")?.match(COOKIE)?.[1];
  if (!cookie) return authorization ? "slow" : null;
  const value = decode(cookie);
  return value === null ? "slow" : (verifiedToken(value) ?? "slow");
}

/** A session by its unique token, with its user (every signed-in request of the hot endpoints). */
const SESSION_BY_TOKEN = hotStatement(
  "hot_session_by_token",
  ["text"],
  `select ${tableColumnsSql(users, "u")}, s.expires_at as "sessionExpiresAt"
   from sessions s join users u on u.id = s.user_id where s.token = $1 limit 1`,
);

/**
 * Resolves a session caller with ONE indexed query (session by its unique token, joined to its
 * user), for the hot endpoints that every screen polls. It never accepts more than Better Auth
 * would: signatures are verified the same way, an expired session is nobody, and whatever it does
 * not handle itself — a session due for its daily refresh, a signature it cannot verify, an odd
 * header — goes to Better Auth ("slow"). Revocation is immediate: nothing is cached (the statement is
 * prepared once in local mode: lib/db/hot-statements.ts).
 */
export async function resolveSessionFast(source: Headers, now = new Date()): Promise<FastSession> {
  const token = presentedSessionToken(source);
  if (token === null || token === "slow") return token;
  const [row] = await runHot<Record<string, unknown> & { sessionExpiresAt: Date | string }>(SESSION_BY_TOKEN, [token]);
  if (!row) return "slow";
  const expiresAt = new Date(row.sessionExpiresAt).getTime();
  if (expiresAt <= now.getTime()) return "slow";
  const refreshDue = expiresAt - SESSION_EXPIRES_IN_SECONDS * 1000 + SESSION_UPDATE_AGE_SECONDS * 1000 <= now.getTime();
  return refreshDue ? "slow" : { user: tableRow<UserRow>(users, row) };
}
