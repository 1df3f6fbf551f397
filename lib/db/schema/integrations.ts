import { index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { DELIVERY_STATUSES } from "@/lib/domain/enums";
import { ts } from "./columns";

export const WEBHOOK_KINDS = ["make", "zapier"] as const;

export const webhookConfigs = pgTable(
  "webhook_configs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: WEBHOOK_KINDS }).notNull(),
    url: text("url").notNull(),
    secretEncrypted: text("secret_encrypted"),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("webhook_configs_user_kind_key").on(t.userId, t.kind)],
);

export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: WEBHOOK_KINDS }).notNull(),
    url: text("url").notNull(),
    event: text("event").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    rowCount: integer("row_count").notNull().default(0),
    attempts: integer("attempts").notNull().default(0),
    statusCode: integer("status_code"),
    status: text("status", { enum: DELIVERY_STATUSES }).notNull(),
    error: text("error"),
    durationMs: integer("duration_ms"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("webhook_deliveries_user_kind_idx").on(t.userId, t.kind, t.createdAt)],
);
