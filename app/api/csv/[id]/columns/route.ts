import { withUser } from "@/lib/http/handlers";
import { parseBody, parseId } from "@/lib/http/parse";
import { json } from "@/lib/http/respond";
import { addColumn } from "@/lib/services/csv/csv-rows";
import { addColumnSchema } from "@/lib/services/csv/schemas";

export const POST = withUser<{ id: string }>(async ({ req, user, params }) => {
  const id = parseId(params.id, "CSV file not found");
  const { name } = await parseBody(req, addColumnSchema);
  return json({ columns: await addColumn(user.id, id, name) }, 201);
});
