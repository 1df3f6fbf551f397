import { notFound } from "@/lib/http/errors";
import { withUser } from "@/lib/http/handlers";
import { parseBody } from "@/lib/http/parse";
import { deleteRow, updateRowCells } from "@/lib/services/csv/csv-rows";
import { updateRowSchema } from "@/lib/services/csv/schemas";

type Params = { id: string; rowId: string };

function rowIdOf(value: string): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound("Row not found");
  return id;
}

/** Changes cells of one row: `{ data: { Column: value } }`. */
export const PATCH = withUser<Params>(async ({ req, user, params }) => {
  const { data } = await parseBody(req, updateRowSchema);
  return updateRowCells(user.id, params.id, rowIdOf(params.rowId), data);
});

export const DELETE = withUser<Params>(async ({ user, params }) => {
  await deleteRow(user.id, params.id, rowIdOf(params.rowId));
  return { msg: "Row deleted" };
});
