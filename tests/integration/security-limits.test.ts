import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as forgotPOST } from "@/app/api/auth/forgot-password/route";
import { POST as registerPOST } from "@/app/api/auth/register/route";
import { POST as resendPOST } from "@/app/api/auth/resend-verification/route";
import { POST as validatePromoPOST } from "@/app/api/pricing/validate-promo/route";
import { POST as verifyLicensePOST } from "@/app/api/pricing/verify-license/route";
import { settleBackgroundTasks } from "@/lib/http/after-response";
import { outboxDriver, listOutbox } from "@/lib/mail/outbox-driver";
import { REGISTER_LIMITS } from "@/lib/services/auth/account";
import { LOGIN_LIMITS } from "@/lib/services/auth/login";
import { PRICING_LIMITS } from "@/lib/services/billing/limits";
import { checkout, insertPromo } from "../support/billing";
import { closeDatabase, setupTestDatabase } from "../support/db";
import { STRONG_PASSWORD, uniqueEmail } from "../support/factories";
import { callRoute, loginAs, randomIp, registerAndVerify } from "../support/http";

beforeAll(setupTestDatabase);
afterAll(closeDatabase);

const WRONG = "Wr0ng!Password";
/** What the app's server makes of a request: whatever the client sent, then the connection's address. */
const from = (ip: string, spoofed?: string) => ({ "x-forwarded-for": spoofed ? `${spoofed}, ${ip}` : ip });

const register = (body: unknown, headers?: Record<string, string>) =>
  callRoute(registerPOST, { method: "POST", url: "/api/auth/register", body, headers });

// Each sign-in hashes a password (scrypt): dozens of them take well over the default 30 s when the
// suite's other files load both cores, so this block has a longer time limit (no assertion depends on it).
describe("login limits", { timeout: 120_000 }, () => {
  it("lets the owner in while a stranger fails from other IPs, up to the loose per-address bound", async () => {
    const owner = uniqueEmail("victim");
    await registerAndVerify(owner, STRONG_PASSWORD);
    const pairLimit = LOGIN_LIMITS.perEmailAndIp.limit;
    const strangerIps = Array.from({ length: LOGIN_LIMITS.perEmail.limit / pairLimit }, randomIp);
    const ownerIp = randomIp();

    // The stranger uses up every IP's pair budget, one IP after another, except the last one's final attempt.
    for (const [n, ip] of strangerIps.entries()) {
      const attempts = n === strangerIps.length - 1 ? pairLimit - 1 : pairLimit;
      for (let i = 0; i < attempts; i++) expect((await loginAs(owner, WRONG, from(ip))).status).toBe(400);
      if (n === 0) {
        // The pair is locked; attempts refused there do not count towards the per-address bound.
        for (let i = 0; i < 20; i++)
          expect((await loginAs(owner, WRONG, from(ip))).status, "the pair is locked").toBe(429);
      }
    }
    // Below the per-address bound the owner still signs in from their own IP.
    const mine = await loginAs(owner, STRONG_PASSWORD, from(ownerIp));
    expect(mine.status, mine.text).toBe(200);

    // One more failure reaches the per-address bound: now every IP is refused for this address.
    expect((await loginAs(owner, WRONG, from(strangerIps.at(-1)!))).status).toBe(400);
    const locked = await loginAs(owner, STRONG_PASSWORD, from(randomIp()));
    expect(locked.status).toBe(429);
    expect(locked.json).toMatchObject({
      code: "rate_limited",
      msg: expect.stringMatching(/too many login attempts/i),
      retryAfter: expect.any(Number),
    });
  });

  it("never counts successful sign-ins", async () => {
    const email = uniqueEmail("regular");
    await registerAndVerify(email, STRONG_PASSWORD);
    const ip = randomIp();
    for (let i = 0; i < LOGIN_LIMITS.perEmailAndIp.limit + 2; i++)
      expect((await loginAs(email, STRONG_PASSWORD, from(ip))).status).toBe(200);
    // The whole failure budget of the pair is still there.
    for (let i = 0; i < LOGIN_LIMITS.perEmailAndIp.limit; i++)
      expect((await loginAs(email, WRONG, from(ip))).status).toBe(400);
    expect((await loginAs(email, WRONG, from(ip))).status).toBe(429);
  });

  it("keeps the per-IP bound whatever X-Forwarded-For the client sends", async () => {
    const attacker = randomIp();
    for (let i = 0; i < LOGIN_LIMITS.perIp.limit; i++) {
      expect((await loginAs(uniqueEmail("spray"), WRONG, from(attacker, randomIp()))).status).toBe(400);
    }
    const refused = await loginAs(uniqueEmail("spray"), WRONG, from(attacker, randomIp()));
    expect(refused.status).toBe(429);
    expect((refused.json as { code?: string }).code).toBe("rate_limited");
    // Another client is not affected.
    expect((await loginAs(uniqueEmail("spray"), WRONG, from(randomIp(), attacker))).status).toBe(400);
  });
});

