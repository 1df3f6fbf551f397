import { doublePrecision, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One row per provider API key (keyed by a hash of provider + key, never the key): the schedule
 * that every batch and worker using that key shares (lib/services/generation/key-pacer.ts). Times
 * are epoch milliseconds; `*_tat` is the GCRA "theoretical arrival time" of each bucket: the moment
 * the provider's bucket would be full again if nothing more were sent.
 */
export const keyPacers = pgTable("key_pacers", {
  keyHash: text("key_hash").primaryKey(),
  /** Learned from the provider's headers; null until the first answer. */
  requestLimit: integer("request_limit"),
  /** Tokens per minute: OpenAI's (input + output cap), or Anthropic's input tokens when it reports them apart. */
  tokenLimit: integer("token_limit"),
  /** Anthropic's output tokens per minute (its `max_tokens` counted at the start); null for OpenAI. */
  outputTokenLimit: integer("output_token_limit"),
  requestTat: doublePrecision("request_tat").notNull().default(0),
  tokenTat: doublePrecision("token_tat").notNull().default(0),
  outputTokenTat: doublePrecision("output_token_tat").notNull().default(0),
  /** No request starts before this (a 429's retry-after). */
  pausedUntil: doublePrecision("paused_until").notNull().default(0),
  /** The start time of the last reservation (what the reserving worker waits for). */
  lastStart: doublePrecision("last_start").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

export type KeyPacerRow = typeof keyPacers.$inferSelect;
