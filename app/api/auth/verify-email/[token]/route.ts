import { jsonWithCookies } from "@/lib/http/client-address";
import { handle } from "@/lib/http/handlers";
import { verifyEmailToken } from "@/lib/services/auth/account";
import type { SessionJson } from "@/lib/responses/account";

export const GET = handle<{ token: string }>(async ({ params }) => {
  const { token, user, setCookies } = await verifyEmailToken(params.token);
  return jsonWithCookies({ token, user } satisfies SessionJson, setCookies);
});
