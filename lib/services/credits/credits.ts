import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { db, type DbOrTx } from "@/lib/db";
import { hotStatement, runHot } from "@/lib/db/hot-statements";
import { creditUsage, type UserRow } from "@/lib/db/schema";
import { planOf, utcDay } from "./plan";
import type { CreditsJson } from "@/lib/responses/ai";

export const TRIAL_ENDED_MESSAGE = "Your free trial has ended. Upgrade to the lifetime plan to keep generating emails.";

/** Credits a user ($1) used on a day ($2): what every screen's credit counter polls. */
const CREDITS_USED = hotStatement(
  "hot_credits_used",
  ["text", "date"],
  "select used from credit_usage where user_id = $1 and day = $2",
);

/** Credits used on a day: a hot statement, or the same query on a caller's transaction. */
async function usedOn(userId: string, day: string, tx?: DbOrTx): Promise<number> {
  const [row] = tx
    ? await tx
        .select({ used: creditUsage.used })
        .from(creditUsage)
        .where(and(eq(creditUsage.userId, userId), eq(creditUsage.day, day)))
    : await runHot<{ used: number }>(CREDITS_USED, [userId, day]);
  return row?.used ?? 0;
}

/** `GET /api/ai/credits`: today's usage against the plan. */
export async function getCredits(user: UserRow, now = new Date()): Promise<CreditsJson> {
  const plan = planOf(user, now);
  const used = await usedOn(user.id, utcDay(now));
  const base = { subscription: user.subscription, trialEnds: user.trialEnds?.toISOString() ?? null };
  if (plan.kind === "lifetime") {
    return {
      ...base,
      credits: { daily: null, used, remaining: null, unlimited: true },
      unlimited: true,
      daysRemaining: null,
      trialExpired: false,
    };
  }
  if (!plan.active) {
    return {
      ...base,
      credits: { daily: plan.daily, used, remaining: 0, unlimited: false },
      unlimited: false,
      daysRemaining: 0,
      trialExpired: true,
      msg: TRIAL_ENDED_MESSAGE,
    };
  }
  return {
    ...base,
    credits: { daily: plan.daily, used, remaining: Math.max(0, plan.daily - used), unlimited: false },
    unlimited: false,
    daysRemaining: plan.daysRemaining,
    trialExpired: false,
  };
}

/** Credits taken for today (`day` to refund them on), or why none were. */
export type CreditReservation =
  | { ok: true; day: string; amount: number; unlimited: boolean }
  | { ok: false; reason: "limit" | "trial-ended"; available: number; requested: number };

/**
 * Reserves `amount` credits for today in one SQL statement: it either takes them all or
 * none, and stays correct when many requests race (the row is locked by the upsert).
 * Lifetime users are not limited; their use is still counted.
 */
export async function reserveCredits(
  user: UserRow,
  amount: number,
  conn: DbOrTx = db,
  now = new Date(),
): Promise<CreditReservation> {
  const day = utcDay(now);
  const plan = planOf(user, now);
  if (amount <= 0) return { ok: true, day, amount: 0, unlimited: plan.kind === "lifetime" };
  if (plan.kind === "lifetime") {
    await conn.execute(sql`
      insert into credit_usage (user_id, day, used) values (${user.id}, ${day}::date, ${amount}::int)
      on conflict (user_id, day) do update set used = credit_usage.used + ${amount}::int`);
    return { ok: true, day, amount, unlimited: true };
  }
  if (!plan.active) return { ok: false, reason: "trial-ended", available: 0, requested: amount };
  const limit = plan.daily;
  const result = await conn.execute<{ used: number }>(sql`
    insert into credit_usage (user_id, day, used)
    select ${user.id}::text, ${day}::date, ${amount}::int where ${amount}::int <= ${limit}::int
    on conflict (user_id, day) do update set used = credit_usage.used + ${amount}::int
      where credit_usage.used + ${amount}::int <= ${limit}::int
    returning used`);
  if (result.rows.length > 0) return { ok: true, day, amount, unlimited: false };
  const used = await usedOn(user.id, day, conn);
  return { ok: false, reason: "limit", available: Math.max(0, limit - used), requested: amount };
}

/** Gives back credits reserved on `day` (never below zero). */
export async function refundCredits(userId: string, day: string, amount: number, conn: DbOrTx = db): Promise<void> {
  if (amount <= 0) return;
  await conn.execute(sql`
    update credit_usage set used = greatest(used - ${amount}::int, 0)
    where user_id = ${userId} and day = ${day}::date`);
}
