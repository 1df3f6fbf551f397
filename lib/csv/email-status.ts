import { z } from "zod";

/** The column address checks write (CONTRACT.md "Address checks"). */
export const EMAIL_STATUS_COLUMN = "Email Status";

/** Statuses of an address that must not be sent to: runs leave these rows out, pushes skip them. */
export const FAILED_EMAIL_STATUSES = ["invalid", "no_mx", "disposable", "spamtrap", "abuse", "do_not_mail"] as const;

const failed = new Set<string>(FAILED_EMAIL_STATUSES);
export const isFailedEmailStatus = (status: string | undefined) => failed.has((status ?? "").trim().toLowerCase());

const address = z.email();
/** Whether an address has valid syntax (the HTML/zod e-mail pattern). */
export const isEmailSyntaxValid = (email: string) => address.safeParse(email).success;

/** The address column: the first named like "Email", "E-mail" or "Email Address" (never "Email Body"). */
export function defaultEmailColumn(columns: readonly string[]): string | null {
  return columns.find((c) => ["email", "emailaddress"].includes(c.toLowerCase().replace(/[^a-z]/g, ""))) ?? null;
}
