import { withUser } from "@/lib/http/handlers";
import { parseId } from "@/lib/http/parse";
import { listPushRows } from "@/lib/services/sending/pushes";

export const GET = withUser<{ id: string }>(async ({ user, params }) =>
  listPushRows(user.id, parseId(params.id, "Push not found")),
);
