import { withUser } from "@/lib/http/handlers";
import { parseBody, parseId } from "@/lib/http/parse";
import { json } from "@/lib/http/respond";
import { createPush } from "@/lib/services/sending/pushes";
import { pushSchema } from "@/lib/services/sending/schemas";

/** A dry run (200: what would happen) or a push (202 `{ pushId }`, sent by the background worker). */
export const POST = withUser<{ id: string }>(async ({ req, user, params }) => {
  const id = parseId(params.id, "CSV file not found");
  const input = await parseBody(req, pushSchema);
  const answer = await createPush(user.id, id, input);
  return json(answer, input.dryRun ? 200 : 202);
});
