/** Operations of single-row generation and bulk runs (the registry: ./operations.ts). */
import { bulkSchema, generateSchema } from "@/lib/services/generation/schemas";
import { EXAMPLES } from "./examples";
import { ok, type OperationSpec } from "./operation-spec";

export const GENERATION_OPERATIONS: readonly OperationSpec[] = [
  // ---- Generation ----
  {
    method: "post",
    path: "/api/ai/generate",
    operationId: "generate",
    tag: "Generation",
    summary: "Generate the e-mail of one row",
    description:
      "`data` is the CSV's row list (a single row object is accepted too) and `selectedRowIndex` picks the row; `{{Column}}` placeholders of the prompt are filled from it. With `csvId` the result is written into that row of the saved file, with one column per extra top-level field of the output schema (and `Sources` for web research). Costs one credit. The answer carries the quality `flags` of the result (`qualityRules` overrides the saved rules for this call) and, for web research, its `sources`.",
    access: "user",
    body: generateSchema,
    bodyExample: EXAMPLES.generate.request,
    success: ok("The model's answer and the credits left", "Generate", EXAMPLES.generate.response),
    errors: [
      "not_found",
      "daily_credit_limit",
      "forbidden",
      "provider_auth",
      "rate_limited",
      "provider_error",
      ["provider_error", 503],
      ["provider_error", 504],
    ],
  },
  {
    method: "post",
    path: "/api/ai/bulk-batched",
    operationId: "startBulkBatch",
    tag: "Generation",
    summary: "Start a bulk batch",
    description:
      '`rowsToProcess` is a list of 0-based row indices (or N: the first N rows) of the saved file `csvId`. Credits for every row are reserved up front; rows that are not processed are refunded. Poll `GET /api/ai/batch-status/{id}`. `maxCostUsd` (USD > 0) caps the run\'s provider cost: no row starts that would take the recorded cost past it, and the batch then ends `cancelled` with `stopReason: "spend_cap"`; a 400 names the model when its price is unknown. Approved rows are skipped (`skippedApproved` counts them) unless `overwriteApproved: true`; rows whose `Email Status` column holds a failed address check (`invalid`, `no_mx`, `disposable`, `spamtrap`, `abuse`, `do_not_mail`) are left out with no provider call and no credit unless `includeInvalidEmails: true`, and with `skipThinRows: true` so are rows where a `{{Column}}` the prompt uses without a fallback is empty (`skipped` counts both); `useApprovedExamples: true` adds up to 3 of the file\'s approved rows to every prompt as examples; `qualityRules` overrides the saved rules for this run. Each generated row stores its quality flags (`GET /api/csv/{id}/quality`) and fills one column per extra top-level field of the output schema (and `Sources` for web research). `mode`: `"standard"` (default) or `"batch"` — the provider\'s Batch API (OpenAI Batches, Anthropic Message Batches) at the batch price (half the standard), results within 24 hours; refused with 400 for web research (the Batch APIs do not run web search) and with a spending cap.',
    access: "user",
    body: bulkSchema,
    bodyExample: EXAMPLES.bulk.request,
    success: ok("The batch was queued", "BatchStarted", EXAMPLES.bulk.response),
    errors: ["not_found", "credit_limit", "daily_credit_limit", "forbidden", "conflict"],
  },
  {
    method: "get",
    path: "/api/ai/batch-status/{id}",
    operationId: "getBatchStatus",
    tag: "Generation",
    summary: "Progress of a batch",
    description:
      "`usage` sums the batch's billed calls so far; `etaSeconds` is the time left at the batch's observed pace (null when unknown); `stopReason` is null while running and when completed, else `cancelled`, `spend_cap` or `fatal`. `mode` is `standard` or `batch`; in batch mode `provider` lists the provider batches (`{ id, status }`, the provider\'s own status), the requests `submitted` and those `returned` (result or error back; cancelled and expired ones not counted).",
    access: "user",
    success: ok("Status, progress and refunds", "BatchStatus", EXAMPLES.batchStatus.response),
  },
  {
    method: "post",
    path: "/api/ai/cancel-batch/{id}",
    operationId: "cancelBatch",
    tag: "Generation",
    summary: "Stop a batch",
    description: "Unprocessed rows are refunded at once; `creditsRefunded` says how many.",
    access: "user",
    success: ok("The batch after the cancel", "CancelBatch"),
  },
  {
    method: "post",
    path: "/api/ai/pause-batch/{id}",
    operationId: "pauseBatch",
    tag: "Generation",
    summary: "Pause a batch",
    description:
      "Rows in flight finish and no new row starts; the status becomes `paused` (not terminal). 409 once the batch is over or being cancelled.",
    access: "user",
    success: ok("The batch after the pause", "BatchControl"),
    errors: ["not_found", "conflict"],
  },
  {
    method: "post",
    path: "/api/ai/resume-batch/{id}",
    operationId: "resumeBatch",
    tag: "Generation",
    summary: "Resume a paused batch",
    description:
      "Continues where it stopped, on any worker, without redoing or re-charging a row. 409 once the batch is over.",
    access: "user",
    success: ok("The batch after the resume", "BatchControl"),
    errors: ["not_found", "conflict"],
  },
];
