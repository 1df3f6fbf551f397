import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as meGET } from "@/app/api/auth/me/route";
import { POST as registerPOST } from "@/app/api/auth/register/route";
import { lifetimePriceCents } from "@/lib/billing/pricing";
import { db } from "@/lib/db";
import { promoCodes, users } from "@/lib/db/schema";
import { resetEnvForTests } from "@/lib/env";
import { listOutbox } from "@/lib/mail/outbox-driver";
import { fulfilCheckout } from "@/lib/services/billing/fulfil";
import { newUser, type TestUser } from "../support/ai";
import {
  ACCESS_DENIED,
  adminApi,
  createTicket,
  expectDelta,
  insertUser,
  newAdmin,
  ok,
  uniqueTag,
} from "../support/admin";
import { closeDatabase, setupTestDatabase } from "../support/db";
import { STRONG_PASSWORD, uniqueEmail } from "../support/factories";
import { bearer, callRoute, cookieHeader, loginAs, registerAndVerify, type CallResult } from "../support/http";

type H = Record<string, string> | undefined;

let admin: Awaited<ReturnType<typeof newAdmin>>;
let plain: TestUser;
let ticketId: string;
let promoId: string;

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
const promoBody = () => ({
  code: uniqueTag("MX").toUpperCase(),
  discountPercentage: 10,
  maxUses: 100,
  expiresAt: inDays(30),
});

/** Every admin route, with what a successful admin call answers. */
const ROUTES: [string, (h: H) => Promise<CallResult>, number][] = [
  ["GET /api/admin/dashboard", (h) => adminApi.dashboard(h), 200],
  ["GET /api/admin/users", (h) => adminApi.users(h), 200],
  ["GET /api/admin/users/{id}", (h) => adminApi.user(h, plain.id), 200],
  [
    "POST /api/admin/users/bulk-email",
    (h) => adminApi.bulkEmail(h, { userIds: [plain.id], subject: "Matrix mail", message: "Hello" }),
    202,
  ],
  ["GET /api/admin/income", (h) => adminApi.income(h), 200],
  ["GET /api/admin/tickets", (h) => adminApi.tickets(h), 200],
  ["GET /api/admin/tickets/{id}", (h) => adminApi.ticket(h, ticketId), 200],
  ["PUT /api/admin/tickets/{id}", (h) => adminApi.updateTicket(h, ticketId, { status: "in-progress" }), 200],
  ["GET /api/admin/promo-codes", (h) => adminApi.promos(h), 200],
  ["GET /api/admin/promo-codes/{id}", (h) => adminApi.promo(h, promoId), 200],
  ["POST /api/admin/promo-codes", (h) => adminApi.createPromo(h, promoBody()), 201],
  ["PUT /api/admin/promo-codes/{id}", (h) => adminApi.updatePromo(h, promoId, { maxUses: 50 }), 200],
];

beforeAll(async () => {
  await setupTestDatabase();
  admin = await newAdmin("Matrix Admin");
  plain = await newUser("adm-plain");
  ticketId = (await createTicket(plain, { subject: "Matrix ticket", message: "Please help" }))._id;
  promoId = ok(await adminApi.createPromo(admin.headers, promoBody()), 201)._id;
});
afterAll(closeDatabase);

describe("who may call the admin API", () => {
  it.each(ROUTES)("%s: 401 anonymous, 401 with a bad token, 403 for a verified non-admin", async (_name, call) => {
    const anonymous = await call(undefined);
    expect(anonymous.status).toBe(401);
    expect(anonymous.json).toEqual({ msg: "Authentication required", code: "unauthenticated" });
    for (const bad of [{ "x-auth-token": "not-a-session" }, bearer("not-a-session")]) {
      const res = await call(bad);
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ msg: "Authentication failed", code: "session_invalid" });
    }
    const denied = await call(plain.headers);
    expect(denied.status).toBe(403);
    expect(denied.json).toEqual({ ...ACCESS_DENIED, code: "forbidden" });
  });

  it.each(ROUTES)(
    "%s: works for an admin with x-auth-token and with Authorization: Bearer",
    async (_name, call, status) => {
      expect((await call(admin.headers)).status).toBe(status);
      expect((await call(bearer(admin.token))).status).toBe(status);
    },
  );

  it("refused calls change nothing: no mail, no promo code, no ticket update", async () => {
    const code = uniqueTag("DENIED").toUpperCase();
    expect((await adminApi.createPromo(plain.headers, { ...promoBody(), code })).status).toBe(403);
    expect(ok(await adminApi.promos(admin.headers, { search: code })).pagination.total).toBe(0);
    const subject = `Denied ${uniqueTag()}`;
    expect((await adminApi.bulkEmail(plain.headers, { userIds: [plain.id], subject, message: "x" })).status).toBe(403);
    expect((await listOutbox(plain.email)).filter((m) => m.subject === subject)).toEqual([]);
    const before = ok(await adminApi.ticket(admin.headers, ticketId));
    expect(
      (await adminApi.updateTicket(plain.headers, ticketId, { status: "closed", response: "sneaky" })).status,
    ).toBe(403);
    const after = ok(await adminApi.ticket(admin.headers, ticketId));
    expect(after.status).toBe(before.status);
    expect(after.responses).toEqual(before.responses);
  });

  it("the admin's browser session cookie works too", async () => {
    const login = await loginAs(admin.email, STRONG_PASSWORD);
    expect(login.status, login.text).toBe(200);
    expect(login.json.user.isAdmin).toBe(true);
    expect((await adminApi.dashboard({ cookie: cookieHeader(login.headers) })).status).toBe(200);
  });

  it("the isAdmin flag makes an admin without ADMIN_EMAILS", async () => {
    const flagged = await newUser("adm-flag");
    expect((await adminApi.dashboard(flagged.headers)).status).toBe(403);
    await db.update(users).set({ isAdmin: true }).where(eq(users.id, flagged.id));
    expect((await adminApi.dashboard(flagged.headers)).status).toBe(200);
  });

  it("an ADMIN_EMAILS address is an admin only once verified", async () => {
    const email = uniqueEmail("adm-listed");
    process.env.ADMIN_EMAILS = `${admin.email}, ${email.toUpperCase()}`;
    resetEnvForTests();
    // Unverified: it cannot even sign in.
    const reg = await callRoute(registerPOST, {
      method: "POST",
      url: "/api/auth/register",
      body: { name: "Listed", email, password: STRONG_PASSWORD },
    });
    expect(reg.status, reg.text).toBe(201);
    const [row] = await db.select().from(users).where(eq(users.email, email));
    expect(row!.emailVerified).toBe(false);
    const login = await loginAs(email, STRONG_PASSWORD);
    expect(login.status).toBe(403);
    expect((login.json as { requiresVerification?: boolean }).requiresVerification).toBe(true);

    // Verified: an admin (listed case-insensitively).
    const session = await registerAndVerify(email, STRONG_PASSWORD, "Listed");
    const headers = { "x-auth-token": session.token };
    expect(session.user.isAdmin).toBe(true);
    expect((await adminApi.users(headers)).status).toBe(200);

    // A session that outlives the verification (e.g. the flag is reset) loses the rights.
    await db.update(users).set({ emailVerified: false }).where(eq(users.email, email));
    const denied = await adminApi.users(headers);
    expect(denied.status).toBe(403);
    expect(denied.json).toEqual({ ...ACCESS_DENIED, code: "forbidden" });
    expect(ok(await callRoute(meGET, { url: "/api/auth/me", headers })).isAdmin).toBe(false);
  });
});

