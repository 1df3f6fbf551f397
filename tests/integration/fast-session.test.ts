import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as creditsGET } from "@/app/api/ai/credits/route";
import { GET as meGET } from "@/app/api/auth/me/route";
import { getAuth } from "@/lib/auth/auth";
import { resolveSessionFast } from "@/lib/auth/fast-session";
import { SESSION_EXPIRES_IN_SECONDS } from "@/lib/auth/session-policy";
import { db } from "@/lib/db";
import { sessions } from "@/lib/db/schema";
import { closeDatabase, setupTestDatabase } from "../support/db";
import { STRONG_PASSWORD, uniqueEmail } from "../support/factories";
import { bearer, callRoute, cookieHeader, loginAs, registerAndVerify } from "../support/http";

beforeAll(setupTestDatabase);
afterAll(closeDatabase);
afterEach(() => vi.restoreAllMocks());

const me = (headers: Record<string, string>) => callRoute(meGET, { url: "/api/auth/me", headers });
const DAY = 24 * 60 * 60 * 1000;

async function signedIn(prefix: string) {
  const email = uniqueEmail(prefix);
  await registerAndVerify(email, STRONG_PASSWORD);
  const login = await loginAs(email, STRONG_PASSWORD);
  expect(login.status, login.text).toBe(200);
  return { email, token: login.json.token, cookie: cookieHeader(login.headers) };
}

describe("the hot endpoints resolve a session with one query, never accepting more than Better Auth", () => {
  it("accepts the login cookie, the raw token (x-auth-token or Bearer) and the signed token, without Better Auth", async () => {
    const { email, token, cookie } = await signedIn("fast-ok");
    expect(cookie).toMatch(/better-auth\.session_token=/);
    const signed = decodeURIComponent(cookie.match(/better-auth\.session_token=([^;]+)/)![1]!);
    const slow = vi.spyOn(getAuth().api, "getSession");
    for (const headers of <Array<Record<string, string>>>[
      { cookie },
      { "x-auth-token": token },
      bearer(token),
      bearer(signed),
      bearer(encodeURIComponent(signed)),
    ]) {
      const res = await me(headers);
      expect(res.status, JSON.stringify(headers)).toBe(200);
      expect(res.json.email).toBe(email);
    }
    const credits = await callRoute(creditsGET, { url: "/api/ai/credits", headers: { cookie } });
    expect(credits.status).toBe(200);
    expect(slow).not.toHaveBeenCalled();
  });

  it("a tampered signature, an unknown token and a signed-out session are refused", async () => {
    const { token, cookie } = await signedIn("fast-bad");
    // The signature's first character: the last one before the "=" padding only carries 4 bits, and
    // flipping its unused low bits (A -> B) would leave the decoded signature as it was.
    const tampered = cookie.replace(
      /(session_token=[^;]*\.)(.)/,
      (_m, head: string, c: string) => `${head}${c === "A" ? "B" : "A"}`,
    );
    expect(tampered).not.toBe(cookie);
    expect((await me({ cookie: tampered })).status).toBe(401);
    expect((await me({ "x-auth-token": `${token}x` })).status).toBe(401);
    expect((await me(bearer(`${token}.not-a-signature`))).status).toBe(401);
    // Revocation is immediate: nothing is cached.
    await db.delete(sessions).where(eq(sessions.token, token));
    expect((await me({ cookie })).status).toBe(401);
    expect((await me({ "x-auth-token": token })).status).toBe(401);
  });

  it("an expired session is nobody; a session due for its daily refresh goes to Better Auth, which extends it", async () => {
    const { token } = await signedIn("fast-age");
    const now = Date.now();
    // Last refreshed two days ago: Better Auth pushes the expiry back to a full 7 days from now.
    await db
      .update(sessions)
      .set({ expiresAt: new Date(now + SESSION_EXPIRES_IN_SECONDS * 1000 - 2 * DAY) })
      .where(eq(sessions.token, token));
    expect(await resolveSessionFast(new Headers({ "x-auth-token": token }))).toBe("slow");
    const slow = vi.spyOn(getAuth().api, "getSession");
    expect((await me({ "x-auth-token": token })).status).toBe(200);
    expect(slow).toHaveBeenCalledTimes(1);
    const [row] = await db.select().from(sessions).where(eq(sessions.token, token));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(now + SESSION_EXPIRES_IN_SECONDS * 1000 - DAY);
    expect(await resolveSessionFast(new Headers({ "x-auth-token": token }))).toMatchObject({
      user: { id: row!.userId },
    });

    await db
      .update(sessions)
      .set({ expiresAt: new Date(now - 1000) })
      .where(eq(sessions.token, token));
    expect((await me({ "x-auth-token": token })).status).toBe(401);
  });
});
