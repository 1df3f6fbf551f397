/**
 * Answers of the address checks (starting one, reading one, a file's checks). Each answer's type is inferred from
 * its schema (docs/architecture.md).
 */
import { z } from "zod";
import { EMAIL_CHECK_STATUSES, EMAIL_STATUSES } from "@/lib/email-checks/statuses";
import { iso, isoOrNull } from "./common";

export const EmailCheckStarted = z.object({ checkId: z.string() });

export const EmailCheck = z.object({
  id: z.string(),
  csvId: z.string(),
  column: z.string().describe("The column holding the addresses"),
  connectionId: z.string().nullable().describe("The ZeroBounce connection of a deep check"),
  status: z.enum(EMAIL_CHECK_STATUSES),
  total: z.number().int().describe("Rows to check"),
  checked: z.number().int().describe("Rows checked so far (empty cells included: they get no status)"),
  counts: z
    .record(z.enum(EMAIL_STATUSES), z.number().int())
    .describe("Checked rows by the status they got (every status, 0 when none)"),
  error: z.string().nullable(),
  createdAt: iso(),
  finishedAt: isoOrNull(),
});

export const EmailChecks = z.object({ checks: z.array(EmailCheck) });

export type EmailCheckStartedJson = z.output<typeof EmailCheckStarted>;
export type EmailCheckJson = z.output<typeof EmailCheck>;
export type EmailChecksJson = z.output<typeof EmailChecks>;
