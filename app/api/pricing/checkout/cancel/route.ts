import { env } from "@/lib/env";
import { handle } from "@/lib/http/handlers";
import { cancelCheckout } from "@/lib/services/billing/checkout";

export const dynamic = "force-dynamic";

/**
 * The checkout's cancel URL: the buyer came back without paying. Gives the reserved promo use back
 * (and ends the session), then sends the browser to /pricing.
 */
export const GET = handle(async ({ req }) => {
  await cancelCheckout(new URL(req.url).searchParams.get("reservation"));
  return Response.redirect(`${env().appUrl}/pricing`, 303);
});
