import "server-only";
import type Stripe from "stripe";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { sessionToPaid, stripeClient } from "@/lib/payments/stripe-driver";
import { fulfilCheckout } from "./fulfil";
import type { StripeWebhookJson } from "@/lib/responses/billing";

/** Verifies the signature and fulfils paid checkouts; replays are harmless (fulfilment is idempotent). */
export async function handleStripeWebhook(rawBody: string, signature: string | null): Promise<StripeWebhookJson> {
  const config = env();
  if (config.paymentsDriver !== "stripe" || !config.stripeWebhookSecret) throw new AppError("not_found", "Not found");
  if (!signature) throw new AppError("invalid_input", "Missing Stripe signature");
  let event: Stripe.Event;
  try {
    event = stripeClient({ secretKey: config.stripeSecretKey!, apiUrl: config.stripeApiUrl }).webhooks.constructEvent(
      rawBody,
      signature,
      config.stripeWebhookSecret,
    );
  } catch {
    throw new AppError("invalid_input", "Invalid Stripe signature");
  }
  if (event.type !== "checkout.session.completed" && event.type !== "checkout.session.async_payment_succeeded")
    return { received: true };
  const session = event.data.object as Stripe.Checkout.Session;
  if (session.payment_status !== "paid" && session.payment_status !== "no_payment_required")
    return { received: true, fulfilled: false };
  const result = await fulfilCheckout(sessionToPaid(session));
  return { received: true, fulfilled: result.created };
}
