import { checkProviderKey } from "@/lib/ai/provider-models";
import { withUser } from "@/lib/http/handlers";
import { parseBody } from "@/lib/http/parse";
import { checkKeySchema } from "@/lib/services/connections/schemas";

/** Checks a key before it is saved. */
export const POST = withUser(async ({ req }) => {
  const { provider, apiKey } = await parseBody(req, checkKeySchema);
  return checkProviderKey(provider, apiKey);
});
