import { withUser } from "@/lib/http/handlers";
import { parseId } from "@/lib/http/parse";
import { listPushes } from "@/lib/services/sending/pushes";

export const GET = withUser<{ id: string }>(async ({ user, params }) =>
  listPushes(user.id, parseId(params.id, "CSV file not found")),
);
