import { withUser } from "@/lib/http/handlers";
import { parseId } from "@/lib/http/parse";
import { pauseBatch } from "@/lib/services/generation/batch-control";

/** Pauses a bulk run: rows in flight finish, no new row starts; 409 once the run is over. */
export const POST = withUser<{ id: string }>(async ({ user, params }) =>
  pauseBatch(user.id, parseId(params.id, "Batch not found")),
);
