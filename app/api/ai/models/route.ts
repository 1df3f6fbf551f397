import { withUser } from "@/lib/http/handlers";
import { availableModels } from "@/lib/services/models/available-models";

/** Models the key offers merged with the curated table; `?connectionId=` one key, `?refresh=1` asks again. */
export const GET = withUser(async ({ req, user }) => {
  const params = new URL(req.url).searchParams;
  return availableModels(user.id, {
    forceRefresh: params.get("refresh") === "1",
    connectionId: params.get("connectionId") || null,
  });
});
