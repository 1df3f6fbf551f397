import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as meGET } from "@/app/api/auth/me/route";
import { POST as registerPOST } from "@/app/api/auth/register/route";
import { POST as resendPOST } from "@/app/api/auth/resend-verification/route";
import { POST as signOutPOST } from "@/app/api/auth/sign-out/route";
import { GET as verifyEmailGET } from "@/app/api/auth/verify-email/[token]/route";
import { isAdminUser } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { users } from "@/lib/db/schema";
import { resetEnvForTests } from "@/lib/env";
import { listOutbox } from "@/lib/mail/outbox-driver";
import { LOGIN_LIMITS } from "@/lib/services/auth/login";
import { toUserJson } from "@/lib/services/users/serialize";
import { closeDatabase, setupTestDatabase } from "../support/db";
import { STRONG_PASSWORD, uniqueEmail } from "../support/factories";
import { bearer, callRoute, cookieHeader, loginAs, mailedToken, randomIp, registerAndVerify } from "../support/http";

beforeAll(setupTestDatabase);
afterAll(closeDatabase);

const DAY = 24 * 60 * 60 * 1000;
const register = (body: unknown) => callRoute(registerPOST, { method: "POST", url: "/api/auth/register", body });
const verify = (token: string) =>
  callRoute(verifyEmailGET, { url: `/api/auth/verify-email/${encodeURIComponent(token)}`, params: { token } });
const me = (headers: Record<string, string> = {}) => callRoute(meGET, { url: "/api/auth/me", headers });

/** Every key of a JSON value, at any depth. */
function allKeys(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(allKeys);
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => [k, ...allKeys(v)]);
  }
  return [];
}

describe("register", () => {
  it("answers 201 and mails a verification link; the verified user is on a 3-day trial", async () => {
    const email = uniqueEmail("reg");
    const res = await register({ name: "Ada", email, password: STRONG_PASSWORD });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ msg: expect.any(String) });

    const mails = await listOutbox(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(email);
    expect(mails[0]!.text).toContain("http://localhost:3000/verify-email/");
    expect(mails[0]!.html).toContain("http://localhost:3000/verify-email/");

    const token = await mailedToken(email, "verify-email");
    const verified = await verify(token);
    expect(verified.status).toBe(200);
    expect(verified.json.token).toEqual(expect.any(String));
    expect(verified.json.user).toMatchObject({ email, name: "Ada", emailVerified: true, subscription: "trial" });
    expect(verified.headers.getSetCookie().length).toBeGreaterThan(0);
    const trialEnds = new Date(verified.json.user.trialEnds).getTime();
    expect(Math.abs(trialEnds - (Date.now() + 3 * DAY))).toBeLessThan(60_000);

    // A verification link works once.
    const again = await verify(token);
    expect(again.status).toBe(400);
    expect(again.json.msg).toEqual(expect.any(String));
  });

  it("ignores privileged fields sent by the client", async () => {
    const email = uniqueEmail("sneaky");
    const body = {
      name: "S",
      email,
      password: STRONG_PASSWORD,
      isAdmin: true,
      subscription: "lifetime",
      emailVerified: true,
    };
    expect((await register(body)).status).toBe(201);
    expect((await loginAs(email, STRONG_PASSWORD)).status).toBe(403);
    const { user } = await verify(await mailedToken(email, "verify-email")).then((r) => r.json);
    expect(user).toMatchObject({ isAdmin: false, subscription: "trial" });
  });

  it("lower-cases the address", async () => {
    const email = uniqueEmail("case");
    expect((await register({ name: "Bo", email: email.toUpperCase(), password: STRONG_PASSWORD })).status).toBe(201);
    expect(await listOutbox(email)).toHaveLength(1);
  });

  it.each([
    [{}],
    [{ name: "A", email: "a@example.test" }],
    [{ name: "", email: "a@example.test", password: STRONG_PASSWORD }],
    [{ name: "A", email: "  ", password: STRONG_PASSWORD }],
  ])("rejects missing fields %j", async (body) => {
    const res = await register(body);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ msg: "Please fill in all fields", code: "invalid_input" });
  });

  it.each([
    ["Sh0rt!", "Password must be at least 8 characters long"],
    ["abcdefg1!", "Password must contain at least one uppercase letter"],
    ["Abcdefgh!", "Password must contain at least one number"],
    ["Abcdefg12", "Password must contain at least one special character"],
  ])("rejects the weak password %j with the first failing rule", async (password, msg) => {
    const email = uniqueEmail("weak");
    const res = await register({ name: "W", email, password });
    expect(res.status).toBe(400);
    expect(res.json.msg).toBe(msg);
    expect(await listOutbox(email)).toHaveLength(0);
  });

  it("answers 400 with a msg for malformed JSON, wrong types and a bad address", async () => {
    for (const body of ['{"name": "x", ', "[1,2", "null", '"text"', "42"]) {
      const res = await register(body);
      expect(res.status, body).toBe(400);
      expect(res.json.msg, body).toEqual(expect.any(String));
    }
    const wrongType = await register({ name: "T", email: 123, password: STRONG_PASSWORD });
    expect(wrongType.status).toBe(400);
    expect(wrongType.json.msg).toEqual(expect.any(String));
    const badEmail = await register({ name: "T", email: "not-an-address", password: STRONG_PASSWORD });
    expect(badEmail.status).toBe(400);
    expect(badEmail.json.msg).toBe("Please enter a valid email address");
  });

  it("answers the same for an existing address and mails its owner instead", async () => {
    const email = uniqueEmail("dup");
    const first = await registerAndVerify(email, STRONG_PASSWORD, "Original");
    const res = await register({ name: "Impostor", email, password: "An0ther!Passw0rd" });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ msg: expect.any(String) });

    const mails = await listOutbox(email);
    expect(mails[0]!.subject).toMatch(/already have/i);
    expect(mails[0]!.text).toContain("http://localhost:3000/login");
    // No second account: the original password still works, the new one does not.
    const login = await loginAs(email, STRONG_PASSWORD);
    expect(login.status).toBe(200);
    expect(login.json.user._id).toBe(first.user._id);
    expect(login.json.user.name).toBe("Original");
    expect((await loginAs(email, "An0ther!Passw0rd")).status).toBe(400);
  });

  it("re-sends a working verification link when an unverified address registers again", async () => {
    const email = uniqueEmail("again");
    await register({ name: "First", email, password: STRONG_PASSWORD });
    const res = await register({ name: "Second", email, password: STRONG_PASSWORD });
    expect(res.status).toBe(201);
    const mails = await listOutbox(email);
    expect(mails).toHaveLength(2);
    const link = mails[0]!.text.match(/verify-email\/(\S+)/);
    expect(link).not.toBeNull();
    expect(mails[0]!.subject).toMatch(/verify/i);
  });
});

