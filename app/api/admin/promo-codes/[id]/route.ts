import { withAdmin } from "@/lib/http/handlers";
import { parseBody, parseId } from "@/lib/http/parse";
import { getPromoCode, updatePromoCode } from "@/lib/services/admin/promo-codes";
import { updatePromoSchema } from "@/lib/services/admin/promo-schemas";

type Params = { id: string };
const NOT_FOUND = "Promo code not found";

export const GET = withAdmin<Params>(async ({ params }) => getPromoCode(parseId(params.id, NOT_FOUND)));

export const PUT = withAdmin<Params>(async ({ req, params }) =>
  updatePromoCode(parseId(params.id, NOT_FOUND), await parseBody(req, updatePromoSchema)),
);
