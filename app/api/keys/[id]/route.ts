import { withSessionUser } from "@/lib/http/handlers";
import type { MessageJson } from "@/lib/http/respond";
import { revokeApiKey } from "@/lib/services/api-keys/api-keys";

type Params = { id: string };

export const DELETE = withSessionUser<Params>(async ({ user, params }) => {
  await revokeApiKey(user.id, params.id);
  return { msg: "API key revoked" } satisfies MessageJson;
});
