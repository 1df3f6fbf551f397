import { withAdmin } from "@/lib/http/handlers";
import { parseBody } from "@/lib/http/parse";
import { adminTicketUpdateSchema } from "@/lib/services/admin/schemas";
import { getAnyTicket } from "@/lib/services/admin/tickets";
import { adminUpdateTicket } from "@/lib/services/tickets/admin-tickets";

type Params = { id: string };

export const GET = withAdmin<Params>(async ({ params }) => getAnyTicket(params.id));

/** Any status and an optional response, in one save; the ticket's owner is e-mailed. */
export const PUT = withAdmin<Params>(async ({ req, user, params }) => adminUpdateTicket(user.id, params.id, await parseBody(req, adminTicketUpdateSchema)));