describe("GET /api/admin/dashboard", () => {
  const measure = async () => {
    const d = ok(await adminApi.dashboard(admin.headers));
    return {
      total: d.userStats.total,
      trial: d.userStats.trial,
      lifetime: d.userStats.lifetime,
      revenue: d.revenue,
      openTickets: d.openTickets,
      activePromoCodes: d.activePromoCodes,
    };
  };
  const none = { total: 0, trial: 0, lifetime: 0, revenue: 0, openTickets: 0, activePromoCodes: 0 };
  const pay = (userId: string | null, amountCents: number, promoCode: string | null = null) =>
    fulfilCheckout({
      sessionId: `cs_test_adm_${randomBytes(8).toString("hex")}`,
      amountCents,
      promoCode,
      userId,
      customerEmail: null,
    });

  it("answers {userStats:{total, trial, lifetime}, revenue, openTickets, activePromoCodes} as numbers", async () => {
    const d = ok(await adminApi.dashboard(admin.headers));
    expect(Object.keys(d).sort()).toEqual(["activePromoCodes", "openTickets", "revenue", "userStats"]);
    expect(Object.keys(d.userStats).sort()).toEqual(["lifetime", "total", "trial"]);
    for (const n of [d.userStats.total, d.userStats.trial, d.userStats.lifetime, d.openTickets, d.activePromoCodes])
      expect(Number.isInteger(n)).toBe(true);
    expect(typeof d.revenue).toBe("number");
    // This file registered at least the admin and two users; all of them are on the trial.
    expect(d.userStats.total).toBeGreaterThanOrEqual(3);
    expect(d.userStats.total).toBeGreaterThanOrEqual(d.userStats.trial + d.userStats.lifetime);
  });

  it("a new trial user counts in total and trial", async () => {
    await expectDelta(
      measure,
      () => insertUser({ name: "Counted", subscription: "trial", trialEnds: new Date(Date.now() + 86_400_000) }),
      { ...none, total: 1, trial: 1 },
    );
    await expectDelta(measure, () => insertUser({ name: "Free one", subscription: "free" }), { ...none, total: 1 });
  });

  it("a payment adds its amount in USD (149, not 14900) and makes the buyer lifetime", async () => {
    const buyer = await insertUser({ name: "Buyer", subscription: "trial" });
    await expectDelta(measure, () => pay(buyer.id, lifetimePriceCents(0)), {
      ...none,
      trial: -1,
      lifetime: 1,
      revenue: 149,
    });
    // SHARED_DB retries repeat the purchase with a fresh buyer.
    await expectDelta(
      measure,
      async () =>
        pay((await insertUser({ name: "Promo buyer", subscription: "trial" })).id, lifetimePriceCents(20), "SOMECODE"),
      { ...none, total: 1, lifetime: 1, revenue: 119.2 },
    );
    expect(lifetimePriceCents(20)).toBe(11920);
  });

  it("an open ticket counts; an answered (in-progress) one no longer does", async () => {
    let id = "";
    await expectDelta(
      measure,
      async () => (id = (await createTicket(plain, { subject: "Counted ticket", message: "m" }))._id),
      { ...none, openTickets: 1 },
    );
    await expectDelta(measure, () => adminApi.updateTicket(admin.headers, id, { status: "in-progress" }), {
      ...none,
      openTickets: -1,
    });
  });

  it("an active promo code counts; an inactive or expired one does not", async () => {
    let id = "";
    await expectDelta(measure, async () => (id = ok(await adminApi.createPromo(admin.headers, promoBody()), 201)._id), {
      ...none,
      activePromoCodes: 1,
    });
    await expectDelta(measure, () => adminApi.updatePromo(admin.headers, id, { isActive: false }), {
      ...none,
      activePromoCodes: -1,
    });
    const expired = { ...promoBody(), expiresAt: new Date(Date.now() - 60_000), isActive: true };
    await expectDelta(measure, () => db.insert(promoCodes).values(expired), none);
  });
});
