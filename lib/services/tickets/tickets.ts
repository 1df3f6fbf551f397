import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { ticketResponses, tickets } from "@/lib/db/schema";
import { AppError, notFound } from "@/lib/errors";
import { isUuid } from "@/lib/http/ids";
import { ticketJson, toTicketsJson, type TicketRow } from "./serialize";
import type { TicketJson } from "@/lib/responses/support";

type Status = TicketRow["status"];

async function ownedTicket(userId: string, id: string): Promise<TicketRow> {
  if (!isUuid(id)) throw notFound("Ticket not found");
  const [row] = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.id, id), eq(tickets.userId, userId)));
  if (!row) throw notFound("Ticket not found");
  return row;
}

/** `GET /tickets`: the caller's tickets, most recently updated first. */
export async function listMyTickets(userId: string): Promise<TicketJson[]> {
  const rows = await db
    .select()
    .from(tickets)
    .where(eq(tickets.userId, userId))
    .orderBy(desc(tickets.updatedAt))
    .limit(500);
  return toTicketsJson(rows);
}

export async function getMyTicket(userId: string, id: string): Promise<TicketJson> {
  return ticketJson(await ownedTicket(userId, id));
}

export async function createTicket(
  userId: string,
  input: { subject: string; message: string; priority: TicketRow["priority"] },
): Promise<TicketJson> {
  const [row] = await db
    .insert(tickets)
    .values({ userId, ...input })
    .returning();
  return ticketJson(row!);
}

/** `POST /tickets/{id}/reply`: not on a closed ticket. */
export async function replyToMyTicket(userId: string, id: string, message: string): Promise<TicketJson> {
  await ownedTicket(userId, id);
  await db.transaction(async (tx) => {
    // Checked under a row lock, so a reply cannot slip in while the ticket is being closed.
    const [current] = await tx.select({ status: tickets.status }).from(tickets).where(eq(tickets.id, id)).for("update");
    if (current?.status === "closed")
      throw new AppError("invalid_input", "This ticket is closed. Reopen it to add a reply.");
    await tx.insert(ticketResponses).values({ ticketId: id, message, responder: "user", responderId: userId });
    await tx
      .update(tickets)
      .set({ updatedAt: sql`now()` })
      .where(eq(tickets.id, id));
  });
  return getMyTicket(userId, id);
}

/** What a user may do to their own ticket: close an open or in-progress one, reopen a closed one. */
function userMayChangeStatus(from: Status, to: Status): boolean {
  return (to === "closed" && (from === "open" || from === "in-progress")) || (to === "open" && from === "closed");
}

/** `PUT /tickets/{id} {status}`. */
export async function updateMyTicketStatus(userId: string, id: string, status: Status): Promise<TicketJson> {
  const ticket = await ownedTicket(userId, id);
  if (!userMayChangeStatus(ticket.status, status)) {
    throw new AppError("invalid_input", "You can close an open or in-progress ticket, or reopen a closed one.");
  }
  const changed = await db
    .update(tickets)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(tickets.id, id), eq(tickets.status, ticket.status)))
    .returning({ id: tickets.id });
  if (changed.length === 0)
    throw new AppError("conflict", "The ticket was changed meanwhile. Reload it and try again.");
  return getMyTicket(userId, id);
}
