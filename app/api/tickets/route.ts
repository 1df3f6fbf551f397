import { withUser } from "@/lib/http/handlers";
import { parseBody } from "@/lib/http/parse";
import { json } from "@/lib/http/respond";
import { createTicketSchema } from "@/lib/services/tickets/schemas";
import { createTicket, listMyTickets } from "@/lib/services/tickets/tickets";

export const GET = withUser(async ({ user }) => listMyTickets(user.id));

export const POST = withUser(async ({ req, user }) =>
  json(await createTicket(user.id, await parseBody(req, createTicketSchema)), 201),
);
