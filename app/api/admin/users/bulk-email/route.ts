import { withAdmin } from "@/lib/http/handlers";
import { parseBody } from "@/lib/http/parse";
import { bulkEmailSchema } from "@/lib/services/admin/schemas";
import { bulkEmail } from "@/lib/services/admin/users";

export const maxDuration = 300;

/** One e-mail per selected user. */
export const POST = withAdmin(async ({ req }) => bulkEmail(await parseBody(req, bulkEmailSchema)));
