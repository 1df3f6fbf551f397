import { GET as ticketGET, PUT as ticketPUT } from "@/app/api/tickets/[id]/route";
import { POST as replyPOST } from "@/app/api/tickets/[id]/reply/route";
import { GET as ticketsGET, POST as ticketsPOST } from "@/app/api/tickets/route";
import type { TestUser } from "./ai";
import { callRoute } from "./http";

/** Helpers for the user-side tickets API (`/api/tickets…`), called the way Next would. */
type Caller = TestUser | null;
const auth = (u: Caller) => u?.headers ?? {};

export const createTicketCall = (u: Caller, body: unknown) =>
  callRoute(ticketsPOST, { method: "POST", url: "/api/tickets", headers: auth(u), body });

export const listTickets = (u: Caller) => callRoute(ticketsGET, { url: "/api/tickets", headers: auth(u) });

export const getTicket = (u: Caller, id: string) =>
  callRoute(ticketGET, { url: `/api/tickets/${id}`, headers: auth(u), params: { id } });

export const setTicketStatus = (u: Caller, id: string, body: unknown) =>
  callRoute(ticketPUT, { method: "PUT", url: `/api/tickets/${id}`, headers: auth(u), params: { id }, body });

export const replyToTicket = (u: Caller, id: string, body: unknown) =>
  callRoute(replyPOST, { method: "POST", url: `/api/tickets/${id}/reply`, headers: auth(u), params: { id }, body });

/** Creates a ticket through the API and returns its JSON (fails the test on anything but 201). */
export async function newTicket(u: TestUser, body: Record<string, unknown> = {}) {
  const res = await createTicketCall(u, {
    subject: "Cannot import my CSV",
    message: "The import button does nothing.",
    priority: "high",
    ...body,
  });
  if (res.status !== 201) throw new Error(`POST /api/tickets -> ${res.status} ${res.text}`);
  return res.json;
}
