import "server-only";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import { db, type DbOrTx } from "@/lib/db";
import { promoCodes } from "@/lib/db/schema";
import { normalizePromoCode } from "@/lib/billing/pricing";
import { AppError } from "@/lib/http/errors";

export type PromoRow = typeof promoCodes.$inferSelect;

/** An active, unexpired code with uses left, or a 400 saying what is wrong with it. */
export async function validatePromoCode(input: string): Promise<PromoRow> {
  const code = normalizePromoCode(input);
  const [promo] = await db.select().from(promoCodes).where(eq(promoCodes.code, code));
  if (!promo) throw new AppError(400, "Invalid promo code");
  if (!promo.isActive) throw new AppError(400, "This promo code is no longer active");
  if (promo.expiresAt.getTime() <= Date.now()) throw new AppError(400, "This promo code has expired");
  if (promo.currentUses >= promo.maxUses) throw new AppError(400, "This promo code has reached its usage limit");
  return promo;
}

/** Counts one use, in one statement that never goes past maxUses; false when no use was left. */
export async function consumePromoCode(code: string, conn: DbOrTx = db): Promise<boolean> {
  const used = await conn
    .update(promoCodes)
    .set({ currentUses: sql`${promoCodes.currentUses} + 1` })
    .where(and(eq(promoCodes.code, normalizePromoCode(code)), eq(promoCodes.isActive, true), gt(promoCodes.expiresAt, sql`now()`), lt(promoCodes.currentUses, promoCodes.maxUses)))
    .returning({ id: promoCodes.id });
  return used.length > 0;
}
