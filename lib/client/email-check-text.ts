/**
 * The address checks' sentences and labels: a check's progress and summary, and
 * each Email Status's badge. Pure, so the unit tests read them as the user does.
 */
import { formatNumber } from "@/lib/client/format";
import { EMAIL_STATUSES, type EmailStatus } from "@/lib/email-checks/statuses";
import type { EmailCheckJson } from "@/lib/responses/email-checks";

type Locale = string | undefined;

/** The summary's words after each count, in its fixed order (EMAIL_STATUSES): [one, many]. */
const SUMMARY_WORDS: Record<EmailStatus, readonly [string, string]> = {
  valid: ["valid", "valid"],
  invalid: ["invalid", "invalid"],
  no_mx: ["no mail server", "no mail server"],
  disposable: ["disposable", "disposable"],
  role: ["role", "role"],
  duplicate: ["duplicate", "duplicates"],
  unknown: ["unknown", "unknown"],
  catch_all: ["catch-all", "catch-all"],
  spamtrap: ["spamtrap", "spamtraps"],
  abuse: ["abuse", "abuse"],
  do_not_mail: ["do not mail", "do not mail"],
};

/**
 * "2,140 valid · 61 no mail server · 17 disposable · 44 role · 9 duplicates": the non-zero statuses in the fixed
 * order (valid, invalid, no_mx, disposable, role, duplicate, unknown, then ZeroBounce's), "No addresses checked"
 * when every count is zero.
 */
export function emailCheckSummaryText(counts: Partial<Record<string, number>>, locale?: Locale): string {
  const parts = EMAIL_STATUSES.filter((status) => (counts[status] ?? 0) > 0).map((status) => {
    const n = counts[status]!;
    const [one, many] = SUMMARY_WORDS[status];
    return `${formatNumber(n, locale)} ${n === 1 ? one : many}`;
  });
  return parts.length > 0 ? parts.join(" · ") : "No addresses checked";
}

/** Rows checked that had no address (they get no status): `checked` minus every status's count. */
export function emptyCellsOf(check: Pick<EmailCheckJson, "checked" | "counts">): number {
  const withStatus = Object.values(check.counts).reduce((sum, n) => sum + (n > 0 ? n : 0), 0);
  return Math.max(0, check.checked - withStatus);
}

/** "Checked 120 of 412". */
export function emailCheckProgressText(check: Pick<EmailCheckJson, "checked" | "total">, locale?: Locale): string {
  return `Checked ${formatNumber(check.checked, locale)} of ${formatNumber(check.total, locale)}`;
}

export const isEmailCheckOver = (check: Pick<EmailCheckJson, "status"> | undefined): boolean =>
  check !== undefined && check.status !== "queued" && check.status !== "running";

/** The heading of a check that has ended, or is still going. */
export function emailCheckStatusTitle(status: EmailCheckJson["status"]): string {
  if (status === "completed") return "Check complete";
  if (status === "failed") return "Check failed";
  if (status === "cancelled") return "Check cancelled";
  return status === "queued" ? "Check waiting to start" : "Checking addresses";
}

/** "Check 412 addresses" / "Check 1 address". */
export function checkButtonLabel(addresses: number, locale?: Locale): string {
  return `Check ${formatNumber(addresses, locale)} ${addresses === 1 ? "address" : "addresses"}`;
}

/** How a status reads on its badge: green when sendable, red when not, amber when it needs a look. */
export type EmailStatusTone = "good" | "bad" | "warn";

export const EMAIL_STATUS_BADGES: Record<EmailStatus, { label: string; tone: EmailStatusTone; hint: string }> = {
  valid: { label: "Valid", tone: "good", hint: "Every check passed" },
  invalid: { label: "Invalid", tone: "bad", hint: "Not a well-formed address" },
  no_mx: { label: "No mail server", tone: "bad", hint: "The domain has no mail server (MX)" },
  disposable: { label: "Disposable", tone: "bad", hint: "A throwaway address domain" },
  role: { label: "Role account", tone: "warn", hint: "A shared inbox (info@, sales@...), not a person" },
  duplicate: { label: "Duplicate", tone: "warn", hint: "The same address is in an earlier row" },
  unknown: { label: "Unknown", tone: "warn", hint: "The domain's DNS did not answer" },
  catch_all: { label: "Catch-all", tone: "warn", hint: "The domain accepts every address (ZeroBounce)" },
  spamtrap: { label: "Spam trap", tone: "bad", hint: "A spam trap (ZeroBounce)" },
  abuse: { label: "Abuse", tone: "bad", hint: "Known to report mail as abuse (ZeroBounce)" },
  do_not_mail: { label: "Do not mail", tone: "bad", hint: "ZeroBounce advises not to mail it" },
};

/** A cell's status, as the checks write it (trimmed, any case); null for anything else (typed by hand). */
export function emailStatusOf(value: string): EmailStatus | null {
  const status = value.trim().toLowerCase();
  return (EMAIL_STATUSES as readonly string[]).includes(status) ? (status as EmailStatus) : null;
}
