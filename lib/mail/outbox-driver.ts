import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { outboxEmails } from "@/lib/db/schema";
import type { MailDriver, MailMessage } from "./types";

/** Local-mode driver: stores every message and prints it to the server log. */
export const outboxDriver: MailDriver = {
  name: "outbox",
  async send(message: MailMessage) {
    await db.insert(outboxEmails).values({ ...message, to: message.to.toLowerCase() });
    console.log(`[mail:outbox] to=${message.to} subject="${message.subject}"\n${message.text}\n`);
  },
};

export interface OutboxEmailJson {
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

/** Newest first; optionally only the messages sent to one address. */
export async function listOutbox(to?: string, limit = 200): Promise<OutboxEmailJson[]> {
  const rows = await db
    .select()
    .from(outboxEmails)
    .where(to ? and(eq(outboxEmails.to, to.trim().toLowerCase())) : sql`true`)
    .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id))
    .limit(limit);
  return rows.map((r) => ({ to: r.to, subject: r.subject, text: r.text, html: r.html, createdAt: r.createdAt.toISOString() }));
}
