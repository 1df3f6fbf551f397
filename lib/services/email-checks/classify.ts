import * as mailcheckerModule from "mailchecker";
import { isEmailSyntaxValid } from "@/lib/csv/email-status";
import type { EmailStatus } from "@/lib/email-checks/statuses";

/**
 * The local checks of one address, without the network (docs/api.md "Address checks"). When several apply,
 * the first of this order wins:
 *   invalid > disposable > no_mx > duplicate > role > unknown > valid
 * Statuses that make an address undeliverable come first (runs and pushes leave those rows out, a repeated
 * bad address included); then `duplicate` (a certain fact about the row), then `role` (a warning), then
 * `unknown` (the domain's DNS did not answer), and `valid` only when every check passed.
 */

/** Local parts of role accounts (compared without a `+tag`, case-insensitively). */
export const ROLE_ACCOUNTS: ReadonlySet<string> = new Set([
  "info",
  "sales",
  "support",
  "admin",
  "contact",
  "hello",
  "team",
  "office",
  "noreply",
  "no-reply",
  "donotreply",
  "do-not-reply",
  "webmaster",
  "postmaster",
  "hostmaster",
  "abuse",
  "billing",
  "accounts",
  "marketing",
  "help",
  "enquiries",
  "inquiries",
  "jobs",
  "careers",
  "hr",
  "press",
  "media",
  "privacy",
  "security",
  "legal",
  "feedback",
  "service",
  "mail",
]);

/** The package is CommonJS: loaded as an ES module, its functions are on `default`. */
const mailchecker = (mailcheckerModule as { default?: typeof mailcheckerModule }).default ?? mailcheckerModule;
const disposable = mailchecker.blacklist();

/** An address as compared: trimmed, lower case. */
export const normalAddress = (value: string) => value.trim().toLowerCase();

/** The part after the last `@` (lower case). */
export const domainOf = (address: string) => address.slice(address.lastIndexOf("@") + 1).toLowerCase();

/** Whether the domain (or a parent of it) is on the maintained list of disposable domains (the mailchecker package). */
export function isDisposableDomain(domain: string): boolean {
  for (let d = domain.toLowerCase(); d.includes("."); d = d.slice(d.indexOf(".") + 1))
    if (disposable.has(d)) return true;
  return false;
}

/** Whether the local part names a role (info@, sales@...) rather than a person; a `+tag` is ignored. */
export function isRoleAccount(address: string): boolean {
  const local = address.slice(0, address.lastIndexOf("@")).toLowerCase();
  return ROLE_ACCOUNTS.has(local.split("+")[0]!);
}

/** What the domain's DNS said: it can receive mail, it cannot (no_mx), or it did not answer (unknown). */
export type DomainVerdict = "ok" | "no_mx" | "unknown";

/**
 * What the local checks decide before the domain's DNS: null for an empty cell (no status), a final status
 * (`invalid`, `disposable`), or "dns": the status depends on the domain's lookup (finish with `afterDns`).
 */
export function beforeDns(value: string): EmailStatus | "dns" | null {
  const address = value.trim();
  if (address === "") return null;
  if (!isEmailSyntaxValid(address)) return "invalid";
  if (isDisposableDomain(domainOf(address))) return "disposable";
  return "dns";
}

/** The status of an address that passed syntax and the disposable list, given its domain's verdict. */
export function afterDns(value: string, duplicate: boolean, domain: DomainVerdict): EmailStatus {
  if (domain === "no_mx") return "no_mx";
  if (duplicate) return "duplicate";
  if (isRoleAccount(value.trim())) return "role";
  return domain === "unknown" ? "unknown" : "valid";
}
