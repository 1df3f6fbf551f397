import { clientIp } from "@/lib/http/client-address";
import { handle } from "@/lib/http/handlers";
import { parseBody } from "@/lib/http/parse";
import { json } from "@/lib/http/respond";
import { registerUser } from "@/lib/services/auth/account";
import { registerSchema } from "@/lib/services/auth/schemas";

export const POST = handle(async ({ req }) => {
  const input = await parseBody(req, registerSchema);
  return json(await registerUser(input, clientIp(req)), 201);
});