describe("registration limits", () => {
  it(`allows ${REGISTER_LIMITS.perIp.limit} registrations per IP per minute, then 429`, async () => {
    const ip = randomIp();
    for (let i = 0; i < REGISTER_LIMITS.perIp.limit; i++) {
      expect(
        (
          await register(
            { name: "Flood", email: uniqueEmail("flood-ip"), password: STRONG_PASSWORD },
            from(ip, randomIp()),
          )
        ).status,
      ).toBe(201);
    }
    const refused = await register(
      { name: "Flood", email: uniqueEmail("flood-ip"), password: STRONG_PASSWORD },
      from(ip, randomIp()),
    );
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({
      code: "rate_limited",
      msg: expect.any(String),
      retryAfter: expect.any(Number),
    });
    expect(
      (await register({ name: "Other", email: uniqueEmail("other-ip"), password: STRONG_PASSWORD }, from(randomIp())))
        .status,
    ).toBe(201);
  });

  it(`allows ${REGISTER_LIMITS.perEmail.limit} registrations per address per hour (e-mail flooding), from any IP`, async () => {
    const email = uniqueEmail("flood-mail");
    const statuses: number[] = [];
    for (let i = 0; i < REGISTER_LIMITS.perEmail.limit + 1; i++) {
      statuses.push((await register({ name: "Flood", email, password: STRONG_PASSWORD }, from(randomIp()))).status);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
    expect(await listOutbox(email)).toHaveLength(REGISTER_LIMITS.perEmail.limit);
  });

  it("does not count malformed requests", async () => {
    const ip = randomIp();
    for (let i = 0; i < REGISTER_LIMITS.perIp.limit + 5; i++)
      expect((await register({ email: "nope" }, from(ip))).status).toBe(400);
    expect((await register({ name: "Ok", email: uniqueEmail("ok"), password: STRONG_PASSWORD }, from(ip))).status).toBe(
      201,
    );
  });
});

describe("pricing limits", () => {
  it(`validate-promo: ${PRICING_LIMITS.validatePromo.limit} per IP per minute`, async () => {
    const { code } = await insertPromo();
    const ip = randomIp();
    const call = () =>
      callRoute(validatePromoPOST, {
        method: "POST",
        url: "/api/pricing/validate-promo",
        body: { code },
        headers: from(ip, randomIp()),
      });
    for (let i = 0; i < PRICING_LIMITS.validatePromo.limit; i++) expect((await call()).status).toBe(200);
    const refused = await call();
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ code: "rate_limited", msg: expect.any(String) });
  });

  it(`verify-license: ${PRICING_LIMITS.verifyLicense.limit} per IP per minute`, async () => {
    const ip = randomIp();
    const call = () =>
      callRoute(verifyLicensePOST, {
        method: "POST",
        url: "/api/pricing/verify-license",
        body: { licenseKey: "AAAAA-BBBBB-CCCCC-DDDDD-EEEEE" },
        headers: from(ip),
      });
    for (let i = 0; i < PRICING_LIMITS.verifyLicense.limit; i++) expect((await call()).status).not.toBe(429);
    const refused = await call();
    expect(refused.status).toBe(429);
    expect(refused.json.code).toBe("rate_limited");
  });
});

