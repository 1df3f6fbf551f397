/**
 * Answers of generation: one row, and bulk runs. Each answer's type is inferred from its schema
 * (docs/architecture.md).
 */
import { z } from "zod";
import { BATCH_STATUSES, STOP_REASONS } from "@/lib/domain/enums";
import { RUN_MODES } from "@/lib/services/generation/run-mode";
import { Usage, cells } from "./common";
import { QualityFlag, WebSource } from "./quality";

const generateFields = {
  credits: z.object({
    daily: z.number().int().nullable(),
    used: z.number().int(),
    remaining: z.number().int().nullable(),
    unlimited: z.boolean().describe("Lifetime plan: no daily limit"),
  }),
  row: cells().optional().describe("The row as written to the CSV file (when `csvId` was given)"),
  usage: Usage.nullable().describe("What the provider billed for this call; null when it sent no usage report"),
  flags: z.array(QualityFlag).describe("Quality flags of the answer; [] when every rule passed"),
  sources: z
    .array(WebSource)
    .nullable()
    .describe("Web research: the pages the answer cites (else the search results); null for content creation"),
};

export const Generate = z.union([
  z.object({ subject_line: z.string(), email_body: z.string(), ...generateFields }),
  z.object({ content: z.string(), ...generateFields }),
]);

export const BatchStarted = z.object({
  batchId: z.string(),
  total: z.number().int().describe("Rows the batch will generate"),
  skippedApproved: z
    .number()
    .int()
    .describe("Approved rows the selection matched but the run leaves alone (`overwriteApproved` not set)"),
  skipped: z
    .object({
      invalidEmail: z
        .number()
        .int()
        .describe("Rows left out because their Email Status failed the address check (`includeInvalidEmails` not set)"),
      thinInput: z
        .number()
        .int()
        .describe("Rows left out because a variable the prompt uses without a fallback is empty (`skipThinRows`)"),
    })
    .describe("Selected rows the run leaves out, by reason: no provider call, no credit"),
});

const batchStatusFields = {
  batchId: z.string(),
  status: z.enum(BATCH_STATUSES),
  progress: z.object({ processed: z.number().int(), total: z.number().int() }),
  failed: z.number().int(),
  error: z.string().nullable(),
  creditsRefunded: z.number().int(),
  usage: Usage.describe("Totals of the batch's billed calls so far"),
  etaSeconds: z.number().int().nullable().describe("Seconds left at this batch's observed pace; null when unknown"),
  stopReason: z
    .enum(STOP_REASONS)
    .nullable()
    .describe("Why the run ended early: null while running and when completed"),
  mode: z.enum(RUN_MODES).describe('"standard", or "batch": the provider\'s Batch API at the batch price'),
  provider: z
    .object({
      batches: z
        .array(z.object({ id: z.string(), status: z.string().describe("The provider's own status") }))
        .describe("The provider batches submitted so far"),
      submitted: z.number().int().describe("Requests submitted to the provider"),
      returned: z
        .number()
        .int()
        .describe("Requests whose result or error came back (cancelled and expired ones not counted)"),
    })
    .optional()
    .describe("Batch mode only: the provider batches of the run"),
};

export const BatchStatus = z.object(batchStatusFields);

export const CancelBatch = z.object({ ...batchStatusFields, msg: z.string() });

export const BatchControl = z.object({ ...batchStatusFields, msg: z.string() });

export type GenerateJson = z.output<typeof Generate>;
export type BatchStartedJson = z.output<typeof BatchStarted>;
export type BatchStatusJson = z.output<typeof BatchStatus>;
export type CancelBatchJson = z.output<typeof CancelBatch>;
export type BatchControlJson = z.output<typeof BatchControl>;
