import { withAdmin } from "@/lib/http/handlers";
import { parseBody, parseQuery } from "@/lib/http/parse";
import { json } from "@/lib/http/respond";
import { createPromoCode, listPromoCodes } from "@/lib/services/admin/promo-codes";
import { createPromoSchema, listPromoQuery } from "@/lib/services/admin/promo-schemas";

export const GET = withAdmin(async ({ req }) => listPromoCodes(parseQuery(req, listPromoQuery)));

export const POST = withAdmin(async ({ req }) =>
  json(await createPromoCode(await parseBody(req, createPromoSchema)), 201),
);
