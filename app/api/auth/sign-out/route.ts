import { authHeaders } from "@/lib/auth/session";
import { jsonWithCookies } from "@/lib/http/client-address";
import { handle } from "@/lib/http/handlers";
import type { MessageJson } from "@/lib/http/respond";
import { signOutUser } from "@/lib/services/auth/account";

export const POST = handle(async ({ req }) => {
  const cookies = await signOutUser(authHeaders(req.headers));
  return jsonWithCookies({ msg: "Signed out" } satisfies MessageJson, cookies);
});
