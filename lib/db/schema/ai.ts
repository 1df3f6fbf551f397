import { sql } from "drizzle-orm";
import { date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";

import { PROVIDERS, USE_CASES } from "@/lib/ai/providers";
import type { QualityRules } from "@/lib/quality/rules-schema";
import { ts } from "./columns";
import { owner } from "./owner";

export { PROVIDERS, USE_CASES, type Provider, type UseCase } from "@/lib/ai/providers";

/** A user's provider key ("connection"); the key is AES-256-GCM encrypted. */
export const connections = pgTable(
  "connections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: owner(),
    name: text("name").notNull(),
    provider: text("provider", { enum: PROVIDERS }).notNull(),
    apiKeyEncrypted: text("api_key_encrypted").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("connections_user_idx").on(t.userId, t.createdAt)],
);

const configColumns = () => ({
  prompt: text("prompt").notNull().default(""),
  jsonSchema: text("json_schema").notNull().default(""),
  maxRows: integer("max_rows").notNull().default(10),
  onlyRunIf: text("only_run_if").notNull().default(""),
  selectedModel: text("selected_model").notNull().default(""),
  useCase: text("use_case", { enum: USE_CASES }).notNull().default("web_research"),
  connectionId: uuid("connection_id").references(() => connections.id, { onDelete: "set null" }),
  /** Spending cap per bulk run in USD; null = no cap. */
  maxCostUsd: doublePrecision("max_cost_usd"),
  /** Overrides of the quality rules (lib/quality/rules.ts); null = the defaults. */
  qualityRules: jsonb("quality_rules").$type<QualityRules>(),
});

/** One AI configuration per user (the generator's current settings). */
export const aiConfigs = pgTable("ai_configs", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  ...configColumns(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

export const templates = pgTable(
  "templates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: owner(),
    name: text("name").notNull(),
    ...configColumns(),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("templates_user_idx").on(t.userId, t.createdAt)],
);

/** Credits used per user per UTC day. */
export const creditUsage = pgTable(
  "credit_usage",
  {
    userId: owner(),
    day: date("day", { mode: "string" }).notNull(),
    used: integer("used").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** Cached model list per connection, refreshed from the provider's models endpoint. */
export const providerModelCache = pgTable("provider_model_cache", {
  connectionId: uuid("connection_id")
    .primaryKey()
    .references(() => connections.id, { onDelete: "cascade" }),
  models: jsonb("models")
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  fetchedAt: ts("fetched_at").notNull().defaultNow(),
});