describe("discounted checkouts", () => {
  it(`are limited to ${PRICING_LIMITS.discountedCheckout.limit} per IP per 10 minutes (holding a code's uses costs something)`, async () => {
    const promo = await insertPromo({ maxUses: 100 });
    const ip = randomIp();
    for (let i = 0; i < PRICING_LIMITS.discountedCheckout.limit; i++) {
      expect((await checkout({ planId: "lifetime", promoCode: promo.code }, from(ip, randomIp()))).status).toBe(200);
    }
    const refused = await checkout({ planId: "lifetime", promoCode: promo.code }, from(ip));
    expect(refused.status).toBe(429);
    expect((refused.json as { code?: string }).code).toBe("rate_limited");
    // A checkout at the full price is not limited.
    expect((await checkout({ planId: "lifetime" }, from(ip))).status).toBe(200);
  });
});

describe("the answer does not wait for the e-mail (same timing for existing and unknown addresses)", () => {
  let release: () => void = () => {};
  afterEach(async () => {
    release();
    vi.restoreAllMocks();
    await settleBackgroundTasks();
  });

  /** Holds every outbox e-mail until released: an answer that waits for its e-mail cannot arrive. */
  function holdMail() {
    const gate = new Promise<void>((resolve) => (release = resolve));
    const send = outboxDriver.send.bind(outboxDriver);
    vi.spyOn(outboxDriver, "send").mockImplementation(async (message) => {
      await gate;
      await send(message);
    });
  }

  /**
   * The answer arrives although its e-mail is held (an answer that waited for it would never come: the test
   * times out).
   */
  async function answersWhileMailIsHeld(call: Promise<{ status: number }>): Promise<number> {
    return (await call).status;
  }

  it("register: a new and an already registered address", async () => {
    const existing = uniqueEmail("known");
    await registerAndVerify(existing, STRONG_PASSWORD);
    holdMail();
    const fresh = uniqueEmail("fresh");
    expect(await answersWhileMailIsHeld(register({ name: "New", email: fresh, password: STRONG_PASSWORD }))).toBe(201);
    expect(await answersWhileMailIsHeld(register({ name: "Again", email: existing, password: STRONG_PASSWORD }))).toBe(
      201,
    );
    release();
    expect(await listOutbox(fresh)).toHaveLength(1);
    expect((await listOutbox(existing)).length).toBeGreaterThanOrEqual(2);
  });

  it("resend-verification and forgot-password", async () => {
    const unverified = uniqueEmail("unverified");
    await register({ name: "U", email: unverified, password: STRONG_PASSWORD });
    const verified = uniqueEmail("verified");
    await registerAndVerify(verified, STRONG_PASSWORD);
    await settleBackgroundTasks();
    const before = { unverified: (await listOutbox(unverified)).length, verified: (await listOutbox(verified)).length };
    holdMail();
    const resend = (email: string) =>
      callRoute(resendPOST, { method: "POST", url: "/api/auth/resend-verification", body: { email } });
    const forgot = (email: string) =>
      callRoute(forgotPOST, { method: "POST", url: "/api/auth/forgot-password", body: { email } });
    expect(await answersWhileMailIsHeld(resend(unverified))).toBe(200);
    expect(await answersWhileMailIsHeld(resend(uniqueEmail("nobody")))).toBe(200);
    expect(await answersWhileMailIsHeld(forgot(verified))).toBe(200);
    expect(await answersWhileMailIsHeld(forgot(uniqueEmail("nobody")))).toBe(200);
    release();
    expect(await listOutbox(unverified)).toHaveLength(before.unverified + 1);
    const reset = (await listOutbox(verified)).filter((m) => m.text.includes("/reset-password/"));
    expect(reset).toHaveLength(1);
    expect(await listOutbox(verified)).toHaveLength(before.verified + 1);
  });
});
