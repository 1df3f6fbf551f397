import "server-only";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { checkoutSessions, type UserRow } from "@/lib/db/schema";
import { lifetimePriceCents } from "@/lib/billing/pricing";
import { env } from "@/lib/env";
import { AppError } from "@/lib/http/errors";
import { paymentsDriver } from "@/lib/payments/driver";
import { UnknownCheckoutSessionError } from "@/lib/payments/types";
import { fulfilCheckout, licenseKeyForSession } from "./fulfil";
import { consumePromoCode, validatePromoCode } from "./promo-codes";

/** `POST /api/pricing/checkout`: a checkout for the lifetime plan at the (promo) price; signed in or not. */
export async function startCheckout(user: UserRow | null, input: { promoCode?: string | null }): Promise<{ url: string }> {
  if (user?.subscription === "lifetime") throw new AppError(409, "You already have lifetime access.");
  const promo = input.promoCode ? await validatePromoCode(input.promoCode) : null;
  const amountCents = lifetimePriceCents(promo?.discountPercentage ?? 0);
  const appUrl = env().appUrl;
  if (amountCents === 0 && promo) return freeCheckout(user, promo.code, appUrl);
  const driver = paymentsDriver();
  try {
    const { url } = await driver.createCheckout({
      amountCents,
      promoCode: promo?.code ?? null,
      userId: user?.id ?? null,
      customerEmail: user?.email ?? null,
      successUrl: `${appUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${appUrl}/pricing`,
    });
    return { url };
  } catch (error) {
    console.error("[checkout] could not start a checkout", error);
    throw new AppError(502, "Failed to start checkout process");
  }
}

/**
 * A 100 % promo code: nothing to charge (Stripe refuses $0 sessions), so the purchase is fulfilled
 * at once, after the code's use has been counted atomically (a used-up code cannot give a free key).
 */
async function freeCheckout(user: UserRow | null, code: string, appUrl: string): Promise<{ url: string }> {
  if (!(await consumePromoCode(code))) throw new AppError(400, "This promo code has reached its usage limit");
  const sessionId = `cs_free_${randomBytes(18).toString("base64url")}`;
  await fulfilCheckout({ sessionId, amountCents: 0, promoCode: code, userId: user?.id ?? null, customerEmail: user?.email ?? null }, { promoAlreadyCounted: true });
  return { url: `${appUrl}/payment-success?session_id=${sessionId}` };
}

/** `GET /api/pricing/verify-payment/{sessionId}`: the licence key; asks the provider when the webhook has not arrived yet. */
export async function verifyPayment(sessionId: string): Promise<{ licenseKey: string }> {
  if (!/^cs_[A-Za-z0-9_-]{6,200}$/.test(sessionId)) throw new AppError(400, "Invalid payment session");
  const known = await licenseKeyForSession(sessionId);
  if (known) return { licenseKey: known };
  let paid;
  try {
    paid = await paymentsDriver().retrievePaidSession(sessionId);
  } catch (error) {
    if (error instanceof UnknownCheckoutSessionError) throw new AppError(404, "Invalid payment session");
    console.error("[checkout] could not verify a payment", error);
    throw new AppError(502, "Failed to verify payment");
  }
  if (!paid) throw new AppError(402, "This payment has not been completed yet.");
  return { licenseKey: (await fulfilCheckout(paid)).licenseKey };
}

/** The test checkout's "Complete test payment": marks the session paid through the same fulfilment. */
export async function completeTestPayment(sessionId: string): Promise<{ licenseKey: string }> {
  if (env().paymentsDriver !== "test") throw new AppError(404, "Not found");
  const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
  if (!session || session.driver !== "test") throw new AppError(404, "Invalid payment session");
  const result = await fulfilCheckout({ sessionId, amountCents: session.amountCents, promoCode: session.promoCode, userId: session.userId, customerEmail: null });
  return { licenseKey: result.licenseKey };
}

export async function testCheckoutSession(sessionId: string) {
  if (env().paymentsDriver !== "test") return null;
  const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
  return session && session.driver === "test" ? session : null;
}
