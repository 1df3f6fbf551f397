import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { JOB_KINDS, JOB_STATUSES } from "@/lib/domain/enums";
import { ts } from "./columns";

export type { JobKind, JobStatus } from "@/lib/domain/enums";

/**
 * A background job with persisted progress (admin bulk e-mail, large webhook exports). The work
 * is cut into chunks; `cursor` is how many units (recipients, rows) are finished, so a job that
 * a dead worker left continues after its last recorded chunk. A pg-boss job carries only the id.
 */
export const backgroundJobs = pgTable(
  "background_jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: JOB_KINDS }).notNull(),
    status: text("status", { enum: JOB_STATUSES }).notNull().default("queued"),
    /** Units of work: recipients of a bulk e-mail, rows of an export. */
    total: integer("total").notNull(),
    /** Units finished (sent or refused): the next chunk starts here. */
    cursor: integer("cursor").notNull().default(0),
    /** Units delivered. */
    done: integer("done").notNull().default(0),
    /** Units refused (e-mail addresses the provider did not accept). */
    failed: integer("failed").notNull().default(0),
    /** What was refused (the bulk e-mail's addresses). */
    failures: jsonb("failures")
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    error: text("error"),
    /** The final message (the product's text), set when the job ends. */
    msg: text("msg"),
    /** The job's input (recipients and text, or rows and target); parsed when read. */
    payload: jsonb("payload").$type<unknown>().notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    startedAt: ts("started_at"),
    finishedAt: ts("finished_at"),
    /** Which worker runs the job, and until when (renewed after every chunk; a dead worker's lease lapses). */
    leaseOwner: text("lease_owner"),
    leaseUntil: ts("lease_until"),
  },
  (t) => [
    index("background_jobs_user_idx").on(t.userId, t.createdAt),
    index("background_jobs_status_idx").on(t.status),
  ],
);

export type BackgroundJobRow = typeof backgroundJobs.$inferSelect;
