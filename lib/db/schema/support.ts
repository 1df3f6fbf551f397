import { index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { TICKET_PRIORITIES, TICKET_RESPONDERS, TICKET_STATUSES } from "@/lib/domain/enums";
import { ts } from "./columns";

export const tickets = pgTable(
  "tickets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Null when the account was deleted: admin screens show "Anonymous". */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    priority: text("priority", { enum: TICKET_PRIORITIES }).notNull().default("medium"),
    status: text("status", { enum: TICKET_STATUSES }).notNull().default("open"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("tickets_user_idx").on(t.userId, t.updatedAt),
    index("tickets_status_idx").on(t.status, t.priority),
    index("tickets_created_idx").on(t.createdAt),
  ],
);

export const ticketResponses = pgTable(
  "ticket_responses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    message: text("message").notNull(),
    responder: text("responder", { enum: TICKET_RESPONDERS }).notNull(),
    responderId: text("responder_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("ticket_responses_ticket_idx").on(t.ticketId, t.createdAt)],
);
