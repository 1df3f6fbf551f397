import { withUser } from "@/lib/http/handlers";
import { activateConnection } from "@/lib/services/connections/connections";

export const POST = withUser<{ id: string }>(async ({ user, params }) => {
  await activateConnection(user.id, params.id);
  return { msg: "Active connection updated" };
});
