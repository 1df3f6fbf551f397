import { withUser } from "@/lib/http/handlers";
import { parseId } from "@/lib/http/parse";
import { activateConnection } from "@/lib/services/connections/connections";

export const POST = withUser<{ id: string }>(async ({ user, params }) => {
  await activateConnection(user.id, parseId(params.id, "Connection not found"));
  return { msg: "Active connection updated" };
});
