import { clientIp, jsonWithCookies } from "@/lib/http/client-address";
import { handle } from "@/lib/http/handlers";
import { parseBody } from "@/lib/http/parse";
import { loginUser } from "@/lib/services/auth/login";
import { loginSchema } from "@/lib/services/auth/schemas";
import type { SessionJson } from "@/lib/responses/account";

export const POST = handle(async ({ req }) => {
  const input = await parseBody(req, loginSchema);
  const { token, user, setCookies } = await loginUser(input, clientIp(req));
  return jsonWithCookies({ token, user } satisfies SessionJson, setCookies);
});
