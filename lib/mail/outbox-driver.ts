import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { outboxEmails } from "@/lib/db/schema";
import { settleBackgroundTasks } from "@/lib/http/after-response";
import type { MailBatchResult, MailDriver, MailMessage } from "./types";
import type { OutboxEmailJson } from "@/lib/responses/admin";

const log = (message: MailMessage) =>
  console.log(`[mail:outbox] to=${message.to} subject="${message.subject}"\n${message.text}\n`);

/** Local-mode driver: stores every message and prints it to the server log. */
export const outboxDriver: MailDriver = {
  name: "outbox",
  async send(message: MailMessage) {
    await db.insert(outboxEmails).values({ ...message, to: message.to.toLowerCase() });
    log(message);
  },
  /** Stores each message of the batch (one insert: all or none) and prints them. */
  async sendBatch(messages: MailMessage[]): Promise<MailBatchResult> {
    if (messages.length === 0) return { refused: [] };
    await db.insert(outboxEmails).values(messages.map((m) => ({ ...m, to: m.to.toLowerCase() })));
    for (const m of messages) log(m);
    return { refused: [] };
  },
};

/** Newest first; optionally only the messages sent to one address. */
export async function listOutbox(to?: string, limit = 200): Promise<OutboxEmailJson[]> {
  // Mails are sent after the response (lib/http/after-response.ts): include the ones still on their way.
  await settleBackgroundTasks();
  const rows = await db
    .select()
    .from(outboxEmails)
    .where(to ? and(eq(outboxEmails.to, to.trim().toLowerCase())) : sql`true`)
    .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id))
    .limit(limit);
  return rows.map((r) => ({
    to: r.to,
    subject: r.subject,
    text: r.text,
    html: r.html,
    createdAt: r.createdAt.toISOString(),
  }));
}
