import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lifetimePriceCents } from "@/lib/billing/pricing";
import { fulfilCheckout } from "@/lib/services/billing/fulfil";
import { adminApi, expectDelta, insertUser, newAdmin, ok, uniqueTag } from "../support/admin";
import { closeDatabase, setupTestDatabase } from "../support/db";

let admin: Awaited<ReturnType<typeof newAdmin>>;

interface Payment {
  _id: string;
  userId: string | null;
  userName: string;
  userEmail: string;
  date: string;
  amount: number;
  promoCode: string;
}

const pay = (
  userId: string | null,
  amountCents: number,
  promoCode: string | null = null,
  customerEmail: string | null = null,
) =>
  fulfilCheckout({
    sessionId: `cs_test_inc_${randomBytes(8).toString("hex")}`,
    amountCents,
    promoCode,
    userId,
    customerEmail,
  });
const income = async (query: Record<string, string | number> = {}) => ok(await adminApi.income(admin.headers, query));
/** All of this file's payments for some users, as the income list shows them (page size 100). */
const paymentsOf = async (userIds: string[]): Promise<Payment[]> =>
  (await income({ limit: 100 })).payments.filter((p: Payment) => p.userId && userIds.includes(p.userId));

beforeAll(async () => {
  await setupTestDatabase();
  admin = await newAdmin("Income Admin");
});
afterAll(closeDatabase);

describe("GET /api/admin/income", () => {
  it("lists {userId, userName, userEmail, date, amount, promoCode} in USD, 'None' without a code", async () => {
    const buyer = await insertUser({ name: `${uniqueTag("Buy")} Buyer`, subscription: "trial" });
    const promoBuyer = await insertUser({ name: `${uniqueTag("Buy")} Promo Buyer`, subscription: "trial" });
    await pay(buyer.id, lifetimePriceCents(0));
    await pay(promoBuyer.id, lifetimePriceCents(20), "SPRING20");

    const [promoPaid, paid] = await paymentsOf([buyer.id, promoBuyer.id]);
    expect(paid).toEqual({
      _id: expect.any(String),
      userId: buyer.id,
      userName: buyer.name,
      userEmail: buyer.email,
      date: expect.any(String),
      amount: 149,
      promoCode: "None",
    });
    expect(promoPaid).toMatchObject({
      userId: promoBuyer.id,
      userName: promoBuyer.name,
      userEmail: promoBuyer.email,
      amount: 119.2,
      promoCode: "SPRING20",
    });
    expect(new Date(paid!.date).toISOString()).toBe(paid!.date);
    expect(Math.abs(Date.parse(paid!.date) - Date.now())).toBeLessThan(5 * 60_000);

    // The buyer is now lifetime, with the payment on their detail and in the users list.
    const detail = ok(await adminApi.user(admin.headers, promoBuyer.id));
    expect(detail).toMatchObject({
      subscription: "lifetime",
      promoCodeUsed: "SPRING20",
      payments: [{ amount: 119.2, promoCode: "SPRING20" }],
    });
    expect(detail.purchaseDate).toEqual(expect.any(String));
    expect(detail.licenseKey).toMatch(/^[A-Z0-9]{5}(-[A-Z0-9]{5}){4}$/);
    expect(ok(await adminApi.user(admin.headers, buyer.id)).payments).toEqual([
      { _id: paid!._id, amount: 149, promoCode: "None", date: paid!.date },
    ]);
  });

  it("an anonymous purchase (key not activated yet) lists no user id", async () => {
    const email = `${uniqueTag("anon").toLowerCase()}@example.test`;
    const { paymentId } = await pay(null, lifetimePriceCents(0), null, email);
    const row = (await income({ limit: 100 })).payments.find((p: Payment) => p._id === paymentId);
    expect(row).toMatchObject({ userId: null, userEmail: email, amount: 149, promoCode: "None" });
    expect(row.userName).toEqual(expect.any(String));
  });

  it("totalIncome is the sum of all payments in USD", async () => {
    const measure = async () => {
      const { totalIncome, pagination } = await income();
      return { totalIncome, count: pagination.total };
    };
    await expectDelta(
      measure,
      async () => {
        const who = await insertUser({ name: "Total buyer" });
        await pay(who.id, lifetimePriceCents(0));
        await pay(null, lifetimePriceCents(20), "SPRING20", "anon-total@example.test");
      },
      { totalIncome: 268.2, count: 2 },
    );
  });

  it("pages by 10, newest first", async () => {
    const tag = uniqueTag("Page");
    const buyers = [];
    for (let i = 0; i < 11; i++) {
      const buyer = await insertUser({ name: `${tag} ${i}` });
      await pay(buyer.id, 1000 + i);
      buyers.push(buyer);
    }
    const first = await income();
    expect(first.pagination).toMatchObject({ page: 1, limit: 10 });
    expect(first.pagination.total).toBeGreaterThanOrEqual(11);
    expect(first.pagination.pages).toBe(Math.ceil(first.pagination.total / 10));
    expect(first.payments).toHaveLength(10);
    const second = await income({ page: 2 });
    expect(second.pagination).toMatchObject({ page: 2, limit: 10 });
    expect(second.payments.length).toBeGreaterThanOrEqual(1);
    expect(second.payments.map((p: Payment) => p._id)).not.toContain(first.payments[0]._id);
    const dates = [...first.payments, ...second.payments].map((p: Payment) => Date.parse(p.date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    // This test's payments: the last one made comes first.
    const mine = await paymentsOf(buyers.map((b) => b.id));
    expect(mine.map((p) => p.amount)).toEqual(Array.from({ length: 11 }, (_, k) => (1010 - k) / 100));
    expect((await income({ limit: 3 })).payments).toHaveLength(3);
  });

  it.each([
    ["page", "0"],
    ["page", "x"],
    ["limit", "0"],
    ["limit", "1000"],
  ])("answers 400 for %s=%s", async (key, value) => {
    const res = await adminApi.income(admin.headers, { [key]: value });
    expect(res.status).toBe(400);
    expect(res.json.msg).toEqual(expect.any(String));
  });
});
