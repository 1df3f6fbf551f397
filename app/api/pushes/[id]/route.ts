import { withUser } from "@/lib/http/handlers";
import { parseId } from "@/lib/http/parse";
import { getPush } from "@/lib/services/sending/pushes";

export const GET = withUser<{ id: string }>(async ({ user, params }) =>
  getPush(user.id, parseId(params.id, "Push not found")),
);
