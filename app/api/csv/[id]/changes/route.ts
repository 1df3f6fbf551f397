import { withUser } from "@/lib/http/handlers";
import { parseId, parseQuery } from "@/lib/http/parse";
import { changesSince } from "@/lib/services/csv/csv-rows";
import { changesQuerySchema } from "@/lib/services/csv/schemas";

/** Rows changed since `?since=<ISO time>` (the `serverTime` of the previous answer): cheap polling. */
export const GET = withUser<{ id: string }>(async ({ req, user, params }) => {
  const id = parseId(params.id, "CSV file not found");
  const { since } = parseQuery(req, changesQuerySchema);
  return changesSince(user.id, id, since);
});
