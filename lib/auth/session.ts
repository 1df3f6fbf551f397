import "server-only";
import { isAPIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { users, type UserRow } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { findUserByApiKey, isApiKeyFormat } from "@/lib/services/api-keys/api-keys";
import { getAuth } from "./auth";
import { hasMalformedCredential } from "./credential-shape";
import { resolveSessionFast } from "./fast-session";

/** How the caller proved who they are: a Better Auth session (cookie or token) or an API key. */
type AuthMethod = "session" | "api_key";

export interface Caller {
  user: UserRow;
  via: AuthMethod;
  /** The API key's id when `via` is "api_key". */
  apiKeyId?: string;
}

/**
 * Header set that Better Auth understands: the session cookie as is, and the product's
 * `x-auth-token` mapped onto `Authorization: Bearer`. Empty when a credential cannot be a token
 * (lib/auth/credential-shape.ts): nothing of such a request reaches Better Auth or the database.
 */
export function authHeaders(source: Headers): Headers {
  const headers = new Headers();
  if (hasMalformedCredential(source)) return headers;
  const cookie = source.get("cookie");
  if (cookie) headers.set("cookie", cookie);
  const authorization = source.get("authorization");
  const xToken = source.get("x-auth-token")?.trim();
  if (xToken) headers.set("authorization", `Bearer ${xToken}`);
  else if (authorization) headers.set("authorization", authorization);
  return headers;
}

/**
 * Better Auth's answer for credentials it refuses (a session deleted meanwhile, a bad request):
 * a 4xx APIError. Its own failures (the database is down...) are a 5xx APIError or anything else.
 */
export function isRefusedCredentials(error: unknown): boolean {
  if (!isAPIError(error)) return false;
  const status = (error as { statusCode?: unknown }).statusCode;
  return typeof status === "number" && status >= 400 && status < 500;
}

/** The token sent as `x-auth-token` (preferred, as in authHeaders) or `Authorization: Bearer`. */
function presentedToken(source: Headers): string | null {
  const xToken = source.get("x-auth-token")?.trim();
  if (xToken) return xToken;
  const match = source.get("authorization")?.match(/^Bearer\s+(\S+)\s*$/i);
  return match ? match[1]! : null;
}

/**
 * The one function that resolves the caller: an API key (`cm_live_...` as x-auth-token or
 * Bearer), else cookie, x-auth-token or Bearer session. A credential that cannot be a token is
 * nobody, before any lookup. Only missing, invalid, revoked or expired
 * credentials mean "no caller"; any other failure (the database did not answer...) propagates, so
 * that it is answered as a 500 instead of signing the user out.
 */
export async function getCallerFromHeaders(source: Headers): Promise<Caller | null> {
  if (hasMalformedCredential(source)) return null;
  const token = presentedToken(source);
  if (token && isApiKeyFormat(token)) {
    // A presented key decides alone: a revoked key is refused even next to a session cookie.
    const found = await findUserByApiKey(token);
    return found ? { user: found.user, via: "api_key", apiKeyId: found.keyId } : null;
  }
  const headers = authHeaders(source);
  if (!headers.has("cookie") && !headers.has("authorization")) return null;
  const fast = await resolveSessionFast(source);
  if (fast !== "slow") return fast ? { user: fast.user, via: "session" } : null;
  let session;
  try {
    session = await getAuth().api.getSession({ headers, query: { disableRefresh: false } });
  } catch (error) {
    if (isRefusedCredentials(error)) return null;
    throw error;
  }
  if (!session) return null;
  const [row] = await db.select().from(users).where(eq(users.id, session.user.id)).limit(1);
  return row ? { user: row, via: "session" } : null;
}

/** The caller's user (session or API key), or null. */
export async function getUserFromHeaders(source: Headers): Promise<UserRow | null> {
  return (await getCallerFromHeaders(source))?.user ?? null;
}

/** Admin rights: the isAdmin flag, or a verified address listed in ADMIN_EMAILS. */
export function isAdminUser(user: Pick<UserRow, "isAdmin" | "email" | "emailVerified">): boolean {
  return user.isAdmin || (user.emailVerified && env().adminEmails.includes(user.email.toLowerCase()));
}
