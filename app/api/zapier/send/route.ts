import { withUser } from "@/lib/http/handlers";
import { BODY_LIMITS, parseBody } from "@/lib/http/parse";
import { json } from "@/lib/http/respond";
import { sendRowsSchema } from "@/lib/services/integrations/schemas";
import { sendRows } from "@/lib/services/integrations/send";

export const maxDuration = 300;

/** Up to 2,000 rows: sent now (200). More: a background job, 202 `{ jobId, msg, total }`. */
export const POST = withUser(async ({ req, user }) => {
  const result = await sendRows(
    user.id,
    "zapier",
    (await parseBody(req, sendRowsSchema, { maxBytes: BODY_LIMITS.rows })).data,
  );
  return "jobId" in result ? json(result, 202) : result;
});
