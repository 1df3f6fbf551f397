import { handle } from "@/lib/http/handlers";
import { parseBody } from "@/lib/http/parse";
import { resetPassword } from "@/lib/services/auth/account";
import { resetPasswordSchema } from "@/lib/services/auth/schemas";

export const POST = handle<{ token: string }>(async ({ req, params }) => {
  const { password } = await parseBody(req, resetPasswordSchema);
  return resetPassword(params.token, password);
});
