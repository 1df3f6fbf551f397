import "server-only";
import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { db, type DbOrTx } from "@/lib/db";
import { promoCodes, promoReservations } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";

/** A checkout session can be paid for 30 minutes (Stripe's shortest `expires_at`; the test checkout too). */
export const CHECKOUT_SESSION_SECONDS = 30 * 60;
/**
 * A reservation outlives its session by this much, so a payment made in the session's last moments
 * still finds its reservation when the webhook (or the return to the success page) reports it.
 */
export const RESERVATION_GRACE_SECONDS = 5 * 60;

export const USAGE_LIMIT_MESSAGE = "This promo code has reached its usage limit";

export type ReservationRow = typeof promoReservations.$inferSelect;

/** SQL condition: a reservation that still holds a use. */
const held = () =>
  and(
    isNull(promoReservations.releasedAt),
    isNull(promoReservations.consumedAt),
    gt(promoReservations.expiresAt, sql`now()`),
  );

/** Uses of a code held by open checkouts (other than `exceptBuyer`'s own, which their next checkout releases). */
export async function heldUses(promoCodeId: string, conn: DbOrTx = db, exceptBuyer?: string): Promise<number> {
  const [row] = await conn
    .select({ n: sql<number>`count(*)::int` })
    .from(promoReservations)
    .where(
      and(
        eq(promoReservations.promoCodeId, promoCodeId),
        held(),
        exceptBuyer ? ne(promoReservations.buyerKey, exceptBuyer) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * Holds one use of a code for a checkout until `expiresAt`, or refuses with the code's usage-limit
 * message when `currentUses` plus the uses held by open checkouts already reach `maxUses`. The
 * code's row is locked for the count (FOR UPDATE), so concurrent checkouts are decided one at a time.
 */
export async function reservePromoUse(promoCodeId: string, buyerKey: string, expiresAt: Date): Promise<ReservationRow> {
  return db.transaction(async (tx) => {
    const [promo] = await tx.select().from(promoCodes).where(eq(promoCodes.id, promoCodeId)).for("update");
    if (!promo) throw new AppError("invalid_input", "Invalid promo code");
    if (!promo.isActive) throw new AppError("invalid_input", "This promo code is no longer active");
    if (promo.expiresAt.getTime() <= Date.now()) throw new AppError("invalid_input", "This promo code has expired");
    if (promo.currentUses + (await heldUses(promo.id, tx)) >= promo.maxUses)
      throw new AppError("invalid_input", USAGE_LIMIT_MESSAGE);
    const [reservation] = await tx
      .insert(promoReservations)
      .values({ promoCodeId: promo.id, buyerKey, expiresAt })
      .returning();
    return reservation!;
  });
}

/** Links a reservation to the provider's session once that exists. */
export async function attachSession(reservationId: string, checkoutSessionId: string): Promise<void> {
  await db.update(promoReservations).set({ checkoutSessionId }).where(eq(promoReservations.id, reservationId));
}

/** Gives a held use back (cancel URL, a failed provider call). Returns the released row, if it still held a use. */
export async function releaseReservation(reservationId: string): Promise<ReservationRow | null> {
  const [row] = await db
    .update(promoReservations)
    .set({ releasedAt: sql`now()` })
    .where(
      and(
        eq(promoReservations.id, reservationId),
        isNull(promoReservations.releasedAt),
        isNull(promoReservations.consumedAt),
      ),
    )
    .returning();
  return row ?? null;
}

/** Releases every use a buyer still holds (they started another checkout); returns the released rows. */
export async function releaseBuyerReservations(buyerKey: string): Promise<ReservationRow[]> {
  return db
    .update(promoReservations)
    .set({ releasedAt: sql`now()` })
    .where(and(eq(promoReservations.buyerKey, buyerKey), held()))
    .returning();
}

/**
 * Fulfilment: turns the session's reservation into a counted use, once (the `consumed_at is null`
 * guard makes a replay a no-op). A payment that went through is honoured even when its reservation
 * had lapsed or been released meanwhile (the buyer paid the discounted price), so `currentUses` can
 * then exceed `maxUses` by that purchase. Returns false when the session has no reservation.
 */
export async function consumeReservation(checkoutSessionId: string, conn: DbOrTx): Promise<boolean> {
  const [reservation] = await conn
    .select()
    .from(promoReservations)
    .where(eq(promoReservations.checkoutSessionId, checkoutSessionId));
  if (!reservation) return false;
  const consumed = await conn
    .update(promoReservations)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(promoReservations.id, reservation.id), isNull(promoReservations.consumedAt)))
    .returning({ id: promoReservations.id });
  if (consumed.length) {
    await conn
      .update(promoCodes)
      .set({ currentUses: sql`${promoCodes.currentUses} + 1` })
      .where(eq(promoCodes.id, reservation.promoCodeId));
  }
  return true;
}
