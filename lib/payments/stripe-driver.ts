import "server-only";
import Stripe from "stripe";
import { UnknownCheckoutSessionError, type CheckoutRequest, type PaidSession, type PaymentsDriver } from "./types";

export interface StripeDriverOptions {
  secretKey: string;
  /** Another API host, e.g. "http://localhost:12111" (stripe-mock, tests). */
  apiUrl?: string;
}

export function stripeClient(options: StripeDriverOptions): Stripe {
  const api = options.apiUrl ? new URL(options.apiUrl) : null;
  return new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === "https:" ? 443 : 80),
          protocol: api.protocol.replace(":", "") as "http" | "https",
        }
      : {}),
  });
}

function metadataOf(session: Stripe.Checkout.Session) {
  const m = session.metadata ?? {};
  return { userId: m.userId || null, promoCode: m.promoCode || null };
}

/** Stripe Checkout in payment mode for the computed amount, in USD cents. */
export function createStripeDriver(options: StripeDriverOptions): PaymentsDriver {
  const stripe = stripeClient(options);
  return {
    name: "stripe",
    async createCheckout(request: CheckoutRequest) {
      const session = await stripe.checkout.sessions.create({
        mode: "payment",
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: "usd",
              unit_amount: request.amountCents,
              product_data: {
                name: "ColdMail AI — Lifetime Deal",
                description: "Unlimited email generation, forever.",
              },
            },
          },
        ],
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        customer_email: request.customerEmail ?? undefined,
        client_reference_id: request.userId ?? undefined,
        // Stripe measures its 30-minute minimum from its own clock: a minute of slack keeps a
        // request that takes a moment from being refused (the reservation's grace covers it).
        expires_at: Math.ceil(request.expiresAt.getTime() / 1000) + 60,
        metadata: { plan: "lifetime", userId: request.userId ?? "", promoCode: request.promoCode ?? "" },
      });
      if (!session.url) throw new Error("Stripe did not return a checkout URL");
      return { sessionId: session.id, url: session.url };
    },
    async retrievePaidSession(sessionId: string): Promise<PaidSession | null> {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.retrieve(sessionId);
      } catch (error) {
        // Only Stripe's "No such checkout.session" means the id is wrong; anything else is an outage.
        const e = error as { type?: string; statusCode?: number };
        if (e.type === "StripeInvalidRequestError" && e.statusCode === 404)
          throw new UnknownCheckoutSessionError(sessionId);
        throw error;
      }
      if (session.payment_status !== "paid" && session.payment_status !== "no_payment_required") return null;
      return sessionToPaid(session);
    },
    async expireCheckout(sessionId: string) {
      try {
        await stripe.checkout.sessions.expire(sessionId);
      } catch (error) {
        // Already complete or expired, or unknown: nothing left to end.
        const e = error as { type?: string };
        if (e.type !== "StripeInvalidRequestError") throw error;
      }
    },
  };
}

export function sessionToPaid(session: Stripe.Checkout.Session): PaidSession {
  const { userId, promoCode } = metadataOf(session);
  return {
    sessionId: session.id,
    amountCents: session.amount_total ?? 0,
    promoCode,
    userId,
    customerEmail: session.customer_details?.email ?? session.customer_email ?? null,
  };
}
