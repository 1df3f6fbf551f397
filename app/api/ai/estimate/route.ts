import { withUser } from "@/lib/http/handlers";
import { BODY_LIMITS, parseBody } from "@/lib/http/parse";
import { json } from "@/lib/http/respond";
import { bulkSchema } from "@/lib/services/generation/schemas";
import { estimateRun } from "@/lib/services/usage/estimate";

/** Rows, credits, tokens, cost and duration a bulk run with this payload would take; nothing is stored. */
export const POST = withUser(async ({ req, user }) =>
  json(await estimateRun(user, await parseBody(req, bulkSchema, { maxBytes: BODY_LIMITS.rows }))),
);
