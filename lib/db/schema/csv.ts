import { sql } from "drizzle-orm";
import { bigserial, boolean, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import type { QualityFlag } from "@/lib/quality/rules";
import { ts } from "./columns";

export const csvFiles = pgTable(
  "csv_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    /** Column names in display order. */
    columns: jsonb("columns")
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    rowCount: integer("row_count").notNull().default(0),
    /** "importing" while a chunked import is under way: hidden from lists until "ready". */
    status: text("status", { enum: ["importing", "ready"] })
      .notNull()
      .default("ready"),
    /** Set when every row is replaced at once, so pollers know to reload the whole file. */
    rowsReplacedAt: ts("rows_replaced_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("csv_files_user_created_idx").on(t.userId, t.createdAt)],
);

/** One database row per CSV line, so writing one generated e-mail touches one row. */
export const csvRows = pgTable(
  "csv_rows",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /**
     * The file (csv_files.id). Checked per statement, not per row: triggers of migration 0014 refuse a
     * statement that inserts rows of a missing file (after locking the files it names, as a foreign key
     * does) and delete a file's rows with it. A per-row foreign key check cost a 50,000-row COPY a third
     * of its time.
     */
    fileId: uuid("file_id").notNull(),
    /** Sort key: the row's place in the file. */
    position: integer("position").notNull(),
    data: jsonb("data").$type<Record<string, string>>().notNull(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    /** The last generation for this row failed (set by the server only): its retry is free. */
    generationFailed: boolean("generation_failed").notNull().default(false),
    /** Quality flags of the last generation (lib/quality/rules.ts); null = never generated or checked. */
    qualityFlags: jsonb("quality_flags").$type<QualityFlag[]>(),
    /** Set when the user approves the row (check mark, or "Keep these" in a preview): a candidate example. */
    approvedAt: ts("approved_at"),
    /** The user rewrote the generated subject or body by hand (a candidate example too); a new generation clears it. */
    editedAt: ts("edited_at"),
    /** Tombstone so that pollers asking "what changed since" learn about deletions. */
    deletedAt: ts("deleted_at"),
  },
  (t) => [
    index("csv_rows_file_position_idx").on(t.fileId, t.position),
    index("csv_rows_file_updated_idx").on(t.fileId, t.updatedAt),
  ],
);
