import { withSessionUser } from "@/lib/http/handlers";
import { parseBody } from "@/lib/http/parse";
import { json } from "@/lib/http/respond";
import { createApiKey, listApiKeys } from "@/lib/services/api-keys/api-keys";
import { createApiKeySchema } from "@/lib/services/api-keys/schemas";

// Managing keys needs a session: a request authenticated by an API key is answered 403.
export const GET = withSessionUser(async ({ user }) => listApiKeys(user.id));

export const POST = withSessionUser(async ({ req, user }) =>
  json(await createApiKey(user.id, await parseBody(req, createApiKeySchema)), 201),
);
