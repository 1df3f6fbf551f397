import { text } from "drizzle-orm/pg-core";
import { users } from "./auth";

/** The owning user's id (`user_id`), deleted with the user. */
export const owner = () =>
  text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });
