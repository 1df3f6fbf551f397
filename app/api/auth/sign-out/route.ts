import { authHeaders } from "@/lib/auth/session";
import { jsonWithCookies } from "@/lib/http/client-address";
import { handle } from "@/lib/http/handlers";
import { signOutUser } from "@/lib/services/auth/account";
import type { MessageJson } from "@/lib/responses/common";

export const POST = handle(async ({ req }) => {
  const cookies = await signOutUser(authHeaders(req.headers));
  return jsonWithCookies({ msg: "Signed out" } satisfies MessageJson, cookies);
});
