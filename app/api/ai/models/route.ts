import { withUser } from "@/lib/http/handlers";
import { availableModels } from "@/lib/services/models/available-models";

/** Models grouped by provider; `?refresh=1` asks the providers again. */
export const GET = withUser(async ({ req, user }) =>
  availableModels(user.id, new URL(req.url).searchParams.get("refresh") === "1"),
);
