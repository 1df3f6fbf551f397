import { withUser } from "@/lib/http/handlers";
import { parseId } from "@/lib/http/parse";
import { cancelEmailCheck } from "@/lib/services/email-checks/email-checks";

export const POST = withUser<{ id: string }>(async ({ user, params }) =>
  cancelEmailCheck(user.id, parseId(params.id, "Address check not found")),
);
