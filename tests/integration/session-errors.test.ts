import { APIError } from "better-auth/api";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as meGET } from "@/app/api/auth/me/route";
import { GET as csvListGET } from "@/app/api/csv/route";
import { POST as signOutPOST } from "@/app/api/auth/sign-out/route";
import { getAuth } from "@/lib/auth/auth";
import * as fastSession from "@/lib/auth/fast-session";
import { getUserFromHeaders } from "@/lib/auth/session";
import { closeDatabase, setupTestDatabase } from "../support/db";
import { STRONG_PASSWORD, uniqueEmail } from "../support/factories";
import { callRoute, cookieHeader, loginAs, registerAndVerify } from "../support/http";

beforeAll(setupTestDatabase);
afterAll(closeDatabase);
afterEach(() => vi.restoreAllMocks());

/** Better Auth's database adapter: the place where its session lookup reaches the database. */
async function authAdapter() {
  return (await getAuth().$context).adapter;
}

const me = (headers: Record<string, string>) => callRoute(meGET, { url: "/api/auth/me", headers });

describe("resolving the session", () => {
  it("a database failure during the lookup is a 500 'internal', not a sign-out (the session stays valid)", async () => {
    const session = await registerAndVerify(uniqueEmail("sess-db"), STRONG_PASSWORD);
    const headers = { "x-auth-token": session.token };
    // The hot path's one query, then Better Auth's own lookup (a session due for its refresh).
    const fast = vi
      .spyOn(fastSession, "resolveSessionFast")
      .mockRejectedValueOnce(new Error("Connection terminated unexpectedly"));
    const res = await me(headers);
    expect(fast).toHaveBeenCalled();
    expect(res.status, res.text).toBe(500);
    expect(res.json).toMatchObject({ code: "internal", msg: "Something went wrong. Please try again." });
    expect(res.json.msg).not.toMatch(/Connection terminated/);

    fast.mockResolvedValueOnce("slow");
    const adapter = await authAdapter();
    const findOne = vi.spyOn(adapter, "findOne").mockRejectedValueOnce(new Error("Connection terminated unexpectedly"));
    const slow = await me(headers);
    expect(findOne).toHaveBeenCalled();
    expect(slow.status, slow.text).toBe(500);
    // Once the database answers again, the same token works: the user was never signed out.
    const again = await me(headers);
    expect(again.status, again.text).toBe(200);
    expect(again.json.email).toBe(session.user.email);
  });

  it("the same holds for every signed-in route and for the function itself", async () => {
    const session = await registerAndVerify(uniqueEmail("sess-db2"), STRONG_PASSWORD);
    const headers = { authorization: `Bearer ${session.token}` };
    vi.spyOn(fastSession, "resolveSessionFast").mockResolvedValue("slow");
    vi.spyOn(getAuth().api, "getSession").mockRejectedValue(
      APIError.from("INTERNAL_SERVER_ERROR", { code: "FAILED_TO_GET_SESSION", message: "Failed to get session" }),
    );
    const list = await callRoute(csvListGET, { url: "/api/csv", headers });
    expect(list.status).toBe(500);
    expect(list.json.code).toBe("internal");
    await expect(getUserFromHeaders(new Headers(headers))).rejects.toThrow();

    vi.spyOn(getAuth().api, "getSession").mockRejectedValue(new TypeError("fetch failed"));
    await expect(getUserFromHeaders(new Headers(headers))).rejects.toThrow("fetch failed");
  });

  it("refused credentials still mean 'no user': 401 session_invalid, and unauthenticated without any", async () => {
    const session = await registerAndVerify(uniqueEmail("sess-refused"), STRONG_PASSWORD);
    vi.spyOn(fastSession, "resolveSessionFast").mockResolvedValueOnce("slow");
    vi.spyOn(getAuth().api, "getSession").mockRejectedValueOnce(
      APIError.from("UNAUTHORIZED", { code: "FAILED_TO_GET_SESSION", message: "Failed to get session" }),
    );
    const refused = await me({ "x-auth-token": session.token });
    expect(refused.status).toBe(401);
    expect(refused.json).toEqual({ msg: "Authentication failed", code: "session_invalid" });

    const garbage = await me({ "x-auth-token": "not-a-session-token" });
    expect(garbage.status).toBe(401);
    expect(garbage.json).toEqual({ msg: "Authentication failed", code: "session_invalid" });

    const none = await me({});
    expect(none.status).toBe(401);
    expect(none.json).toEqual({ msg: "Authentication required", code: "unauthenticated" });
  });

  it("signing out twice is fine; a database failure while signing out is a 500", async () => {
    const email = uniqueEmail("sess-out");
    await registerAndVerify(email, STRONG_PASSWORD);
    const { token } = (await loginAs(email, STRONG_PASSWORD)).json;
    const headers = { "x-auth-token": token };

    vi.spyOn(getAuth().api, "signOut").mockRejectedValueOnce(new Error("Connection terminated unexpectedly"));
    const failed = await callRoute(signOutPOST, { method: "POST", url: "/api/auth/sign-out", headers });
    expect(failed.status).toBe(500);
    expect(failed.json.code).toBe("internal");
    expect((await me(headers)).status).toBe(200);

    const first = await callRoute(signOutPOST, { method: "POST", url: "/api/auth/sign-out", headers });
    expect(first.status).toBe(200);
    expect((await me(headers)).status).toBe(401);
    const second = await callRoute(signOutPOST, { method: "POST", url: "/api/auth/sign-out", headers });
    expect(second.status).toBe(200);
    expect(second.json).toEqual({ msg: "Signed out" });
  });

  it("a database failure during login is a 500, not 'Invalid email or password'", async () => {
    const email = uniqueEmail("sess-login");
    await registerAndVerify(email, STRONG_PASSWORD);
    vi.spyOn(getAuth().api, "signInEmail").mockRejectedValueOnce(
      APIError.from("INTERNAL_SERVER_ERROR", { code: "FAILED_TO_CREATE_SESSION", message: "Failed to create session" }),
    );
    const res = await loginAs(email, STRONG_PASSWORD);
    expect(res.status).toBe(500);
    expect(res.json).toMatchObject({ code: "internal" });

    const wrong = await loginAs(email, `${STRONG_PASSWORD}x`);
    expect(wrong.status).toBe(400);
    expect(wrong.json).toEqual({ msg: "Invalid email or password", code: "invalid_input" });
  });
});

