import { bigint, boolean, doublePrecision, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { connections } from "./ai";
import { batches } from "./batches";
import { ts } from "./columns";

export const USAGE_KINDS = ["single", "bulk", "preview", "batch_api"] as const;

/**
 * One provider call that the provider billed (success, or a failure that came with a usage
 * report): the ledger behind per-row usage, batch totals, spending caps and the usage page.
 */
export const generationUsage = pgTable(
  "generation_usage",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    connectionId: uuid("connection_id").references(() => connections.id, { onDelete: "set null" }),
    /** The connection's name when the call was made (the usage page keeps it after a delete). */
    connectionName: text("connection_name"),
    batchId: uuid("batch_id").references(() => batches.id, { onDelete: "set null" }),
    csvFileId: uuid("csv_file_id"),
    /** csv_rows.id of the row the call generated for (no foreign key: rows may be deleted, usage stays). */
    rowId: bigint("row_id", { mode: "number" }),
    kind: text("kind", { enum: USAGE_KINDS }).notNull(),
    provider: text("provider").notNull(),
    model: text("model").notNull(),
    inputTokens: integer("input_tokens").notNull().default(0),
    outputTokens: integer("output_tokens").notNull().default(0),
    cachedInputTokens: integer("cached_input_tokens").notNull().default(0),
    /** USD; null when the model's price is unknown. */
    costUsd: doublePrecision("cost_usd"),
    latencyMs: integer("latency_ms"),
    /** sha256 (hex, first 16 chars) of the prompt template the row was rendered from. */
    promptHash: text("prompt_hash"),
    /** The call succeeded (false: the provider billed a failed or unparseable answer). */
    ok: boolean("ok").notNull().default(true),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("generation_usage_user_created_idx").on(t.userId, t.createdAt),
    index("generation_usage_batch_idx").on(t.batchId),
    index("generation_usage_row_idx").on(t.rowId, t.createdAt),
    index("generation_usage_prompt_idx").on(t.userId, t.promptHash),
  ],
);
