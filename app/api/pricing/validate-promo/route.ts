import { handle } from "@/lib/http/handlers";
import { parseBody } from "@/lib/http/parse";
import { validatePromoCode } from "@/lib/services/billing/promo-codes";
import { validatePromoSchema } from "@/lib/services/billing/schemas";

/** `{discountPercentage}` for an active, unexpired code with uses left. */
export const POST = handle(async ({ req }) => {
  const promo = await validatePromoCode((await parseBody(req, validatePromoSchema)).code);
  return { code: promo.code, discountPercentage: promo.discountPercentage };
});
