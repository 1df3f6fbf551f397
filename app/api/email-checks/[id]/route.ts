import { withUser } from "@/lib/http/handlers";
import { parseId } from "@/lib/http/parse";
import { getEmailCheck } from "@/lib/services/email-checks/email-checks";

export const GET = withUser<{ id: string }>(async ({ user, params }) =>
  getEmailCheck(user.id, parseId(params.id, "Address check not found")),
);
