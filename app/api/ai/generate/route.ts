import { withUser } from "@/lib/http/handlers";
import { BODY_LIMITS, parseBody } from "@/lib/http/parse";
import { generateRow } from "@/lib/services/generation/generate-row";
import { generateSchema } from "@/lib/services/generation/schemas";

export const maxDuration = 300;

/** One row: `{subject_line, email_body}` or `{content}`, written to row `selectedRowIndex` of `csvId`. */
export const POST = withUser(async ({ req, user }) =>
  generateRow(user, await parseBody(req, generateSchema, { maxBytes: BODY_LIMITS.rows })),
);
