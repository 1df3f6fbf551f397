import { withUser } from "@/lib/http/handlers";
import { parseBody, parseId } from "@/lib/http/parse";
import { json } from "@/lib/http/respond";
import { createEmailCheck } from "@/lib/services/email-checks/email-checks";
import { emailCheckSchema } from "@/lib/services/email-checks/schemas";

/** Checks the file's addresses in the background: 202 `{ checkId }`. */
export const POST = withUser<{ id: string }>(async ({ req, user, params }) => {
  const id = parseId(params.id, "CSV file not found");
  const input = await parseBody(req, emailCheckSchema);
  return json(await createEmailCheck(user.id, id, input), 202);
});
