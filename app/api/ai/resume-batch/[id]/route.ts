import { withUser } from "@/lib/http/handlers";
import { parseId } from "@/lib/http/parse";
import { json } from "@/lib/http/respond";
import { resumeBatch } from "@/lib/services/generation/batch-control";

/** Resumes a paused bulk run where it stopped, on any worker; 409 once the run is over. */
export const POST = withUser<{ id: string }>(async ({ user, params }) => {
  return json(await resumeBatch(user.id, parseId(params.id, "Batch not found")));
});
