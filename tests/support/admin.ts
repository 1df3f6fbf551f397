import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { GET as dashboardGET } from "@/app/api/admin/dashboard/route";
import { GET as incomeGET } from "@/app/api/admin/income/route";
import { GET as promoGET, PUT as promoPUT } from "@/app/api/admin/promo-codes/[id]/route";
import { GET as promosGET, POST as promosPOST } from "@/app/api/admin/promo-codes/route";
import { GET as ticketGET, PUT as ticketPUT } from "@/app/api/admin/tickets/[id]/route";
import { GET as ticketsGET } from "@/app/api/admin/tickets/route";
import { GET as userGET } from "@/app/api/admin/users/[id]/route";
import { POST as bulkEmailPOST } from "@/app/api/admin/users/bulk-email/route";
import { GET as usersGET } from "@/app/api/admin/users/route";
import { GET as myTicketGET } from "@/app/api/tickets/[id]/route";
import { POST as ticketsPOST } from "@/app/api/tickets/route";
import { db } from "@/lib/db";
import { users, type UserRow } from "@/lib/db/schema";
import { resetEnvForTests } from "@/lib/env";
import type { TestUser } from "./ai";
import { insertVerifiedUser, uniqueEmail } from "./factories";
import { callRoute, type AnyJson, type CallResult } from "./http";

type H = Record<string, string> | undefined;
const q = (query: Record<string, string | number> = {}) => {
  const s = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return s ? `?${s}` : "";
};

/** Every admin route of spec section 7, called the way Next would. */
export const adminApi = {
  dashboard: (h: H) => callRoute(dashboardGET, { url: "/api/admin/dashboard", headers: h }),
  users: (h: H, query?: Record<string, string | number>) =>
    callRoute(usersGET, { url: `/api/admin/users${q(query)}`, headers: h }),
  user: (h: H, id: string) =>
    callRoute(userGET, { url: `/api/admin/users/${encodeURIComponent(id)}`, headers: h, params: { id } }),
  bulkEmail: (h: H, body: unknown) =>
    callRoute(bulkEmailPOST, { method: "POST", url: "/api/admin/users/bulk-email", headers: h, body }),
  income: (h: H, query?: Record<string, string | number>) =>
    callRoute(incomeGET, { url: `/api/admin/income${q(query)}`, headers: h }),
  tickets: (h: H, query?: Record<string, string | number>) =>
    callRoute(ticketsGET, { url: `/api/admin/tickets${q(query)}`, headers: h }),
  ticket: (h: H, id: string) => callRoute(ticketGET, { url: `/api/admin/tickets/${id}`, headers: h, params: { id } }),
  updateTicket: (h: H, id: string, body: unknown) =>
    callRoute(ticketPUT, { method: "PUT", url: `/api/admin/tickets/${id}`, headers: h, params: { id }, body }),
  promos: (h: H, query?: Record<string, string | number>) =>
    callRoute(promosGET, { url: `/api/admin/promo-codes${q(query)}`, headers: h }),
  promo: (h: H, id: string) => callRoute(promoGET, { url: `/api/admin/promo-codes/${id}`, headers: h, params: { id } }),
  createPromo: (h: H, body: unknown) =>
    callRoute(promosPOST, { method: "POST", url: "/api/admin/promo-codes", headers: h, body }),
  updatePromo: (h: H, id: string, body: unknown) =>
    callRoute(promoPUT, { method: "PUT", url: `/api/admin/promo-codes/${id}`, headers: h, params: { id }, body }),
};

export const ACCESS_DENIED = { msg: "Access denied. Admin privileges required.", code: "forbidden" };

/** Expects a 200 (or `status`) and returns the JSON. */
export function ok<T = AnyJson>(res: CallResult, status = 200): T {
  expect(res.status, res.text).toBe(status);
  return res.json as T;
}

/**
 * A verified admin through ADMIN_EMAILS: the file's process gets its own unique admin address
 * (each test file runs in its own process, so this never leaks into other files).
 */
export async function newAdmin(name = "Admin Tester"): Promise<TestUser & { token: string; name: string }> {
  const email = uniqueEmail("admin");
  process.env.ADMIN_EMAILS = email;
  resetEnvForTests();
  const session = await insertVerifiedUser(email, name);
  expect(session.user.isAdmin).toBe(true);
  return {
    id: String(session.user._id),
    email,
    name,
    token: session.token,
    headers: { "x-auth-token": session.token },
  };
}

/**
 * Letters only (no digits, `%` or `_`), so a search for it matches only this test's rows, even in a shared database.
 */
export function uniqueTag(prefix = "Tag"): string {
  const letters = randomBytes(6)
    .toString("hex")
    .replace(/\d/g, (d) => "ghijklmnop"[Number(d)]!);
  return `${prefix}${letters}`;
}

/** Inserts an account directly (no password, no session): cheap rows for list and filter tests. */
export async function insertUser(values: Partial<UserRow> & { name: string }): Promise<UserRow> {
  const id = `u_${randomBytes(10).toString("hex")}`;
  const [row] = await db
    .insert(users)
    .values({ id, email: uniqueEmail("listed"), emailVerified: true, ...values })
    .returning();
  return row!;
}

/** `POST /api/tickets` as the user. */
export async function createTicket(user: TestUser, body: { subject: string; message: string; priority?: string }) {
  return ok(await callRoute(ticketsPOST, { method: "POST", url: "/api/tickets", headers: user.headers, body }), 201);
}

/** `GET /api/tickets/{id}` as the ticket's owner. */
export function myTicket(user: TestUser, id: string) {
  return callRoute(myTicketGET, { url: `/api/tickets/${id}`, headers: user.headers, params: { id } });
}

/** Vitest with DATABASE_URL runs every file against one shared database, possibly in parallel. */
export const SHARED_DB = Boolean(process.env.DATABASE_URL?.trim());

type Counters = Record<string, number>;

/**
 * Measures `measure()` around `act()` and expects the differences to be exactly `expected`
 * (rounded to cents). On a shared database another file may move a counter at the same
 * moment, so there the whole measurement is retried a few times before failing.
 */
export async function expectDelta<T extends Counters>(
  measure: () => Promise<T>,
  act: () => Promise<unknown>,
  expected: { [K in keyof T]: number },
): Promise<void> {
  let delta: Counters = {};
  for (let attempt = 0; attempt < (SHARED_DB ? 4 : 1); attempt++) {
    const before = await measure();
    await act();
    const after = await measure();
    delta = Object.fromEntries(Object.keys(after).map((k) => [k, Math.round((after[k]! - before[k]!) * 100) / 100]));
    if (Object.keys(expected).every((k) => delta[k] === expected[k])) return;
  }
  expect(delta).toEqual(expected);
}
