import { withUser } from "@/lib/http/handlers";
import { parseBody, parseId } from "@/lib/http/parse";
import { deleteIntegration, renameIntegration } from "@/lib/services/sending/connections";
import { renameIntegrationSchema } from "@/lib/services/sending/schemas";

const NOT_FOUND = "Connection not found";

export const PATCH = withUser<{ id: string }>(async ({ req, user, params }) => {
  const id = parseId(params.id, NOT_FOUND);
  const { name } = await parseBody(req, renameIntegrationSchema);
  return renameIntegration(user.id, id, name);
});

export const DELETE = withUser<{ id: string }>(async ({ user, params }) => {
  await deleteIntegration(user.id, parseId(params.id, NOT_FOUND));
  return { msg: "Connection deleted" };
});
