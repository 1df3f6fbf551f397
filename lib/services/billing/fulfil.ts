import "server-only";
import { eq, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { checkoutSessions, licenseKeys, payments, users } from "@/lib/db/schema";
import type { PaidSession } from "@/lib/payments/types";
import { generateLicenseKey } from "./license-keys";
import { consumePromoCode } from "./promo-codes";
import { consumeReservation } from "./promo-reservations";

export interface FulfilmentResult {
  licenseKey: string;
  paymentId: string;
  /** True when this call did the work; false for a replay or a concurrent duplicate. */
  created: boolean;
}

async function keyOfPayment(paymentId: string): Promise<string> {
  const [key] = await db.select({ key: licenseKeys.key }).from(licenseKeys).where(eq(licenseKeys.paymentId, paymentId));
  if (!key) throw new Error(`Payment ${paymentId} has no licence key`);
  return key.key;
}

/**
 * The one fulfilment, used by the Stripe webhook, verify-payment and the test checkout: records
 * the payment, turns the checkout's reserved promo use into a counted one (promo-reservations.ts;
 * a session without a reservation counts a use only while one is left), issues one licence key,
 * and makes a signed-in buyer lifetime with the key bound to them. Replays and concurrent calls for
 * the same session yield exactly one payment, one key and one counted use (unique
 * checkout_session_id; the work below runs only for the call that inserted the payment).
 */
export async function fulfilCheckout(session: PaidSession): Promise<FulfilmentResult> {
  const outcome = await db.transaction(async (tx) => {
    const [payment] = await tx
      .insert(payments)
      .values({
        checkoutSessionId: session.sessionId,
        userId: session.userId,
        customerEmail: session.customerEmail,
        amountCents: session.amountCents,
        promoCode: session.promoCode,
      })
      .onConflictDoNothing({ target: payments.checkoutSessionId })
      .returning({ id: payments.id });
    if (!payment) return null;
    if (session.promoCode && !(await consumeReservation(session.sessionId, tx)))
      await consumePromoCode(session.promoCode, tx);
    let key = generateLicenseKey();
    for (let attempt = 0; attempt < 5; attempt++) {
      const inserted = await tx
        .insert(licenseKeys)
        .values({ key, paymentId: payment.id, userId: session.userId, activatedAt: session.userId ? sql`now()` : null })
        .onConflictDoNothing({ target: licenseKeys.key })
        .returning({ id: licenseKeys.id });
      if (inserted.length) break;
      key = generateLicenseKey();
    }
    if (session.userId) {
      await tx
        .update(users)
        .set({
          subscription: "lifetime",
          purchaseDate: sql`now()`,
          licenseKey: key,
          promoCodeUsed: session.promoCode,
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, session.userId));
    }
    await tx.update(checkoutSessions).set({ status: "paid" }).where(eq(checkoutSessions.id, session.sessionId));
    return { licenseKey: key, paymentId: payment.id };
  });
  if (outcome) return { ...outcome, created: true };
  const [existing] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.checkoutSessionId, session.sessionId));
  return { licenseKey: await keyOfPayment(existing!.id), paymentId: existing!.id, created: false };
}

/** The licence key of an already recorded payment, if any. */
export async function licenseKeyForSession(sessionId: string): Promise<string | null> {
  const [payment] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.checkoutSessionId, sessionId));
  return payment ? keyOfPayment(payment.id) : null;
}
