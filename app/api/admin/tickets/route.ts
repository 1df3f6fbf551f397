import { withAdmin } from "@/lib/http/handlers";
import { parseQuery } from "@/lib/http/parse";
import { listTicketsQuery } from "@/lib/services/admin/schemas";
import { listAllTickets } from "@/lib/services/admin/tickets";

export const GET = withAdmin(async ({ req }) => listAllTickets(parseQuery(req, listTicketsQuery)));
