import { withUser } from "@/lib/http/handlers";
import { parseQuery } from "@/lib/http/parse";
import { usageQuerySchema } from "@/lib/services/usage/schemas";
import { getUsageDays } from "@/lib/services/usage/usage-days";

/** The caller's provider usage per UTC day: `{ days: [...] }`, oldest first. */
export const GET = withUser(async ({ req, user }) => getUsageDays(user.id, parseQuery(req, usageQuerySchema).days));
