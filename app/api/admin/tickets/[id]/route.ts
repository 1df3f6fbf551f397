import { withAdmin } from "@/lib/http/handlers";
import { parseBody, parseId } from "@/lib/http/parse";
import { adminTicketUpdateSchema } from "@/lib/services/admin/schemas";
import { getAnyTicket } from "@/lib/services/admin/tickets";
import { adminUpdateTicket } from "@/lib/services/tickets/admin-tickets";

type Params = { id: string };
const NOT_FOUND = "Ticket not found";

export const GET = withAdmin<Params>(async ({ params }) => getAnyTicket(parseId(params.id, NOT_FOUND)));

/** Any status and an optional response, in one save; the ticket's owner is e-mailed. */
export const PUT = withAdmin<Params>(async ({ req, user, params }) =>
  adminUpdateTicket(user.id, parseId(params.id, NOT_FOUND), await parseBody(req, adminTicketUpdateSchema)),
);
