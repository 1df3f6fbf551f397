import "server-only";
import { eq, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { ticketResponses, tickets, users } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { notFound } from "@/lib/errors";
import { isUuid } from "@/lib/http/ids";
import { sendMail } from "@/lib/mail/send";
import { ticketUpdateEmail } from "@/lib/mail/templates";
import { readTicket, ticketJson, type TicketRow } from "./serialize";
import type { TicketJson } from "@/lib/responses/support";

/** "Ticket #" + the last 6 characters of the id. */
function shortTicketId(id: string): string {
  return id.slice(-6);
}

/** Tells the ticket's owner (if the account still exists) that support answered or changed the status. */
async function notifyOwner(ticket: TicketRow, response: string | null): Promise<void> {
  if (!ticket.userId) return;
  const [owner] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, ticket.userId));
  if (!owner) return;
  const url = `${env().appUrl}/help/tickets/${ticket.id}`;
  try {
    await sendMail(
      ticketUpdateEmail(
        owner,
        { subject: ticket.subject, status: ticket.status, shortId: shortTicketId(ticket.id) },
        url,
        response,
      ),
    );
  } catch (error) {
    console.error(`[tickets] could not notify the owner of ticket ${ticket.id}`, error);
  }
}

/** Admin: set any status and optionally add a response, in one save; the user is e-mailed. */
export async function adminUpdateTicket(
  adminId: string,
  id: string,
  input: { status?: TicketRow["status"]; response?: string },
): Promise<TicketJson> {
  if (!isUuid(id)) throw notFound("Ticket not found");
  const before = await readTicket(id);
  if (!before) throw notFound("Ticket not found");
  const response = input.response?.trim() || null;
  const status = input.status ?? before.status;
  // Nothing to save: keep updatedAt (the user's "Last Update") and send no e-mail.
  if (!response && status === before.status) return ticketJson(before);
  await db.transaction(async (tx) => {
    if (response)
      await tx
        .insert(ticketResponses)
        .values({ ticketId: id, message: response, responder: "admin", responderId: adminId });
    await tx
      .update(tickets)
      .set({ status, updatedAt: sql`now()` })
      .where(eq(tickets.id, id));
  });
  const after = (await readTicket(id))!;
  if (response || after.status !== before.status) await notifyOwner(after, response);
  return ticketJson(after);
}
