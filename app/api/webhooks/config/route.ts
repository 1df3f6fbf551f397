import { withUser } from "@/lib/http/handlers";
import { parseBody } from "@/lib/http/parse";
import { getMakeConfig, saveMakeConfig } from "@/lib/services/integrations/configs";
import { makeConfigSchema } from "@/lib/services/integrations/schemas";

/** The scenario-service (Make) webhook: `{webhookUrl, webhookSecret (masked), isConfigured, lastUpdated}`. */
export const GET = withUser(async ({ user }) => getMakeConfig(user.id));

export const POST = withUser(async ({ req, user }) => saveMakeConfig(user.id, await parseBody(req, makeConfigSchema)));
