/**
 * The address checks' constants (a check's statuses, an address's Email Status): pure, shared by server, document
 * and screens.
 * The rules behind each status are in docs/api.md "Address checks".
 */

/** What the Email Status column can hold: the local checks' statuses, then the ones only ZeroBounce gives. */
export const EMAIL_STATUSES = [
  "valid",
  "invalid",
  "no_mx",
  "disposable",
  "role",
  "duplicate",
  "unknown",
  "catch_all",
  "spamtrap",
  "abuse",
  "do_not_mail",
] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** Statuses of an address that must not be sent to: runs leave these rows out, pushes skip them. */
export const FAILED_EMAIL_STATUSES = [
  "invalid",
  "no_mx",
  "disposable",
  "spamtrap",
  "abuse",
  "do_not_mail",
] as const satisfies readonly EmailStatus[];

/** A check's life: queued → running → completed | failed | cancelled. */
export const EMAIL_CHECK_STATUSES = ["queued", "running", "completed", "failed", "cancelled"] as const;

/** Every status with 0 (a check's counts list each one). */
export const zeroCounts = (): Record<EmailStatus, number> =>
  Object.fromEntries(EMAIL_STATUSES.map((s) => [s, 0])) as Record<EmailStatus, number>;
