import { index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { csvFiles } from "./csv";
import { ts } from "./columns";

/**
 * The results of one "Preview 3 rows" run, held server-side until the user presses "Keep these"
 * (which writes them into the rows with no new provider call) or they expire (1 hour).
 */
export const previewRuns = pgTable(
  "preview_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    csvFileId: uuid("csv_file_id")
      .notNull()
      .references(() => csvFiles.id, { onDelete: "cascade" }),
    /** PreviewStoredResult[] (lib/services/preview): row id, cells, flags, per successful row. */
    results: jsonb("results").$type<unknown>().notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
    keptAt: ts("kept_at"),
  },
  (t) => [index("preview_runs_user_idx").on(t.userId, t.createdAt)],
);
