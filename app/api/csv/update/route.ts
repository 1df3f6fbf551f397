import { withUser } from "@/lib/http/handlers";
import { BODY_LIMITS, parseBody } from "@/lib/http/parse";
import { jsonText } from "@/lib/http/respond";
import { replaceCsvRows } from "@/lib/services/csv/csv-files";
import { replaceRowsSchema } from "@/lib/services/csv/schemas";

export const PUT = withUser(async ({ req, user }) => {
  const { id, rows } = await parseBody(req, replaceRowsSchema, { maxBytes: BODY_LIMITS.rows });
  return jsonText(await replaceCsvRows(user.id, id, rows));
});
