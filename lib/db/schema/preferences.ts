import { pgTable, text } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { ts } from "./columns";

/** A user's screen preferences (the generator's table view). */
export const userPreferences = pgTable("user_preferences", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  generatorView: text("generator_view").notNull().default("table"),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});
