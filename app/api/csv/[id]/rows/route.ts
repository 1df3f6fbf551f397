import { withUser } from "@/lib/http/handlers";
import { parseBody } from "@/lib/http/parse";
import { json } from "@/lib/http/respond";
import { addRow } from "@/lib/services/csv/csv-rows";
import { addRowSchema } from "@/lib/services/csv/schemas";

export const POST = withUser<{ id: string }>(async ({ req, user, params }) => {
  const { data } = await parseBody(req, addRowSchema);
  return json(await addRow(user.id, params.id, data), 201);
});
