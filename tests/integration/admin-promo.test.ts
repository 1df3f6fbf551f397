import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as detailGET, PUT as detailPUT } from "@/app/api/admin/promo-codes/[id]/route";
import { GET as listGET, POST as createPOST } from "@/app/api/admin/promo-codes/route";
import { resetEnvForTests } from "@/lib/env";
import { newUser, type TestUser } from "../support/ai";
import { DAY, insertPromo, validatePromo } from "../support/billing";
import { closeDatabase, setupTestDatabase } from "../support/db";
import { STRONG_PASSWORD, uniqueEmail } from "../support/factories";
import { callRoute, registerAndVerify } from "../support/http";

type Headers = Record<string, string> | undefined;
const list = (query: string, headers: Headers) =>
  callRoute(listGET, { url: `/api/admin/promo-codes${query}`, headers });
const create = (body: unknown, headers: Headers) =>
  callRoute(createPOST, { method: "POST", url: "/api/admin/promo-codes", body, headers });
const detail = (id: string, headers: Headers) =>
  callRoute(detailGET, { url: `/api/admin/promo-codes/${id}`, params: { id }, headers });
const update = (id: string, body: unknown, headers: Headers) =>
  callRoute(detailPUT, { method: "PUT", url: `/api/admin/promo-codes/${id}`, body, params: { id }, headers });

const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString();
/** A prefix of letters only, so a search for it matches nothing else in a shared database. */
const prefix = () =>
  `T${randomBytes(5)
    .toString("hex")
    .replace(/\d/g, (d) => "GHIJKLMNOP"[Number(d)]!)
    .toUpperCase()}`;

let admin: Headers;
let plain: TestUser;

beforeAll(async () => {
  await setupTestDatabase();
  const adminEmail = uniqueEmail("promo-admin");
  process.env.ADMIN_EMAILS = adminEmail;
  resetEnvForTests();
  const session = await registerAndVerify(adminEmail, STRONG_PASSWORD, "Promo Admin");
  expect(session.user.isAdmin).toBe(true);
  admin = { "x-auth-token": session.token };
  plain = await newUser("promo-plain");
});
afterAll(closeDatabase);

describe("access", () => {
  it("answers 401 without a session and 403 for a non-admin on every promo call", async () => {
    const id = (await insertPromo()).id;
    const body = { code: prefix(), discountPercentage: 10, maxUses: 5, expiresAt: inDays(3) };
    for (const [headers, status] of [
      [undefined, 401],
      [plain.headers, 403],
    ] as const) {
      expect((await list("", headers)).status).toBe(status);
      expect((await create(body, headers)).status).toBe(status);
      expect((await detail(id, headers)).status).toBe(status);
      expect((await update(id, { isActive: false }, headers)).status).toBe(status);
    }
    expect((await list("", plain.headers)).json).toEqual({
      msg: "Access denied. Admin privileges required.",
      code: "forbidden",
    });
    expect((await detail(id, admin)).json.isActive).toBe(true);
  });
});

describe("POST /api/admin/promo-codes", () => {
  it("creates an upper-cased code with the given rules", async () => {
    const code = prefix();
    const expiresAt = inDays(10);
    const res = await create(
      { code: code.toLowerCase(), discountPercentage: 25, maxUses: 3, expiresAt, isInfluencerCode: true },
      admin,
    );
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({
      code,
      discountPercentage: 25,
      maxUses: 3,
      currentUses: 0,
      expiresAt,
      isActive: true,
      isInfluencerCode: true,
    });
    expect(res.json._id).toEqual(expect.any(String));
    // Standard unless said otherwise; usable at once.
    const standard = await create({ code: prefix(), discountPercentage: 10, maxUses: 100, expiresAt }, admin);
    expect(standard.json.isInfluencerCode).toBe(false);
    expect((await validatePromo(code.toLowerCase())).json).toMatchObject({ discountPercentage: 25 });
  });

  it("refuses duplicates (in any case) with 409", async () => {
    const code = prefix();
    expect((await create({ code, discountPercentage: 10, maxUses: 1, expiresAt: inDays(1) }, admin)).status).toBe(201);
    const again = await create(
      { code: code.toLowerCase(), discountPercentage: 50, maxUses: 1, expiresAt: inDays(1) },
      admin,
    );
    expect(again.status).toBe(409);
    expect(again.json.msg).toContain(code);
  });

  it("validates code, discount, maxUses and expiry", async () => {
    const ok = { code: prefix(), discountPercentage: 10, maxUses: 100, expiresAt: inDays(5) };
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ code: "TWO WORDS" }, "Promo code cannot contain spaces"],
      [{ code: "" }, "Promo code is required"],
      [{ code: undefined }, "Promo code is required"],
      [{ discountPercentage: 0 }, "Discount must be between 1 and 100"],
      [{ discountPercentage: 101 }, "Discount must be between 1 and 100"],
      [{ discountPercentage: 12.5 }, "Discount must be a whole number"],
      [{ maxUses: 0 }, "Max uses must be at least 1"],
      [{ expiresAt: undefined }, "Expiry date is required"],
      [{ expiresAt: "" }, "Expiry date is required"],
      [{ expiresAt: "not a date" }, /valid date/],
    ];
    for (const [change, msg] of cases) {
      const res = await create({ ...ok, ...change }, admin);
      expect(res.status, JSON.stringify(change)).toBe(400);
      if (typeof msg === "string") expect(res.json.msg, JSON.stringify(change)).toBe(msg);
      else expect(res.json.msg).toMatch(msg);
    }
    expect((await create("{bad json", admin)).status).toBe(400);
    // Bounds are inclusive.
    expect((await create({ ...ok, discountPercentage: 100, maxUses: 1 }, admin)).status).toBe(201);
    expect((await create({ ...ok, code: prefix(), discountPercentage: 1 }, admin)).status).toBe(201);
  });
});