describe("a credential that cannot be a token", () => {
  const HOSTILE_TOKENS = [
    "%00",
    "abc%00def",
    "%ED%A0%80",
    "%ff",
    "%",
    "\u00ff\u00fe",
    "a b",
    "x".repeat(600),
    "a\u0001b",
  ];
  const routes = [
    { name: "GET /api/auth/me", call: (headers: Record<string, string>) => me(headers) },
    {
      name: "GET /api/ai/config",
      call: async (h: Record<string, string>) =>
        callRoute((await import("@/app/api/ai/config/route")).GET, { url: "/api/ai/config", headers: h }),
    },
    { name: "GET /csv", call: (headers: Record<string, string>) => callRoute(csvListGET, { url: "/csv", headers }) },
  ];

  it("is refused as 401 session_invalid on every way a credential arrives, before any database call", async () => {
    const fast = vi.spyOn(fastSession, "resolveSessionFast");
    const findOne = vi.spyOn(await authAdapter(), "findOne");
    for (const token of HOSTILE_TOKENS) {
      const ways: Record<string, string>[] = [
        { "x-auth-token": token },
        { authorization: `Bearer ${token}` },
        { cookie: `better-auth.session_token=${token}` },
        { "x-auth-token": `cm_live_${token}` },
      ];
      for (const headers of ways) {
        for (const route of routes) {
          const res = await route.call(headers);
          expect(res.status, `${route.name} ${JSON.stringify(headers).slice(0, 60)}: ${res.text}`).toBe(401);
          expect(res.json).toEqual({ msg: "Authentication failed", code: "session_invalid" });
        }
      }
    }
    expect(fast).not.toHaveBeenCalled();
    expect(findOne).not.toHaveBeenCalled();
  });

  it("a hostile token next to a valid session cookie still refuses; another Authorization scheme leaves the cookie valid", async () => {
    const email = uniqueEmail("sess-shape");
    const session = await registerAndVerify(email, STRONG_PASSWORD);
    const login = await loginAs(email, STRONG_PASSWORD);
    const cookie = cookieHeader(login.headers);
    expect(cookie).toMatch(/session_token=/);
    expect((await me({ cookie })).status).toBe(200);
    expect((await me({ cookie, "x-auth-token": "%00" })).status).toBe(401);
    expect((await me({ cookie, authorization: "Basic dXNlcjpwYXNz" })).status).toBe(200);
    expect((await me({ "x-auth-token": session.token })).status).toBe(200);
    const out = await callRoute(signOutPOST, {
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { "x-auth-token": "%00" },
      body: {},
    });
    expect(out.status, out.text).toBe(200);
    expect((await me({ "x-auth-token": session.token })).status).toBe(200);
  });
});
