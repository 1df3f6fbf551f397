import { handle } from "@/lib/http/handlers";
import { handleStripeWebhook } from "@/lib/services/billing/stripe-webhook";

/** Stripe's `checkout.session.completed`, signature checked with STRIPE_WEBHOOK_SECRET. */
export const POST = handle(async ({ req }) => handleStripeWebhook(await req.text(), req.headers.get("stripe-signature")));
