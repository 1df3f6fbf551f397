import "server-only";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { checkoutSessions, promoReservations, type UserRow } from "@/lib/db/schema";
import { lifetimePriceCents } from "@/lib/billing/pricing";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { paymentsDriver } from "@/lib/payments/driver";
import { UnknownCheckoutSessionError } from "@/lib/payments/types";
import { fulfilCheckout, licenseKeyForSession } from "./fulfil";
import { validatePromoCode } from "./promo-codes";
import {
  attachSession,
  CHECKOUT_SESSION_SECONDS,
  RESERVATION_GRACE_SECONDS,
  releaseBuyerReservations,
  releaseReservation,
  reservePromoUse,
  type ReservationRow,
} from "./promo-reservations";
import type { CheckoutJson, PaymentVerificationJson } from "@/lib/responses/billing";

/** The path of the cancel URL: the buyer's way back from the checkout page gives the reserved use back. */
const CANCEL_PATH = "/api/pricing/checkout/cancel";

/**
 * Who is buying, for "the same buyer starts another checkout": the account, or for an anonymous
 * buyer the browser (a random cookie id set by the checkout route).
 */
export function buyerKeyOf(user: UserRow | null, browserId: string | null): string {
  return user ? `user:${user.id}` : `anon:${browserId ?? randomBytes(18).toString("base64url")}`;
}

/** The anonymous buyer's browser cookie (set by `POST /api/pricing/checkout`). */
export const BUYER_COOKIE = "cm_buyer";

export function browserIdOf(req: Request): string | null {
  const match = /(?:^|;\s*)cm_buyer=([A-Za-z0-9_-]{16,64})(?:;|$)/.exec(req.headers.get("cookie") ?? "");
  return match?.[1] ?? null;
}

/** Ends the sessions of released reservations at the payment provider (best effort: a failure is logged). */
async function expireSessions(released: ReservationRow[]): Promise<void> {
  const driver = paymentsDriver();
  await Promise.all(
    released
      .filter((r) => r.checkoutSessionId)
      .map((r) =>
        driver
          .expireCheckout(r.checkoutSessionId!)
          .catch((error) => console.error("[checkout] could not expire a session", error)),
      ),
  );
}

/**
 * `POST /api/pricing/checkout`: a checkout for the lifetime plan at the (promo) price; signed in or
 * not. A discounted checkout holds one use of its code until it is paid, cancelled, replaced by the
 * buyer's next checkout, or expires (30 minutes); when every use is held or used, the code's
 * usage-limit message is the answer.
 */
