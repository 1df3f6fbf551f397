import { bigint, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { EMAIL_CHECK_STATUSES } from "@/lib/email-checks/statuses";
import { ts } from "./columns";
import { csvFiles } from "./csv";
import { owner } from "./owner";
import { integrationConnections } from "./sending";

/** What a check was asked to do. */
export interface EmailCheckOptions {
  /** The rows named by the request (ids), or null: every row of the file when the check was created. */
  rowIds: number[] | null;
  /** With rowIds null: the rows then were those with an id up to this one (rows added later are not checked). */
  maxRowId: number;
  /** A ZeroBounce deep check was asked for (its connection may since have been deleted). */
  deep: boolean;
}

/**
 * One check of a file's addresses (lib/services/email-checks). Rows are checked in file order, a chunk at a
 * time: each chunk's Email Status cells, the counts and the cursor (the last checked row's position and id)
 * are written in one transaction, so a check resumes after its cursor.
 */
export const emailChecks = pgTable(
  "email_checks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: owner(),
    csvId: uuid("csv_id")
      .notNull()
      .references(() => csvFiles.id, { onDelete: "cascade" }),
    /** The column holding the addresses. */
    column: text("column").notNull(),
    /** The ZeroBounce connection of a deep check. */
    connectionId: uuid("connection_id").references(() => integrationConnections.id, { onDelete: "set null" }),
    status: text("status", { enum: EMAIL_CHECK_STATUSES }).notNull().default("queued"),
    options: jsonb("options").$type<EmailCheckOptions>().notNull(),
    total: integer("total").notNull().default(0),
    /** Rows done so far (empty cells included: they get no status). */
    checked: integer("checked").notNull().default(0),
    /** Rows by the status they got. */
    counts: jsonb("counts")
      .$type<Record<string, number>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    error: text("error"),
    /** The last checked row, in file order (position, then id): the check resumes after it. */
    cursorPosition: integer("cursor_position"),
    cursorRowId: bigint("cursor_row_id", { mode: "number" }),
    /** Which worker runs the check, and until when (lib/queue/lease.ts). */
    leaseOwner: text("lease_owner"),
    leaseUntil: ts("lease_until"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    startedAt: ts("started_at"),
    finishedAt: ts("finished_at"),
  },
  (t) => [index("email_checks_csv_idx").on(t.csvId, t.createdAt)],
);
