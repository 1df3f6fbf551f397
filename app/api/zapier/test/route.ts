import { withUser } from "@/lib/http/handlers";
import { testWebhook } from "@/lib/services/integrations/send";

export const POST = withUser(async ({ user }) => testWebhook(user.id, "zapier"));
