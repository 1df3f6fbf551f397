import { withUser } from "@/lib/http/handlers";
import { parseId } from "@/lib/http/parse";
import { listEmailChecks } from "@/lib/services/email-checks/email-checks";

export const GET = withUser<{ id: string }>(async ({ user, params }) =>
  listEmailChecks(user.id, parseId(params.id, "CSV file not found")),
);
