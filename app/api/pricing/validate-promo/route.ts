import { clientIp } from "@/lib/http/client-address";
import { withOptionalUser } from "@/lib/http/handlers";
import { parseBody } from "@/lib/http/parse";
import { browserIdOf, buyerKeyOf } from "@/lib/services/billing/checkout";
import { PRICING_LIMITS } from "@/lib/services/billing/limits";
import { checkPromoCode } from "@/lib/services/billing/promo-codes";
import { validatePromoSchema } from "@/lib/services/billing/schemas";
import { enforceRateLimit } from "@/lib/services/rate-limit";

/**
 * `{discountPercentage}` for an active, unexpired code with uses left (a use the asking buyer's own
 * open checkout holds counts as left for them); 30 checks per IP per minute.
 */
export const POST = withOptionalUser(async ({ req, user }) => {
  const { limit, windowSeconds } = PRICING_LIMITS.validatePromo;
  await enforceRateLimit(
    `validate-promo:ip:${clientIp(req)}`,
    limit,
    windowSeconds,
    "Too many promo code checks. Please try again in a minute.",
  );
  const browserId = browserIdOf(req);
  const buyer = user || browserId ? buyerKeyOf(user, browserId) : undefined;
  return checkPromoCode((await parseBody(req, validatePromoSchema)).code, buyer);
});
