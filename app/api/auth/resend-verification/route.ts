import { handle } from "@/lib/http/handlers";
import { parseBody } from "@/lib/http/parse";
import { resendVerification } from "@/lib/services/auth/account";
import { emailOnlySchema } from "@/lib/services/auth/schemas";

export const POST = handle(async ({ req }) => resendVerification((await parseBody(req, emailOnlySchema)).email));
