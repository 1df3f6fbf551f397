import { withUser } from "@/lib/http/handlers";
import { deleteConnection } from "@/lib/services/connections/connections";

export const DELETE = withUser<{ id: string }>(async ({ user, params }) => {
  await deleteConnection(user.id, params.id);
  return { msg: "Connection deleted" };
});
