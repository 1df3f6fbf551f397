import { withUser } from "@/lib/http/handlers";
import { parseBody } from "@/lib/http/parse";
import { getUserAiConfig, updateAiConfig } from "@/lib/services/ai-config/ai-config";
import { updateAiConfigSchema } from "@/lib/services/ai-config/schemas";
import type { AiConfigSavedJson } from "@/lib/responses/ai";

export const GET = withUser(async ({ user }) => getUserAiConfig(user.id));

export const PUT = withUser(async ({ req, user }) => {
  const aiConfig = await updateAiConfig(user.id, await parseBody(req, updateAiConfigSchema));
  return { msg: "Configuration saved", aiConfig } satisfies AiConfigSavedJson;
});
