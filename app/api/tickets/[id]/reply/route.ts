import { withUser } from "@/lib/http/handlers";
import { parseBody } from "@/lib/http/parse";
import { replySchema } from "@/lib/services/tickets/schemas";
import { replyToMyTicket } from "@/lib/services/tickets/tickets";

export const POST = withUser<{ id: string }>(async ({ req, user, params }) => replyToMyTicket(user.id, params.id, (await parseBody(req, replySchema)).message));
