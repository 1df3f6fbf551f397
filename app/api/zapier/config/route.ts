import { withUser } from "@/lib/http/handlers";
import { parseBody } from "@/lib/http/parse";
import { getZapierConfig, saveZapierConfig } from "@/lib/services/integrations/configs";
import { zapierConfigSchema } from "@/lib/services/integrations/schemas";

/** The webhook-automation (Zapier) hook: `{isConfigured, webhookUrl}`. */
export const GET = withUser(async ({ user }) => getZapierConfig(user.id));

export const POST = withUser(async ({ req, user }) =>
  saveZapierConfig(user.id, (await parseBody(req, zapierConfigSchema)).webhookUrl),
);
