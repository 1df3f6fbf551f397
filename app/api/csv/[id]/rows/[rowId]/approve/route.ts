import { notFound } from "@/lib/errors";
import { withUser } from "@/lib/http/handlers";
import { rowIdOrNull } from "@/lib/http/ids";
import { parseId } from "@/lib/http/parse";
import { setRowApproval } from "@/lib/services/quality/file-quality";

type Params = { id: string; rowId: string };

function target(params: Params): [string, number] {
  const rowId = rowIdOrNull(params.rowId);
  if (rowId === null) throw notFound("Row not found");
  return [parseId(params.id, "CSV file not found"), rowId];
}

/** Approves a row: `{ rowId, approved: true }`. */
export const POST = withUser<Params>(async ({ user, params }) => setRowApproval(user.id, ...target(params), true));

/** Takes the approval back: `{ rowId, approved: false }`. */
export const DELETE = withUser<Params>(async ({ user, params }) => setRowApproval(user.id, ...target(params), false));
