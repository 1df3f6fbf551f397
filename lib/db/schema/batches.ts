import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { csvFiles } from "./csv";
import { BATCH_STATUSES, STOP_REASONS } from "@/lib/domain/enums";
import { ts } from "./columns";

export const ITEM_STATUSES = ["pending", "running", "done", "failed", "cancelled"] as const;

/** A bulk generation run with persisted progress; survives restarts. */
export const batches = pgTable(
  "batches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    csvFileId: uuid("csv_file_id").references(() => csvFiles.id, { onDelete: "set null" }),
    status: text("status", { enum: BATCH_STATUSES }).notNull().default("queued"),
    total: integer("total").notNull(),
    processed: integer("processed").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    creditsReserved: integer("credits_reserved").notNull().default(0),
    creditsRefunded: integer("credits_refunded").notNull().default(0),
    /** UTC day the credits were reserved on, so refunds go back to that day. */
    creditDay: text("credit_day"),
    error: text("error"),
    /** Why a run ended early: "cancelled" (the user), "spend_cap", "fatal"; null while running or completed. */
    stopReason: text("stop_reason", { enum: STOP_REASONS }),
    /** A BatchSettings (lib/services/generation/batch-settings.ts): parsed when read, never trusted as is. */
    settings: jsonb("settings")
      .$type<unknown>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    finishedAt: ts("finished_at"),
    /** Which worker runs the batch, and until when (renewed while running; a dead worker's lease lapses). */
    leaseOwner: text("lease_owner"),
    leaseUntil: ts("lease_until"),
  },
  (t) => [index("batches_user_idx").on(t.userId, t.createdAt), index("batches_status_idx").on(t.status)],
);

export const batchItems = pgTable(
  "batch_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    batchId: uuid("batch_id")
      .notNull()
      .references(() => batches.id, { onDelete: "cascade" }),
    rowId: bigint("row_id", { mode: "number" }).notNull(),
    rowIndex: integer("row_index").notNull(),
    status: text("status", { enum: ITEM_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    error: text("error"),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("batch_items_batch_row_key").on(t.batchId, t.rowId),
    index("batch_items_batch_status_idx").on(t.batchId, t.status),
  ],
);