describe("GET /api/admin/promo-codes", () => {
  it("pages by 10 by default, newest first, and filters by search and status", async () => {
    const p = prefix();
    // Distinct creation times: PGlite's clock has millisecond resolution, and rows created in the
    // same millisecond have no defined order (see the report: the list needs a tie-breaker).
    const at = (i: number) => new Date(Date.now() - 60_000 + i * 1000);
    for (let i = 0; i < 12; i++) await insertPromo({ code: `${p}${String(i).padStart(2, "0")}`, createdAt: at(i) });
    await insertPromo({ code: `${p}OFF`, isActive: false, createdAt: at(12) });
    await insertPromo({ code: `${p}OLD`, expiresAt: new Date(Date.now() - DAY), createdAt: at(13) });

    const first = await list(`?search=${p.toLowerCase()}`, admin);
    expect(first.status, first.text).toBe(200);
    expect(first.json.pagination).toEqual({ page: 1, limit: 10, total: 14, pages: 2 });
    expect(first.json.promoCodes).toHaveLength(10);
    expect(first.json.promoCodes[0]).toMatchObject({
      code: `${p}OLD`,
      _id: expect.any(String),
      currentUses: 0,
      maxUses: 100,
    });
    const second = await list(`?search=${p}&page=2`, admin);
    expect(second.json.pagination).toEqual({ page: 2, limit: 10, total: 14, pages: 2 });
    expect(second.json.promoCodes.map((c: { code: string }) => c.code)).toEqual([
      `${p}03`,
      `${p}02`,
      `${p}01`,
      `${p}00`,
    ]);
    expect((await list(`?search=${p}&limit=5&page=3`, admin)).json.pagination).toEqual({
      page: 3,
      limit: 5,
      total: 14,
      pages: 3,
    });

    const active = await list(`?search=${p}&isActive=true&limit=100`, admin);
    expect(active.json.pagination.total).toBe(12);
    const inactive = await list(`?search=${p}&isActive=false`, admin);
    expect(inactive.json.promoCodes.map((c: { code: string }) => c.code).sort()).toEqual([`${p}OFF`, `${p}OLD`]);
    expect((await list(`?search=${p}05`, admin)).json.promoCodes.map((c: { code: string }) => c.code)).toEqual([
      `${p}05`,
    ]);
    // LIKE wildcards are searched for literally.
    expect((await list(`?search=${p}%25`, admin)).json.pagination.total).toBe(0);
    expect((await list(`?search=${p}&isActive=true&page=9`, admin)).json).toMatchObject({
      promoCodes: [],
      pagination: { page: 9, total: 12 },
    });
  });

  it("answers 400 for a bad page, limit or status filter", async () => {
    for (const query of ["?page=0", "?page=abc", "?limit=0", "?limit=101", "?isActive=maybe"]) {
      expect((await list(query, admin)).status, query).toBe(400);
    }
  });
});

describe("GET and PUT /api/admin/promo-codes/{id}", () => {
  it("shows one code and 404 for unknown or malformed ids", async () => {
    const row = await insertPromo({ discountPercentage: 15, maxUses: 7, currentUses: 2, isInfluencerCode: true });
    const res = await detail(row.id, admin);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      _id: row.id,
      code: row.code,
      discountPercentage: 15,
      maxUses: 7,
      currentUses: 2,
      isActive: true,
      isInfluencerCode: true,
      expiresAt: row.expiresAt.toISOString(),
    });
    expect((await detail("6f1d7c1e-0000-4000-8000-000000000000", admin)).status).toBe(404);
    expect((await detail("not-an-id", admin)).status).toBe(404);
    expect((await update("not-an-id", { isActive: false }, admin)).status).toBe(404);
  });

  it("updates discount, uses and expiry but never the code", async () => {
    const row = await insertPromo({ discountPercentage: 10 });
    const expiresAt = inDays(60);
    const res = await update(row.id, { discountPercentage: 40, maxUses: 9, expiresAt, isInfluencerCode: true }, admin);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      code: row.code,
      discountPercentage: 40,
      maxUses: 9,
      expiresAt,
      isActive: true,
      isInfluencerCode: true,
    });
    expect((await validatePromo(row.code)).json.discountPercentage).toBe(40);

    const rename = await update(row.id, { code: "SOMETHINGELSE", discountPercentage: 40 }, admin);
    expect(rename.status).toBe(400);
    expect(rename.json.msg).toBe("The promo code cannot be changed");
    for (const body of [
      { discountPercentage: 0 },
      { discountPercentage: 101 },
      { maxUses: 0 },
      { expiresAt: "" },
      { isActive: "no" },
    ]) {
      expect((await update(row.id, body, admin)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await detail(row.id, admin)).json).toMatchObject({ code: row.code, discountPercentage: 40, maxUses: 9 });
  });

  it("deactivates with isActive false, after which the pricing page refuses the code", async () => {
    const row = await insertPromo();
    expect((await validatePromo(row.code)).status).toBe(200);
    const res = await update(row.id, { isActive: false }, admin);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ isActive: false, discountPercentage: row.discountPercentage });
    expect(await validatePromo(row.code)).toMatchObject({
      status: 400,
      json: { msg: "This promo code is no longer active" },
    });
    expect((await update(row.id, { isActive: true }, admin)).json.isActive).toBe(true);
    expect((await validatePromo(row.code)).status).toBe(200);
  });
});
