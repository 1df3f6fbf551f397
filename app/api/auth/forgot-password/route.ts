import { handle } from "@/lib/http/handlers";
import { parseBody } from "@/lib/http/parse";
import { requestPasswordReset } from "@/lib/services/auth/account";
import { emailOnlySchema } from "@/lib/services/auth/schemas";

export const POST = handle(async ({ req }) => requestPasswordReset((await parseBody(req, emailOnlySchema)).email));