describe("verification", () => {
  it("refuses login before verification with requiresVerification", async () => {
    const email = uniqueEmail("unverified");
    await register({ name: "U", email, password: STRONG_PASSWORD });
    const res = await loginAs(email, STRONG_PASSWORD);
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ msg: expect.any(String), requiresVerification: true });
  });

  it("rejects a garbage token", async () => {
    for (const token of ["garbage", "a.b.c", "eyJhbGciOiJIUzI1NiJ9.e30.xx"]) {
      const res = await verify(token);
      expect(res.status, token).toBe(400);
      expect(res.json.msg).toEqual(expect.any(String));
    }
  });

  it("resend-verification answers {msg} and mails a new link to an unverified account", async () => {
    const email = uniqueEmail("resend");
    await register({ name: "R", email, password: STRONG_PASSWORD });
    const res = await callRoute(resendPOST, { method: "POST", url: "/api/auth/resend-verification", body: { email } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ msg: expect.any(String) });
    expect(await listOutbox(email)).toHaveLength(2);
    // The newest link verifies the account.
    expect((await verify(await mailedToken(email, "verify-email"))).status).toBe(200);

    const unknown = uniqueEmail("nobody");
    const neutral = await callRoute(resendPOST, {
      method: "POST",
      url: "/api/auth/resend-verification",
      body: { email: unknown },
    });
    expect(neutral.status).toBe(200);
    expect(neutral.json).toEqual(res.json);
    expect(await listOutbox(unknown)).toHaveLength(0);
  });
});

