import "server-only";
import { count, desc, eq, sum } from "drizzle-orm";
import { db } from "@/lib/db";
import { payments, users } from "@/lib/db/schema";
import { pagination } from "./pagination";
import type { IncomeJson } from "@/lib/responses/admin";

/** `GET /api/admin/income`: payments newest first, with the total of all income. */
export async function listIncome(q: { page: number; limit: number }): Promise<IncomeJson> {
  const rows = await db
    .select({ p: payments, name: users.name, email: users.email })
    .from(payments)
    .leftJoin(users, eq(users.id, payments.userId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [totals] = await db.select({ n: count(), cents: sum(payments.amountCents) }).from(payments);
  return {
    payments: rows.map(({ p, name, email }) => ({
      _id: p.id,
      userId: p.userId,
      userName: name ?? (p.userId ? "Unknown user" : "Not activated yet"),
      userEmail: email ?? p.customerEmail ?? "",
      date: p.createdAt.toISOString(),
      amount: p.amountCents / 100,
      promoCode: p.promoCode ?? "None",
    })),
    pagination: pagination(q.page, q.limit, Number(totals?.n ?? 0)),
    totalIncome: Number(totals?.cents ?? 0) / 100,
  };
}
