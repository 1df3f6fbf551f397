import { withAdmin } from "@/lib/http/handlers";
import { parseBody } from "@/lib/http/parse";
import { json } from "@/lib/http/respond";
import { bulkEmailSchema } from "@/lib/services/admin/schemas";
import { bulkEmail } from "@/lib/services/admin/users";

/** One e-mail per selected user, sent by a background job: 202 `{ jobId, msg, total }`. */
export const POST = withAdmin(async ({ req, user }) =>
  json(await bulkEmail(user.id, await parseBody(req, bulkEmailSchema)), 202),
);