describe("login and sessions", () => {
  const email = uniqueEmail("login");
  beforeAll(async () => {
    await registerAndVerify(email, STRONG_PASSWORD, "Lin");
  });

  it("returns {token, user} without any password field, and a session cookie", async () => {
    const res = await loginAs(email.toUpperCase(), STRONG_PASSWORD);
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(["token", "user"]);
    expect(res.json.token).toEqual(expect.any(String));
    expect(res.json.user).toMatchObject({
      _id: expect.any(String),
      email,
      name: "Lin",
      isAdmin: false,
      subscription: "trial",
      emailVerified: true,
    });
    expect(allKeys(res.json).filter((k) => /password|hash/i.test(k))).toEqual([]);
    expect(cookieHeader(res.headers)).toMatch(/session_token=/);
  });

  it("rejects a wrong password or an unknown address with the same message", async () => {
    for (const [address, password] of [
      [email, "Wr0ng!Password"],
      [uniqueEmail("ghost"), STRONG_PASSWORD],
    ] as const) {
      const res = await loginAs(address, password);
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ msg: "Invalid email or password", code: "invalid_input" });
    }
  });

  it("GET /me accepts x-auth-token, Bearer and the session cookie", async () => {
    const login = await loginAs(email, STRONG_PASSWORD);
    const { token } = login.json;
    const variants: Record<string, string>[] = [
      { "x-auth-token": token },
      bearer(token),
      { cookie: cookieHeader(login.headers) },
    ];
    for (const headers of variants) {
      const res = await me(headers);
      expect(res.status, JSON.stringify(headers)).toBe(200);
      expect(res.json).toMatchObject({ email, _id: login.json.user._id, isAdmin: false });
      expect(allKeys(res.json).filter((k) => /password/i.test(k))).toEqual([]);
    }
  });

  it("GET /me without credentials (or with a bad token) is 401 {msg}", async () => {
    const variants: Record<string, string>[] = [
      {},
      bearer("nope"),
      { "x-auth-token": "nope" },
      { cookie: "better-auth.session_token=x.y" },
    ];
    for (const headers of variants) {
      const res = await me(headers);
      expect(res.status).toBe(401);
      expect(res.json).toEqual({
        msg: expect.any(String),
        code: Object.keys(headers).length ? "session_invalid" : "unauthenticated",
      });
    }
  });

  it("sign-out ends that session only", async () => {
    const a = (await loginAs(email, STRONG_PASSWORD)).json.token;
    const b = (await loginAs(email, STRONG_PASSWORD)).json.token;
    const res = await callRoute(signOutPOST, { method: "POST", url: "/api/auth/sign-out", headers: bearer(a) });
    expect(res.status).toBe(200);
    expect(res.json.msg).toEqual(expect.any(String));
    expect((await me(bearer(a))).status).toBe(401);
    expect((await me({ "x-auth-token": a })).status).toBe(401);
    expect((await me(bearer(b))).status).toBe(200);
  });

  it(`limits failed logins to ${LOGIN_LIMITS.perEmailAndIp.limit} per address and IP per 15 minutes`, async () => {
    const target = uniqueEmail("brute");
    await registerAndVerify(target, STRONG_PASSWORD);
    const headers = { "x-forwarded-for": randomIp() };
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < LOGIN_LIMITS.perEmailAndIp.limit + 1; i++) {
      last = await loginAs(target, "Wr0ng!Password", headers);
      statuses.push(last.status);
    }
    expect(statuses.slice(0, LOGIN_LIMITS.perEmailAndIp.limit)).toEqual(
      Array(LOGIN_LIMITS.perEmailAndIp.limit).fill(400),
    );
    expect(last!.status).toBe(429);
    expect(last!.json.msg).toMatch(/too many/i);
    // Even the right password is refused from that IP while the pair is limited.
    expect((await loginAs(target, STRONG_PASSWORD, headers)).status).toBe(429);
    // Other addresses are unaffected.
    expect((await loginAs(email, STRONG_PASSWORD, headers)).status).toBe(200);
  });
});

describe("ADMIN_EMAILS", () => {
  const original = process.env.ADMIN_EMAILS;
  afterAll(() => {
    process.env.ADMIN_EMAILS = original;
    resetEnvForTests();
  });

  it("makes a verified listed address an admin", async () => {
    const admin = uniqueEmail("admin");
    process.env.ADMIN_EMAILS = `someone@else.test, ${admin.toUpperCase()}`;
    resetEnvForTests();
    const { token, user } = await registerAndVerify(admin, STRONG_PASSWORD, "Root");
    expect(user.isAdmin).toBe(true);
    expect((await me(bearer(token))).json.isAdmin).toBe(true);

    const login = await loginAs(admin, STRONG_PASSWORD);
    expect(login.json.user.isAdmin).toBe(true);
  });

  it("only counts a listed address once it is verified", async () => {
    const pending = uniqueEmail("pending-admin");
    process.env.ADMIN_EMAILS = pending;
    resetEnvForTests();
    await register({ name: "P", email: pending, password: STRONG_PASSWORD });
    const [row] = await db.select().from(users).where(eq(users.email, pending));
    expect(row).toMatchObject({ isAdmin: false, emailVerified: false });
    expect(isAdminUser(row!)).toBe(false);
    expect(toUserJson(row!).isAdmin).toBe(false);
    const verified = await verify(await mailedToken(pending, "verify-email"));
    expect(verified.json.user.isAdmin).toBe(true);
  });
});
