import "server-only";
import { asc, eq, inArray } from "drizzle-orm";
import { db } from "@/lib/db";
import { ticketResponses, tickets, users } from "@/lib/db/schema";
import type { TicketJson } from "@/lib/responses/support";

export type TicketRow = typeof tickets.$inferSelect;
type ResponseRow = typeof ticketResponses.$inferSelect;

/** Tickets with their owner and responses, in three queries whatever the number of tickets. */
export async function toTicketsJson(rows: TicketRow[], withResponses = true): Promise<TicketJson[]> {
  if (rows.length === 0) return [];
  const userIds = [...new Set(rows.map((t) => t.userId).filter((id): id is string => Boolean(id)))];
  const owners = userIds.length
    ? await db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(inArray(users.id, userIds))
    : [];
  const responses: ResponseRow[] = withResponses
    ? await db
        .select()
        .from(ticketResponses)
        .where(
          inArray(
            ticketResponses.ticketId,
            rows.map((t) => t.id),
          ),
        )
        .orderBy(asc(ticketResponses.createdAt))
    : [];
  return rows.map((t) => {
    const owner = owners.find((o) => o.id === t.userId);
    return {
      _id: t.id,
      subject: t.subject,
      message: t.message,
      priority: t.priority,
      status: t.status,
      createdAt: t.createdAt.toISOString(),
      updatedAt: t.updatedAt.toISOString(),
      user: owner ? { _id: owner.id, name: owner.name, email: owner.email } : null,
      responses: responses
        .filter((r) => r.ticketId === t.id)
        .map((r) => ({
          message: r.message,
          responder: r.responder,
          createdAt: r.createdAt.toISOString(),
          timestamp: r.createdAt.toISOString(),
        })),
    };
  });
}

export async function ticketJson(row: TicketRow): Promise<TicketJson> {
  return (await toTicketsJson([row]))[0]!;
}

export async function readTicket(id: string): Promise<TicketRow | null> {
  const [row] = await db.select().from(tickets).where(eq(tickets.id, id));
  return row ?? null;
}
