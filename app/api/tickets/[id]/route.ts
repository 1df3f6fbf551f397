import { withUser } from "@/lib/http/handlers";
import { parseBody } from "@/lib/http/parse";
import { userStatusSchema } from "@/lib/services/tickets/schemas";
import { getMyTicket, updateMyTicketStatus } from "@/lib/services/tickets/tickets";

type Params = { id: string };

export const GET = withUser<Params>(async ({ user, params }) => getMyTicket(user.id, params.id));

/** Close an open or in-progress ticket, or reopen a closed one. */
export const PUT = withUser<Params>(async ({ req, user, params }) => updateMyTicketStatus(user.id, params.id, (await parseBody(req, userStatusSchema)).status));
