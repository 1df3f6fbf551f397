import { withUser } from "@/lib/http/handlers";
import { parseId } from "@/lib/http/parse";
import { deleteConnection } from "@/lib/services/connections/connections";

export const DELETE = withUser<{ id: string }>(async ({ user, params }) => {
  await deleteConnection(user.id, parseId(params.id, "Connection not found"));
  return { msg: "Connection deleted" };
});
