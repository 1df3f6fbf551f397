import { withUser } from "@/lib/http/handlers";
import { parseId } from "@/lib/http/parse";
import { listCampaigns } from "@/lib/services/sending/connections";

export const GET = withUser<{ id: string }>(async ({ user, params }) =>
  listCampaigns(user.id, parseId(params.id, "Connection not found")),
);
