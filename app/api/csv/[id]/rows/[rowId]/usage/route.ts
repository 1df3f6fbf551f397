import { notFound } from "@/lib/errors";
import { withUser } from "@/lib/http/handlers";
import { rowIdOrNull } from "@/lib/http/ids";
import { parseId } from "@/lib/http/parse";
import { getRowUsage } from "@/lib/services/usage/row-usage";

type Params = { id: string; rowId: string };

/** The newest billed generation of a row: `{ usage, model, latencyMs, createdAt }`, or `{ usage: null }`. */
export const GET = withUser<Params>(async ({ user, params }) => {
  const rowId = rowIdOrNull(params.rowId);
  if (rowId === null) throw notFound("Row not found");
  return getRowUsage(user.id, parseId(params.id, "CSV file not found"), rowId);
});
