import { withUser } from "@/lib/http/handlers";
import { parseId } from "@/lib/http/parse";
import { pushReceipts } from "@/lib/services/sending/pushes";

export const GET = withUser<{ id: string }>(async ({ user, params }) =>
  pushReceipts(user.id, parseId(params.id, "CSV file not found")),
);
