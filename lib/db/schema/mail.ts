import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Every e-mail the outbox driver "sends" (local mode / MAIL_DRIVER=outbox). */
export const outboxEmails = pgTable(
  "outbox_emails",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("outbox_emails_to_created_idx").on(t.to, t.createdAt)],
);
