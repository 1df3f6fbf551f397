import { withUser } from "@/lib/http/handlers";
import { BODY_LIMITS, parseBody } from "@/lib/http/parse";
import { previewSchema } from "@/lib/services/generation/schemas";
import { runPreview } from "@/lib/services/preview/run-preview";

export const maxDuration = 300;

/** Runs the unsaved configuration on up to 5 rows; writes nothing: `{ previewId, results }`. */
export const POST = withUser(async ({ req, user }) =>
  runPreview(user, await parseBody(req, previewSchema, { maxBytes: BODY_LIMITS.rows })),
);
