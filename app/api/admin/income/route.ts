import { withAdmin } from "@/lib/http/handlers";
import { parseQuery } from "@/lib/http/parse";
import { listIncome } from "@/lib/services/admin/income";
import { incomeQuery } from "@/lib/services/admin/schemas";

export const GET = withAdmin(async ({ req }) => listIncome(parseQuery(req, incomeQuery)));
