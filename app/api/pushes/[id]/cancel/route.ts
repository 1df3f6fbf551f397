import { withUser } from "@/lib/http/handlers";
import { parseId } from "@/lib/http/parse";
import { cancelPush } from "@/lib/services/sending/pushes";

export const POST = withUser<{ id: string }>(async ({ user, params }) =>
  cancelPush(user.id, parseId(params.id, "Push not found")),
);
