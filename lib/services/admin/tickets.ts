import "server-only";
import { and, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import { db } from "@/lib/db";
import { tickets, users } from "@/lib/db/schema";
import { notFound } from "@/lib/errors";
import { isUuid } from "@/lib/http/ids";
import { readTicket, ticketJson, toTicketsJson, type TicketRow } from "@/lib/services/tickets/serialize";
import { pagination } from "./pagination";
import { likePattern } from "./promo-codes";
import type { TicketJson } from "@/lib/responses/support";
import type { AdminTicketsJson } from "@/lib/responses/admin";

/** All tickets with status, priority and text search (subject, message, user's e-mail or name), in SQL. */
export async function listAllTickets(q: {
  page: number;
  limit: number;
  status?: string;
  priority?: string;
  search?: string;
}): Promise<AdminTicketsJson> {
  const filters: SQL[] = [];
  if (q.status) filters.push(eq(tickets.status, q.status as TicketRow["status"]));
  if (q.priority) filters.push(eq(tickets.priority, q.priority as TicketRow["priority"]));
  if (q.search) {
    const p = likePattern(q.search);
    filters.push(
      or(ilike(tickets.subject, p), ilike(tickets.message, p), ilike(users.email, p), ilike(users.name, p))!,
    );
  }
  const where = filters.length ? and(...filters) : undefined;
  const rows = await db
    .select({ t: tickets })
    .from(tickets)
    .leftJoin(users, eq(users.id, tickets.userId))
    .where(where)
    .orderBy(desc(tickets.createdAt), desc(tickets.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [counted] = await db
    .select({ total: count() })
    .from(tickets)
    .leftJoin(users, eq(users.id, tickets.userId))
    .where(where);
  return {
    tickets: await toTicketsJson(rows.map((r) => r.t)),
    pagination: pagination(q.page, q.limit, Number(counted?.total ?? 0)),
  };
}

export async function getAnyTicket(id: string): Promise<TicketJson> {
  const row = isUuid(id) ? await readTicket(id) : null;
  if (!row) throw notFound("Ticket not found");
  return ticketJson(row);
}
