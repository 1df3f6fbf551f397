import { randomBytes } from "node:crypto";
import { env } from "@/lib/env";
import { clientIp, jsonWithCookies } from "@/lib/http/client-address";
import { withOptionalUser } from "@/lib/http/handlers";
import { parseBody } from "@/lib/http/parse";
import { BUYER_COOKIE, browserIdOf, buyerKeyOf, startCheckout } from "@/lib/services/billing/checkout";
import { PRICING_LIMITS } from "@/lib/services/billing/limits";
import { checkoutSchema } from "@/lib/services/billing/schemas";
import { enforceRateLimit } from "@/lib/services/rate-limit";

/**
 * `{url}` of a checkout for the lifetime plan; signed in or anonymous. 10 discounted checkouts per IP per 10 minutes.
 */
export const POST = withOptionalUser(async ({ req, user }) => {
  const input = await parseBody(req, checkoutSchema);
  if (input.promoCode) {
    const { limit, windowSeconds } = PRICING_LIMITS.discountedCheckout;
    await enforceRateLimit(
      `checkout-promo:ip:${clientIp(req)}`,
      limit,
      windowSeconds,
      "Too many checkouts with a promo code. Please try again later.",
    );
  }
  // An anonymous buyer's browser, so that their next checkout releases the promo use the previous one holds.
  const browserId = browserIdOf(req) ?? randomBytes(18).toString("base64url");
  const result = await startCheckout(user, input, buyerKeyOf(user, browserId));
  const secure = env().appUrl.startsWith("https:") ? "; Secure" : "";
  return jsonWithCookies(result, [
    `${BUYER_COOKIE}=${browserId}; Path=/; Max-Age=86400; HttpOnly; SameSite=Lax${secure}`,
  ]);
});
