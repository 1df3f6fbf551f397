import { z } from "zod";
import { FAILED_EMAIL_STATUSES } from "@/lib/email-checks/statuses";

/** The column an address check writes each checked row's status to (added to the file on first use). */
export const EMAIL_STATUS_COLUMN = "Email Status";

const failed = new Set<string>(FAILED_EMAIL_STATUSES);
export const isFailedEmailStatus = (status: string | undefined) => failed.has((status ?? "").trim().toLowerCase());

const address = z.email();
/** Whether an address has valid syntax (the HTML/zod e-mail pattern). */
export const isEmailSyntaxValid = (email: string) => address.safeParse(email).success;

/** The address column: the first named like "Email", "E-mail" or "Email Address" (never "Email Body"). */
export function defaultEmailColumn(columns: readonly string[]): string | null {
  return columns.find((c) => ["email", "emailaddress"].includes(c.toLowerCase().replace(/[^a-z]/g, ""))) ?? null;
}
