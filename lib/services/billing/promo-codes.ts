import "server-only";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import { db, type DbOrTx } from "@/lib/db";
import { promoCodes } from "@/lib/db/schema";
import { normalizePromoCode } from "@/lib/billing/pricing";
import { AppError } from "@/lib/errors";
import { heldUses, USAGE_LIMIT_MESSAGE } from "./promo-reservations";
import type { PromoValidationJson } from "@/lib/responses/billing";

export type PromoRow = typeof promoCodes.$inferSelect;

/** `POST /api/pricing/validate-promo` (a use the asking buyer's own open checkout holds counts as left). */
export async function checkPromoCode(input: string, buyerKey?: string): Promise<PromoValidationJson> {
  const promo = await validatePromoCode(input, buyerKey);
  return { code: promo.code, discountPercentage: promo.discountPercentage };
}

/**
 * An active, unexpired code with uses left, or a 400 saying what is wrong with it. Uses held by
 * open discounted checkouts (promo-reservations.ts) count as taken, except the asking buyer's own.
 */
export async function validatePromoCode(input: string, buyerKey?: string): Promise<PromoRow> {
  const code = normalizePromoCode(input);
  const [promo] = await db.select().from(promoCodes).where(eq(promoCodes.code, code));
  if (!promo) throw new AppError("invalid_input", "Invalid promo code");
  if (!promo.isActive) throw new AppError("invalid_input", "This promo code is no longer active");
  if (promo.expiresAt.getTime() <= Date.now()) throw new AppError("invalid_input", "This promo code has expired");
  if (promo.currentUses + (await heldUses(promo.id, db, buyerKey)) >= promo.maxUses)
    throw new AppError("invalid_input", USAGE_LIMIT_MESSAGE);
  return promo;
}

/** Counts one use, in one statement that never goes past maxUses; false when no use was left. */
export async function consumePromoCode(code: string, conn: DbOrTx = db): Promise<boolean> {
  const used = await conn
    .update(promoCodes)
    .set({ currentUses: sql`${promoCodes.currentUses} + 1` })
    .where(
      and(
        eq(promoCodes.code, normalizePromoCode(code)),
        eq(promoCodes.isActive, true),
        gt(promoCodes.expiresAt, sql`now()`),
        lt(promoCodes.currentUses, promoCodes.maxUses),
      ),
    )
    .returning({ id: promoCodes.id });
  return used.length > 0;
}
