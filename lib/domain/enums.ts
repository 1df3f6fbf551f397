/**
 * The value lists that both a table (lib/db/schema, a text column's `enum`) and an answer (lib/responses, a
 * `z.enum`) take. Plain constants with no database import: the screens import the answers' types, and through
 * them these lists.
 */

/** A user's plan. */
export const SUBSCRIPTIONS = ["free", "trial", "lifetime"] as const;

export const TICKET_STATUSES = ["open", "in-progress", "resolved", "closed"] as const;
export const TICKET_PRIORITIES = ["low", "medium", "high"] as const;
/** Who wrote a ticket's response. */
export const TICKET_RESPONDERS = ["admin", "user"] as const;

/** A bulk run's status. */
export const BATCH_STATUSES = [
  "queued",
  "running",
  "paused",
  "completed",
  "failed",
  "cancelling",
  "cancelled",
] as const;
/** Why a bulk run ended early. */
export const STOP_REASONS = ["cancelled", "spend_cap", "fatal"] as const;
export type StopReason = (typeof STOP_REASONS)[number];

/** A background job's kind (admin bulk e-mail, large webhook export) and status. */
export const JOB_KINDS = ["bulk_email", "webhook_export"] as const;
export const JOB_STATUSES = ["queued", "running", "completed", "failed"] as const;
export type JobKind = (typeof JOB_KINDS)[number];
export type JobStatus = (typeof JOB_STATUSES)[number];

/** How a webhook delivery ended. */
export const DELIVERY_STATUSES = ["success", "failed"] as const;
