import { withSessionUser } from "@/lib/http/handlers";
import { revokeApiKey } from "@/lib/services/api-keys/api-keys";
import type { MessageJson } from "@/lib/responses/common";

type Params = { id: string };

export const DELETE = withSessionUser<Params>(async ({ user, params }) => {
  await revokeApiKey(user.id, params.id);
  return { msg: "API key revoked" } satisfies MessageJson;
});
