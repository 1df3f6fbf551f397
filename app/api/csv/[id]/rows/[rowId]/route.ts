import { notFound } from "@/lib/errors";
import { withUser } from "@/lib/http/handlers";
import { rowIdOrNull } from "@/lib/http/ids";
import { parseBody, parseId } from "@/lib/http/parse";
import { deleteRow, updateRowCells } from "@/lib/services/csv/csv-rows";
import { updateRowSchema } from "@/lib/services/csv/schemas";

type Params = { id: string; rowId: string };

const fileIdOf = (value: unknown) => parseId(value, "CSV file not found");

function rowIdOf(value: unknown): number {
  const id = rowIdOrNull(value);
  if (id === null) throw notFound("Row not found");
  return id;
}

/** Changes cells of one row: `{ data: { Column: value } }`. */
export const PATCH = withUser<Params>(async ({ req, user, params }) => {
  const [fileId, rowId] = [fileIdOf(params.id), rowIdOf(params.rowId)];
  const { data } = await parseBody(req, updateRowSchema);
  return updateRowCells(user.id, fileId, rowId, data);
});

export const DELETE = withUser<Params>(async ({ user, params }) => {
  await deleteRow(user.id, fileIdOf(params.id), rowIdOf(params.rowId));
  return { msg: "Row deleted" };
});
