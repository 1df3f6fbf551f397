import "server-only";
import { eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { users, type UserRow } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { getAuth } from "./auth";

/**
 * Header set that Better Auth understands: the session cookie as is, and the spec's
 * `x-auth-token` mapped onto `Authorization: Bearer`.
 */
export function authHeaders(source: Headers): Headers {
  const headers = new Headers();
  const cookie = source.get("cookie");
  if (cookie) headers.set("cookie", cookie);
  const authorization = source.get("authorization");
  const xToken = source.get("x-auth-token")?.trim();
  if (xToken) headers.set("authorization", `Bearer ${xToken}`);
  else if (authorization) headers.set("authorization", authorization);
  return headers;
}

/** The one function that resolves the caller: cookie, x-auth-token or Bearer. */
export async function getUserFromHeaders(source: Headers): Promise<UserRow | null> {
  const headers = authHeaders(source);
  if (!headers.has("cookie") && !headers.has("authorization")) return null;
  let session;
  try {
    session = await getAuth().api.getSession({ headers, query: { disableRefresh: false } });
  } catch {
    return null;
  }
  if (!session) return null;
  const [row] = await db.select().from(users).where(eq(users.id, session.user.id)).limit(1);
  return row ?? null;
}

/** Admin rights: the isAdmin flag, or a verified address listed in ADMIN_EMAILS. */
export function isAdminUser(user: Pick<UserRow, "isAdmin" | "email" | "emailVerified">): boolean {
  return user.isAdmin || (user.emailVerified && env().adminEmails.includes(user.email.toLowerCase()));
}
