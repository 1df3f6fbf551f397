import { handle } from "@/lib/http/handlers";
import { readBodyText } from "@/lib/http/parse";
import { handleStripeWebhook } from "@/lib/services/billing/stripe-webhook";

/**
 * Stripe's `checkout.session.completed`, signature checked with STRIPE_WEBHOOK_SECRET. Exempt from
 * the Content-Type rule (the raw body is verified, whatever its declared type); it never carries a
 * session cookie, so the origin rule does not concern it.
 */
export const POST = handle(
  async ({ req }) => handleStripeWebhook(await readBodyText(req), req.headers.get("stripe-signature")),
  { jsonBody: false },
);
