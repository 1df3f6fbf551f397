import { sql } from "drizzle-orm";
import { bigint, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { csvFiles } from "./csv";
import type { LeadFields } from "@/lib/sending/lead-fields";
import { INTEGRATION_SERVICES, PUSH_STATUSES, SENDING_TOOLS } from "@/lib/sending/tools";
import { ts } from "./columns";
import { owner } from "./owner";

/** A user's key for an outside tool (a sending tool, or ZeroBounce); the key is AES-256-GCM encrypted. */
export const integrationConnections = pgTable(
  "integration_connections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: owner(),
    service: text("service", { enum: INTEGRATION_SERVICES }).notNull(),
    name: text("name").notNull(),
    apiKeyEncrypted: text("api_key_encrypted").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("integration_connections_user_idx").on(t.userId, t.createdAt)],
);

/** What a push was asked to do (the mapping resolved, the options). */
export interface PushOptions {
  /** The column each lead field is taken from. */
  mapping: LeadFields;
  includeFlagged: boolean;
  repush: boolean;
}

/** One push of a file's rows into a campaign of a sending tool; its rows' receipts are in push_rows. */
export const pushes = pgTable(
  "pushes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: owner(),
    csvId: uuid("csv_id")
      .notNull()
      .references(() => csvFiles.id, { onDelete: "cascade" }),
    connectionId: uuid("connection_id").references(() => integrationConnections.id, { onDelete: "set null" }),
    service: text("service", { enum: SENDING_TOOLS }).notNull(),
    campaignId: text("campaign_id").notNull(),
    campaignName: text("campaign_name").notNull().default(""),
    status: text("status", { enum: PUSH_STATUSES }).notNull().default("queued"),
    options: jsonb("options").$type<PushOptions>().notNull(),
    total: integer("total").notNull().default(0),
    pushed: integer("pushed").notNull().default(0),
    skipped: integer("skipped").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    providerSkipped: integer("provider_skipped").notNull().default(0),
    error: text("error"),
    /** Which worker runs the push, and until when (lib/queue/lease.ts). */
    leaseOwner: text("lease_owner"),
    leaseUntil: ts("lease_until"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    startedAt: ts("started_at"),
    finishedAt: ts("finished_at"),
  },
  (t) => [
    index("pushes_csv_idx").on(t.csvId, t.createdAt),
    index("pushes_campaign_idx").on(t.csvId, t.service, t.campaignId),
  ],
);

/**
 * A row's receipt in a push: chosen rows are written when the push is created, each `pending` (with the
 * lead as the tool will receive it) or `skipped` with its reason; a call's answer turns its rows into
 * `pushed`, `skipped` (`provider_skipped`) or `failed`, before the next call.
 */
export const pushRows = pgTable(
  "push_rows",
  {
    pushId: uuid("push_id")
      .notNull()
      .references(() => pushes.id, { onDelete: "cascade" }),
    rowId: bigint("row_id", { mode: "number" }).notNull(),
    /** The row's place in the push (file order): calls take pending rows in this order. */
    ord: integer("ord").notNull(),
    email: text("email"),
    status: text("status", { enum: ["pending", "pushed", "skipped", "failed"] }).notNull(),
    reason: text("reason"),
    providerLeadId: text("provider_lead_id"),
    lead: jsonb("lead").$type<Record<string, unknown>>(),
    doneAt: ts("done_at"),
  },
  (t) => [
    primaryKey({ columns: [t.pushId, t.ord] }),
    index("push_rows_row_idx")
      .on(t.rowId)
      .where(sql`status = 'pushed'`),
  ],
);

/**
 * The calls made with one tool key (by its hash) that still count against the tool's limits: every worker
 * takes its turn here, so the tool sees at most its limit whoever calls (lib/services/sending/tool-pacer.ts).
 */
export const toolPacers = pgTable("tool_pacers", {
  keyHash: text("key_hash").primaryKey(),
  /** Send times (ms since the epoch) of the calls still inside the longest window, oldest first. */
  sentAt: doublePrecision("sent_at")
    .array()
    .notNull()
    .default(sql`'{}'::double precision[]`),
  /** No call before this time (ms): a 429's Retry-After. */
  blockedUntil: doublePrecision("blocked_until").notNull().default(0),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});
