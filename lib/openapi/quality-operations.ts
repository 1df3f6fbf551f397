/** Operations of preview, quality flags and row approval (docs/api.md "Preview and quality"). */
import { previewSchema } from "@/lib/services/generation/schemas";
import { EXAMPLES } from "./examples";
import type { OperationSpec } from "./operation-spec";

const PREVIEW_ID = "8a4e2c1d-5b6f-4a7e-9c3d-1e2f3a4b5c6d";
const ROW = { "First Name": "Ann", Company: "Acme", Email: "ann@acme.example" };
const PROMPT = "Write a short cold email to Ann at Acme.";
const BODY =
  "Hi Ann,\n\nI noticed Acme is hiring three SDRs this quarter. Teams at that stage often lose hours to list building before the first call. We help them book qualified meetings from day one.\n\nWorth a short call next week?\n\nBest,\nSam";

const PREVIEW_EXAMPLE = {
  previewId: PREVIEW_ID,
  results: [
    {
      rowIndex: 0,
      rowId: 101,
      subject_line: "A quick idea for Acme's new SDRs",
      email_body: BODY,
      output: { subject_line: "A quick idea for Acme's new SDRs", email_body: BODY },
      flags: [{ rule: "body_length", severity: "warn", message: "Body has 38 words (expected 40–200)" }],
      usage: { inputTokens: 412, outputTokens: 96, cachedInputTokens: 0, costUsd: 0.0001194 },
      sources: null,
      prompt: PROMPT,
      row: ROW,
    },
    {
      rowIndex: 1,
      rowId: 102,
      error: "OpenAI had a server error (500). Please try again.",
      flags: [],
      usage: null,
      prompt: "Write a short cold email to Bob at Globex.",
      row: { "First Name": "Bob", Company: "Globex", Email: "bob@globex.example" },
    },
  ],
};

export const QUALITY_OPERATIONS: readonly OperationSpec[] = [
  {
    method: "post",
    path: "/api/ai/preview",
    operationId: "previewBulkRun",
    tag: "Generation",
    summary: "Preview a bulk run on a few rows",
    description:
      "Takes the payload of `POST /api/ai/bulk-batched` (the configuration need not be saved) and runs it on the rows named in `rowsToProcess` (1 to 5 indices, taken as they are), else on the first 3 rows the Only Run If condition selects; rows whose Email Status failed the address check are left out unless `includeInvalidEmails: true` (and rows with thin input with `skipThinRows: true`). Writes nothing to the CSV file: each result carries its quality `flags`, usage, the prompt as sent and the row. A row whose provider call failed is `{ rowIndex, rowId, error, flags: [], usage: null, prompt, row }`. Trial users spend one credit per previewed row, given back for a row that fails (provider error or an answer that is not JSON). `qualityRules` overrides the saved rules for this call; `useApprovedExamples: true` adds up to 3 of the file's approved rows to the prompt as examples. Keep the results with `POST /api/ai/preview/{id}/keep`.",
    access: "user",
    body: previewSchema,
    bodyExample: {
      ...EXAMPLES.bulk.request,
      rowsToProcess: [0, 1],
      qualityRules: { body_length: { minWords: 30, maxWords: 150 }, spam_words: { enabled: false } },
      useApprovedExamples: true,
    },
    success: { description: "The previewed rows", schema: "Preview", example: PREVIEW_EXAMPLE },
    errors: ["not_found", "daily_credit_limit", "forbidden"],
  },
  {
    method: "post",
    path: "/api/ai/preview/{id}/keep",
    operationId: "keepPreview",
    tag: "Generation",
    summary: "Keep a preview's results",
    description:
      "“Keep these”: writes the preview's results and their flags into their rows (adding the run's output columns) and marks those rows approved, with no provider call and no credit. Rows that failed in the preview, and rows deleted since, are skipped. Once per preview (a second call is 409), within 1 hour of the preview (404 after that, and for another user's preview).",
    access: "user",
    success: {
      description: "The rows written",
      schema: "KeepPreview",
      example: { msg: "Kept 1 row", kept: 1, rowIds: [101] },
    },
    errors: ["conflict"],
  },
  {
    method: "get",
    path: "/api/csv/{id}/quality",
    operationId: "getCsvQuality",
    tag: "CSV",
    summary: "Quality flags of a file's generated rows",
    description:
      "Every row generated so far (single, bulk or kept preview) with its flags and approval, in file order; rows without output are left out. `counts` counts the rows by their most severe flag. A hand edit of `Subject Line` or `Email Body` checks the row again.",
    access: "user",
    success: {
      description: "Flags per row and the counts",
      schema: "FileQuality",
      example: {
        rows: [
          { rowIndex: 0, rowId: 101, flags: [], approved: true },
          {
            rowIndex: 1,
            rowId: 102,
            flags: [
              { rule: "unresolved_placeholder", severity: "block", message: 'Unresolved placeholder "[First Name]"' },
            ],
            approved: false,
          },
          {
            rowIndex: 2,
            rowId: 103,
            flags: [{ rule: "duplicate_opening", severity: "warn", message: "Same opening sentence as row 1" }],
            approved: false,
          },
        ],
        counts: { block: 1, warn: 1, clean: 1 },
      },
    },
  },
  {
    method: "post",
    path: "/api/csv/{id}/rows/{rowId}/approve",
    operationId: "approveCsvRow",
    tag: "CSV",
    summary: "Approve a row",
    description:
      "An approved row is left alone by bulk runs unless they send `overwriteApproved: true`, and is a candidate example for runs with `useApprovedExamples: true`.",
    access: "user",
    success: { description: "Approved", schema: "RowApproval", example: { rowId: 101, approved: true } },
  },
  {
    method: "delete",
    path: "/api/csv/{id}/rows/{rowId}/approve",
    operationId: "unapproveCsvRow",
    tag: "CSV",
    summary: "Take a row's approval back",
    access: "user",
    success: { description: "No longer approved", schema: "RowApproval", example: { rowId: 101, approved: false } },
  },
];
