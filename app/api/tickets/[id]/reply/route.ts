import { withUser } from "@/lib/http/handlers";
import { parseBody, parseId } from "@/lib/http/parse";
import { replySchema } from "@/lib/services/tickets/schemas";
import { replyToMyTicket } from "@/lib/services/tickets/tickets";

export const POST = withUser<{ id: string }>(async ({ req, user, params }) =>
  replyToMyTicket(user.id, parseId(params.id, "Ticket not found"), (await parseBody(req, replySchema)).message),
);
