import { checkProviderKey } from "@/lib/ai/provider-models";
import { withUser } from "@/lib/http/handlers";
import { parseId } from "@/lib/http/parse";
import { connectionApiKey } from "@/lib/services/connections/connections";

/** Checks a saved key against the provider's list-models endpoint. */
export const POST = withUser<{ id: string }>(async ({ user, params }) => {
  const { provider, apiKey } = await connectionApiKey(user.id, parseId(params.id, "Connection not found"));
  return checkProviderKey(provider, apiKey);
});
