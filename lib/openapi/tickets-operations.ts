/** Operations of the caller's support tickets (the registry: ./operations.ts). */
import { createTicketSchema, replySchema, userStatusSchema } from "@/lib/services/tickets/schemas";
import { ok, created, type OperationSpec } from "./operation-spec";

export const TICKET_OPERATIONS: readonly OperationSpec[] = [
  // ---- Tickets ----
  {
    method: "get",
    path: "/api/tickets",
    operationId: "listMyTickets",
    tag: "Tickets",
    summary: "The caller's tickets",
    access: "user",
    success: ok("Tickets, newest first", { list: "Ticket" }),
  },
  {
    method: "post",
    path: "/api/tickets",
    operationId: "createTicket",
    tag: "Tickets",
    summary: "Open a ticket",
    access: "user",
    body: createTicketSchema,
    bodyExample: { subject: "Bulk run stuck", message: "My batch stays at 40%.", priority: "high" },
    success: created("The new ticket", "Ticket"),
  },
  {
    method: "get",
    path: "/api/tickets/{id}",
    operationId: "getMyTicket",
    tag: "Tickets",
    summary: "One ticket with its responses",
    access: "user",
    success: ok("The ticket", "Ticket"),
  },
  {
    method: "put",
    path: "/api/tickets/{id}",
    operationId: "updateMyTicketStatus",
    tag: "Tickets",
    summary: "Close or reopen a ticket",
    access: "user",
    body: userStatusSchema,
    bodyExample: { status: "closed" },
    success: ok("The ticket", "Ticket"),
  },
  {
    method: "post",
    path: "/api/tickets/{id}/reply",
    operationId: "replyToMyTicket",
    tag: "Tickets",
    summary: "Reply to a ticket",
    access: "user",
    body: replySchema,
    bodyExample: { message: "It finished now, thanks!" },
    success: ok("The ticket", "Ticket"),
  },
];
