import { withUser } from "@/lib/http/handlers";
import { parseBody, parseId } from "@/lib/http/parse";
import { userStatusSchema } from "@/lib/services/tickets/schemas";
import { getMyTicket, updateMyTicketStatus } from "@/lib/services/tickets/tickets";

type Params = { id: string };
const NOT_FOUND = "Ticket not found";

export const GET = withUser<Params>(async ({ user, params }) => getMyTicket(user.id, parseId(params.id, NOT_FOUND)));

/** Close an open or in-progress ticket, or reopen a closed one. */
export const PUT = withUser<Params>(async ({ req, user, params }) =>
  updateMyTicketStatus(user.id, parseId(params.id, NOT_FOUND), (await parseBody(req, userStatusSchema)).status),
);
