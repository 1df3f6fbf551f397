import { withAdmin } from "@/lib/http/handlers";
import { parseBody } from "@/lib/http/parse";
import { getPromoCode, updatePromoCode } from "@/lib/services/admin/promo-codes";
import { updatePromoSchema } from "@/lib/services/admin/promo-schemas";

type Params = { id: string };

export const GET = withAdmin<Params>(async ({ params }) => getPromoCode(params.id));

export const PUT = withAdmin<Params>(async ({ req, params }) => updatePromoCode(params.id, await parseBody(req, updatePromoSchema)));
