import { withUser } from "@/lib/http/handlers";
import { BODY_LIMITS, parseBody } from "@/lib/http/parse";
import { json } from "@/lib/http/respond";
import { bulkSchema } from "@/lib/services/generation/schemas";
import { startBatch } from "@/lib/services/generation/start-batch";

/** Starts a batch (credits reserved up front) and enqueues it: `{ batchId, total }`. */
export const POST = withUser(async ({ req, user }) => {
  const started = await startBatch(user, await parseBody(req, bulkSchema, { maxBytes: BODY_LIMITS.rows }));
  return json(started);
});
