import { SOURCES_COLUMN } from "@/lib/ai/result";
import {
  EMAIL_STATUS_COLUMN,
  defaultEmailColumn,
  isEmailSyntaxValid,
  isFailedEmailStatus,
} from "@/lib/csv/email-status";
import { GENERATED_COLUMNS } from "@/lib/csv/limits";
import type { PushOptions } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { hasBlockingFlag, type QualityFlag } from "@/lib/quality/rules";
import type { SkipReason } from "@/lib/sending/tools";
import type { LeadFields, PushMappingInput } from "@/lib/sending/lead-fields";

export type PushMapping = PushOptions["mapping"];

/** The output columns a run adds after the product's three (follow-ups and other fields), in file order. */
export function extraOutputColumns(columns: readonly string[]): string[] {
  const start = columns.indexOf(GENERATED_COLUMNS.response);
  if (start < 0) return [];
  return columns.slice(start + 1).filter((c) => c !== SOURCES_COLUMN && c !== EMAIL_STATUS_COLUMN);
}

/** Variables by default: subject_line, email_body, and every other output column under its own name. */
function defaultVariables(columns: readonly string[]): Record<string, string> {
  const variables: Record<string, string> = {};
  if (columns.includes(GENERATED_COLUMNS.subject)) variables.subject_line = GENERATED_COLUMNS.subject;
  if (columns.includes(GENERATED_COLUMNS.body)) variables.email_body = GENERATED_COLUMNS.body;
  for (const column of extraOutputColumns(columns)) variables[column] = column;
  return variables;
}

const present = (columns: readonly string[], name: string) => (columns.includes(name) ? name : null);

/**
 * The mapping a push uses: the given fields, the defaults for the others — `email` the first column named like
 * "Email", "E-mail" or "Email Address" (never "Email Body"), `firstName` "First Name", `lastName` "Last Name",
 * `companyName` "Company" (each when present), and the variables `subject_line` ← "Subject Line", `email_body` ←
 * "Email Body" and every other output column under its own name (a given `variables` replaces that set).
 * A column the file lacks, or no e-mail column at all, is a 400 naming it.
 */
export function resolveMapping(columns: readonly string[], input: PushMappingInput = {}): PushMapping {
  const email = input.email ?? defaultEmailColumn(columns);
  if (!email) throw new AppError("invalid_input", "This file has no e-mail column: map one (mapping.email)");
  const mapping: PushMapping = {
    email,
    firstName: input.firstName !== undefined ? input.firstName : present(columns, "First Name"),
    lastName: input.lastName !== undefined ? input.lastName : present(columns, "Last Name"),
    companyName: input.companyName !== undefined ? input.companyName : present(columns, "Company"),
    variables: input.variables ?? defaultVariables(columns),
  };
  const named = [
    mapping.email,
    mapping.firstName,
    mapping.lastName,
    mapping.companyName,
    ...Object.values(mapping.variables),
  ];
  const missing = named.find((c) => c !== null && !columns.includes(c));
  if (missing !== undefined) throw new AppError("invalid_input", `Column "${missing}" is not in this file`);
  return mapping;
}

/** A row's lead fields under a mapping: values as strings, line breaks kept. */
export function leadFieldsOf(data: Record<string, string>, mapping: PushMapping): LeadFields {
  const cell = (column: string | null) => (column === null ? null : (data[column] ?? ""));
  return {
    email: (data[mapping.email] ?? "").trim(),
    firstName: cell(mapping.firstName),
    lastName: cell(mapping.lastName),
    companyName: cell(mapping.companyName),
    variables: Object.fromEntries(
      Object.entries(mapping.variables).map(([name, column]) => [name, data[column] ?? ""]),
    ),
  };
}

export interface RowToDecide {
  data: Record<string, string>;
  flags: QualityFlag[] | null;
  /** This row, or another row with its address, was pushed to this campaign before. */
  pushedBefore: boolean;
}

/**
 * Why a row is not pushed: the first reason that applies, in this order — no_email, invalid_email,
 * not_generated, blocked, already_pushed (the row or its address pushed to this campaign before, unless
 * `repush`), duplicate_email (the same address on an earlier row of this push); null: push it.
 * `seen` holds the addresses (lower-cased) of the earlier rows of this push, whether they were pushed or
 * skipped: each row's address is added to it here.
 */
export function skipReason(
  row: RowToDecide,
  email: string,
  options: { includeFlagged: boolean; repush: boolean },
  seen: Set<string>,
): SkipReason | null {
  if (email === "") return "no_email";
  const key = email.toLowerCase();
  const earlier = seen.has(key);
  seen.add(key);
  if (!isEmailSyntaxValid(email) || isFailedEmailStatus(row.data[EMAIL_STATUS_COLUMN])) return "invalid_email";
  const subject = (row.data[GENERATED_COLUMNS.subject] ?? "").trim();
  const body = (row.data[GENERATED_COLUMNS.body] ?? "").trim();
  if (subject === "" || body === "") return "not_generated";
  if (!options.includeFlagged && hasBlockingFlag(row.flags ?? [])) return "blocked";
  if (row.pushedBefore && !options.repush) return "already_pushed";
  return earlier ? "duplicate_email" : null;
}
