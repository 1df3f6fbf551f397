import { withUser } from "@/lib/http/handlers";
import { BODY_LIMITS, parseBody, parseId } from "@/lib/http/parse";
import { appendRows } from "@/lib/services/csv/csv-files";
import { appendRowsSchema } from "@/lib/services/csv/schemas";

/** The next chunk of a chunked import (`final: true` on the last one). */
export const POST = withUser<{ id: string }>(async ({ req, user, params }) =>
  appendRows(
    user.id,
    parseId(params.id, "CSV file not found"),
    await parseBody(req, appendRowsSchema, { maxBytes: BODY_LIMITS.rows }),
  ),
);
