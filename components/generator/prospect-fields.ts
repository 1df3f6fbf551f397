/** The fields that name a prospect, found by the usual column names (case and spacing ignored). */

const norm = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, " ");
const EMAIL = ["email", "e mail", "email address", "e mail address", "work email"];
const FULL_NAME = ["name", "full name", "contact name", "prospect name"];
const FIRST_NAME = ["first name", "firstname", "given name"];
const LAST_NAME = ["last name", "lastname", "surname", "family name"];
const COMPANY = ["company", "company name", "organization", "organisation", "account name", "account"];

const find = (columns: readonly string[], names: readonly string[]) =>
  columns.find((c) => names.includes(norm(c))) ?? null;

export interface ProspectFields {
  email: string;
  name: string;
  company: string;
  /** The other columns with a value, in the order given. */
  others: { column: string; value: string }[];
}

/**
 * A row's e-mail, name and company (empty when the file has no such column or the cell is empty),
 * and its other non-empty cells. `columns` are the prospect's columns (no output).
 */
export function prospectFields(columns: readonly string[], data: Record<string, string>): ProspectFields {
  const email = find(columns, EMAIL);
  const fullName = find(columns, FULL_NAME);
  const first = find(columns, FIRST_NAME);
  const last = find(columns, LAST_NAME);
  const company = find(columns, COMPANY);
  const value = (column: string | null) => (column ? (data[column] ?? "").trim() : "");
  const name = value(fullName) || [value(first), value(last)].filter(Boolean).join(" ");
  const used = new Set([email, fullName, first, last, company].filter((c): c is string => c !== null));
  return {
    email: value(email),
    name,
    company: value(company),
    others: columns.filter((c) => !used.has(c) && value(c) !== "").map((column) => ({ column, value: value(column) })),
  };
}
