import { index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { ts } from "./columns";

/**
 * API keys for external programs (docs/api.md "API keys and docs"). Only a keyed hash of the key
 * is stored (HMAC-SHA256 under AUTH_SECRET, looked up through the unique index); `prefix` is the
 * key's first characters, shown in lists. Revoking deletes the row, so a key stops at once.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
    lastUsedAt: ts("last_used_at"),
  },
  (t) => [uniqueIndex("api_keys_key_hash_key").on(t.keyHash), index("api_keys_user_id_idx").on(t.userId, t.createdAt)],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
