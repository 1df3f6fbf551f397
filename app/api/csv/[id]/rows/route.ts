import { withUser } from "@/lib/http/handlers";
import { parseBody, parseId } from "@/lib/http/parse";
import { json } from "@/lib/http/respond";
import { addRow } from "@/lib/services/csv/csv-rows";
import { addRowSchema } from "@/lib/services/csv/schemas";

export const POST = withUser<{ id: string }>(async ({ req, user, params }) => {
  const id = parseId(params.id, "CSV file not found");
  const { data } = await parseBody(req, addRowSchema);
  return json(await addRow(user.id, id, data), 201);
});