export async function startCheckout(
  user: UserRow | null,
  input: { promoCode?: string | null },
  buyerKey = buyerKeyOf(user, null),
): Promise<CheckoutJson> {
  if (user?.subscription === "lifetime") throw new AppError("conflict", "You already have lifetime access.");
  await expireSessions(await releaseBuyerReservations(buyerKey));
  const promo = input.promoCode ? await validatePromoCode(input.promoCode) : null;
  const amountCents = lifetimePriceCents(promo?.discountPercentage ?? 0);
  const appUrl = env().appUrl;
  const expiresAt = new Date(Date.now() + CHECKOUT_SESSION_SECONDS * 1000);
  const reservation = promo
    ? await reservePromoUse(promo.id, buyerKey, new Date(expiresAt.getTime() + RESERVATION_GRACE_SECONDS * 1000))
    : null;
  if (amountCents === 0 && promo) return freeCheckout(user, promo.code, reservation!, appUrl);
  const driver = paymentsDriver();
  try {
    const { sessionId, url } = await driver.createCheckout({
      amountCents,
      promoCode: promo?.code ?? null,
      userId: user?.id ?? null,
      customerEmail: user?.email ?? null,
      successUrl: `${appUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: reservation ? `${appUrl}${CANCEL_PATH}?reservation=${reservation.id}` : `${appUrl}/pricing`,
      expiresAt,
    });
    if (reservation) await attachSession(reservation.id, sessionId);
    return { url };
  } catch (error) {
    if (reservation) await releaseReservation(reservation.id);
    console.error("[checkout] could not start a checkout", error);
    throw new AppError("provider_error", "Failed to start checkout process");
  }
}

/**
 * A 100 % promo code: nothing to charge (Stripe refuses $0 sessions), so the purchase is fulfilled
 * at once, its reserved use turned into a counted one (a used-up code cannot give a free key).
 */
async function freeCheckout(
  user: UserRow | null,
  code: string,
  reservation: ReservationRow,
  appUrl: string,
): Promise<CheckoutJson> {
  const sessionId = `cs_free_${randomBytes(18).toString("base64url")}`;
  await attachSession(reservation.id, sessionId);
  await fulfilCheckout({
    sessionId,
    amountCents: 0,
    promoCode: code,
    userId: user?.id ?? null,
    customerEmail: user?.email ?? null,
  });
  return { url: `${appUrl}/payment-success?session_id=${sessionId}` };
}

/**
 * The cancel URL (`GET /api/pricing/checkout/cancel?reservation=`): gives the reserved use back and
 * ends the session so it cannot be paid at the discount any more. Unknown or used ids do nothing.
 */
export async function cancelCheckout(reservationId: string | null): Promise<void> {
  if (!reservationId || !/^[0-9a-f-]{36}$/i.test(reservationId)) return;
  const released = await releaseReservation(reservationId);
  if (released) await expireSessions([released]);
}

/**
 * `GET /api/pricing/verify-payment/{sessionId}`: the licence key; asks the provider when the webhook has not arrived
 * yet.
 */
export async function verifyPayment(sessionId: string): Promise<PaymentVerificationJson> {
  if (!/^cs_[A-Za-z0-9_-]{6,200}$/.test(sessionId)) throw new AppError("invalid_input", "Invalid payment session");
  const known = await licenseKeyForSession(sessionId);
  if (known) return { licenseKey: known };
  let paid;
  try {
    paid = await paymentsDriver().retrievePaidSession(sessionId);
  } catch (error) {
    if (error instanceof UnknownCheckoutSessionError) throw new AppError("not_found", "Invalid payment session");
    console.error("[checkout] could not verify a payment", error);
    throw new AppError("provider_error", "Failed to verify payment");
  }
  if (!paid) throw new AppError("conflict", "This payment has not been completed yet.", {}, 402);
  return { licenseKey: (await fulfilCheckout(paid)).licenseKey };
}

/** A test checkout session can be paid while it is open and not past its expiry. */
function payable(session: typeof checkoutSessions.$inferSelect): boolean {
  return session.status === "open" && (!session.expiresAt || session.expiresAt.getTime() > Date.now());
}

/** The test checkout's "Complete test payment": marks the session paid through the same fulfilment. */
export async function completeTestPayment(sessionId: string): Promise<PaymentVerificationJson> {
  if (env().paymentsDriver !== "test") throw new AppError("not_found", "Not found");
  const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
  if (!session || session.driver !== "test") throw new AppError("not_found", "Invalid payment session");
  if (session.status !== "paid" && !payable(session))
    throw new AppError("conflict", "This checkout session has expired. Please start a new checkout.");
  const result = await fulfilCheckout({
    sessionId,
    amountCents: session.amountCents,
    promoCode: session.promoCode,
    userId: session.userId,
    customerEmail: null,
  });
  return { licenseKey: result.licenseKey };
}

export interface TestCheckoutView {
  id: string;
  amountCents: number;
  promoCode: string | null;
  status: "open" | "paid" | "expired";
  /** Where "Cancel" leads: the cancel URL that gives a reserved promo use back, else /pricing. */
  cancelUrl: string;
}

export async function testCheckoutSession(sessionId: string): Promise<TestCheckoutView | null> {
  if (env().paymentsDriver !== "test") return null;
  const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
  if (!session || session.driver !== "test") return null;
  const [reservation] = await db
    .select({ id: promoReservations.id })
    .from(promoReservations)
    .where(eq(promoReservations.checkoutSessionId, sessionId));
  const status = session.status === "open" && !payable(session) ? "expired" : session.status;
  const cancelUrl = reservation ? `${CANCEL_PATH}?reservation=${reservation.id}` : "/pricing";
  return { id: session.id, amountCents: session.amountCents, promoCode: session.promoCode, status, cancelUrl };
}
