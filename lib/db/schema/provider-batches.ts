import { index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { batches, batchItems } from "./batches";
import { ts } from "./columns";

/**
 * Our side of one provider batch (OpenAI Batch API, Anthropic Message Batches):
 * `submitting` (row written, items assigned, provider not known to have it) → `open` (the provider's id
 * stored; polled) → `ended` (every result written); `failed` when the provider refused it for good (its
 * items failed and refunded) or it was abandoned before reaching the provider (cancel).
 */
export const PROVIDER_BATCH_STATES = ["submitting", "open", "ended", "failed"] as const;
export type ProviderBatchState = (typeof PROVIDER_BATCH_STATES)[number];

export const providerBatches = pgTable(
  "provider_batches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    batchId: uuid("batch_id")
      .notNull()
      .references(() => batches.id, { onDelete: "cascade" }),
    /** 0, 1, 2… within the run: with the batch id, the deterministic idempotency key. */
    seq: integer("seq").notNull(),
    /** `coldmail-<batchId>-<seq>`: OpenAI batch metadata and file name, to find a batch a crash left unrecorded. */
    idempotencyKey: text("idempotency_key").notNull(),
    provider: text("provider").notNull(),
    state: text("state", { enum: PROVIDER_BATCH_STATES }).notNull().default("submitting"),
    /** The provider's own status (OpenAI validating…cancelled; Anthropic in_progress, canceling, ended). */
    providerStatus: text("provider_status"),
    providerBatchId: text("provider_batch_id"),
    /** OpenAI: the uploaded JSONL file. */
    inputFileId: text("input_file_id"),
    requestCount: integer("request_count").notNull(),
    /** Requests whose result or error came back (the provider's counts while it runs; ours once collected). */
    returnedCount: integer("returned_count").notNull().default(0),
    submitAttempts: integer("submit_attempts").notNull().default(0),
    /** Start of the latest submission attempt: a `submitting` row older than a few minutes is recovered. */
    attemptStartedAt: ts("attempt_started_at"),
    submittedAt: ts("submitted_at"),
    /** When this provider batch next needs a worker (a poll, or a submission retry). */
    nextPollAt: ts("next_poll_at"),
    /** Seconds between polls: 10 s first, doubling to at most 300 s. */
    pollIntervalSeconds: integer("poll_interval_seconds").notNull().default(10),
    cancelRequestedAt: ts("cancel_requested_at"),
    endedAt: ts("ended_at"),
    error: text("error"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("provider_batches_batch_seq_key").on(t.batchId, t.seq),
    uniqueIndex("provider_batches_idempotency_key").on(t.idempotencyKey),
    index("provider_batches_state_idx").on(t.state, t.nextPollAt),
  ],
);

/** Which batch items a provider batch carries (custom_id = the item id). */
export const providerBatchItems = pgTable(
  "provider_batch_items",
  {
    providerBatchId: uuid("provider_batch_id")
      .notNull()
      .references(() => providerBatches.id, { onDelete: "cascade" }),
    itemId: uuid("item_id")
      .notNull()
      .references(() => batchItems.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.providerBatchId, t.itemId] }), index("provider_batch_items_item_idx").on(t.itemId)],
);

/** One e-mail per finished batch-mode run: the row is claimed before sending. */
export const batchNotices = pgTable("batch_notices", {
  batchId: uuid("batch_id")
    .primaryKey()
    .references(() => batches.id, { onDelete: "cascade" }),
  sentAt: ts("sent_at").notNull().defaultNow(),
});
