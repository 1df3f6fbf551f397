import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as forgotPOST } from "@/app/api/auth/forgot-password/route";
import { GET as meGET } from "@/app/api/auth/me/route";
import { POST as registerPOST } from "@/app/api/auth/register/route";
import { POST as resetPOST } from "@/app/api/auth/reset-password/[token]/route";
import { GET as validateGET } from "@/app/api/auth/validate-reset-token/[token]/route";
import { listOutbox } from "@/lib/mail/outbox-driver";
import { FORGOT_NEUTRAL_MESSAGE } from "@/lib/services/auth/account";
import { closeDatabase, setupTestDatabase } from "../support/db";
import { STRONG_PASSWORD, uniqueEmail } from "../support/factories";
import { bearer, callRoute, loginAs, mailedToken, registerAndVerify } from "../support/http";

beforeAll(setupTestDatabase);
afterAll(closeDatabase);

const NEW_PASSWORD = "N3w!Passw0rd";
const forgot = (email: unknown) =>
  callRoute(forgotPOST, { method: "POST", url: "/api/auth/forgot-password", body: { email } });
const validate = (token: string) =>
  callRoute(validateGET, { url: `/api/auth/validate-reset-token/${encodeURIComponent(token)}`, params: { token } });
const reset = (token: string, body: unknown) =>
  callRoute(resetPOST, {
    method: "POST",
    url: `/api/auth/reset-password/${encodeURIComponent(token)}`,
    params: { token },
    body,
  });

describe("forgot-password", () => {
  it("answers the neutral message for an unknown address and sends nothing", async () => {
    const email = uniqueEmail("unknown");
    const res = await forgot(email);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ msg: FORGOT_NEUTRAL_MESSAGE });
    expect(res.json.msg).toBe("If your email is in our system, you will receive a password reset link shortly.");
    expect(await listOutbox(email)).toHaveLength(0);
  });

  it("tells an unverified account to verify first", async () => {
    const email = uniqueEmail("unverified");
    await callRoute(registerPOST, {
      method: "POST",
      url: "/api/auth/register",
      body: { name: "U", email, password: STRONG_PASSWORD },
    });
    const res = await forgot(email);
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ msg: expect.any(String), requiresVerification: true });
    expect((await listOutbox(email)).filter((m) => m.text.includes("/reset-password/"))).toHaveLength(0);
  });

  it("allows 5 requests per address per hour, then 429", async () => {
    const email = uniqueEmail("flood");
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await forgot(email)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await forgot(email)).json).toMatchObject({
      msg: expect.stringMatching(/too many/i),
      retryAfter: expect.any(Number),
    });
  });

  it("validates the address", async () => {
    for (const email of [undefined, "", "nope", 42]) {
      const res = await forgot(email);
      expect(res.status, String(email)).toBe(400);
      expect(res.json.msg).toEqual(expect.any(String));
    }
  });
});

describe("password reset", () => {
  const email = uniqueEmail("reset");
  let oldSession: string;
  let resetToken: string;

  beforeAll(async () => {
    oldSession = (await registerAndVerify(email, STRONG_PASSWORD, "Rhea")).token;
  });

  it("mails a reset link for a verified account", async () => {
    const res = await forgot(email.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ msg: FORGOT_NEUTRAL_MESSAGE });
    const [mail] = await listOutbox(email);
    expect(mail!.text).toMatch(/http:\/\/localhost:3000\/reset-password\/[A-Za-z0-9_-]+/);
    expect(mail!.html).toContain("http://localhost:3000/reset-password/");
    resetToken = await mailedToken(email, "reset-password");
  });

  it("validate-reset-token says valid for the mailed token and invalid for garbage", async () => {
    expect((await validate(resetToken)).json).toEqual({ valid: true });
    for (const token of ["garbage-token-that-does-not-exist", "x", "../../etc/passwd", "a".repeat(300)]) {
      const res = await validate(token);
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ valid: false });
    }
  });

  it("rejects a weak new password and keeps the token usable", async () => {
    const res = await reset(resetToken, { password: "weakpass" });
    expect(res.status).toBe(400);
    expect(res.json.msg).toBe("Password must contain at least one uppercase letter");
    expect((await reset(resetToken, {})).status).toBe(400);
    expect((await reset(resetToken, "{oops")).status).toBe(400);
    expect((await validate(resetToken)).json).toEqual({ valid: true });
  });

  it("rejects an unknown token", async () => {
    const res = await reset("garbage-token-that-does-not-exist", { password: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.json.msg).toEqual(expect.any(String));
  });

  it("sets the new password once, signs out every session, and login uses the new password", async () => {
    expect((await callRoute(meGET, { url: "/api/auth/me", headers: bearer(oldSession) })).status).toBe(200);

    const res = await reset(resetToken, { password: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ msg: expect.any(String) });

    // Single use.
    expect((await validate(resetToken)).json).toEqual({ valid: false });
    const second = await reset(resetToken, { password: "An0ther!Passw0rd" });
    expect(second.status).toBe(400);
    expect(second.json.msg).toEqual(expect.any(String));

    // Every session from before the reset is gone.
    const meRes = await callRoute(meGET, { url: "/api/auth/me", headers: bearer(oldSession) });
    expect(meRes.status).toBe(401);

    expect((await loginAs(email, STRONG_PASSWORD)).status).toBe(400);
    const login = await loginAs(email, NEW_PASSWORD);
    expect(login.status).toBe(200);
    expect(login.json.user.email).toBe(email);
  });

  it("a newer reset request works too (tokens are per request)", async () => {
    expect((await forgot(email)).status).toBe(200);
    const token = await mailedToken(email, "reset-password");
    expect(token).not.toBe(resetToken);
    expect((await validate(token)).json).toEqual({ valid: true });
  });
});
