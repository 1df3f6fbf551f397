/** Operations of the estimate and usage endpoints (docs/api.md "Usage and cost"). */
import { bulkSchema } from "@/lib/services/generation/schemas";
import { usageQuerySchema } from "@/lib/services/usage/schemas";
import { EXAMPLES } from "./examples";
import type { OperationSpec } from "./operation-spec";

export const USAGE_OPERATIONS: readonly OperationSpec[] = [
  {
    method: "post",
    path: "/api/ai/estimate",
    operationId: "estimateBulkRun",
    tag: "Generation",
    summary: "Estimate a bulk run",
    description:
      "Takes the payload of `POST /api/ai/bulk-batched` and answers what that run would take: rows, credits, input tokens (the rendered prompts counted with the model's tokenizer, an approximation for Claude), expected output tokens (this template's past rows, else from the schema), cost low / expected / high and duration, for standard and batch mode. Same checks, row selection (approved rows skipped unless `overwriteApproved: true`; rows whose Email Status failed the address check left out unless `includeInvalidEmails: true`, counted in `skippedInvalidEmail`; rows with thin input left out with `skipThinRows: true`) and errors as the bulk call: `rows` and `credits` count the rows that will really run. `thinRows` counts the selected rows where a `{{Column}}` the prompt uses without a fallback is empty. With `useApprovedExamples: true` the input tokens include the examples. Nothing is reserved or stored and no provider call is billed.",
    access: "user",
    body: bulkSchema,
    bodyExample: EXAMPLES.bulk.request,
    success: {
      description: "The estimate",
      schema: "Estimate",
      example: {
        rows: 250,
        credits: 250,
        skippedInvalidEmail: 12,
        thinRows: 3,
        model: "gpt-4o-mini",
        inputTokens: 61250,
        cachedInputTokens: 0,
        outputTokens: 52500,
        costUsd: { low: 0.028, expected: 0.0407, high: 0.0596 },
        durationSeconds: 250,
        modes: {
          standard: { costUsd: { low: 0.028, expected: 0.0407, high: 0.0596 }, durationSeconds: 250 },
          batch: { costUsd: { low: 0.014, expected: 0.0204, high: 0.0298 }, durationSeconds: null },
        },
      },
    },
    errors: ["not_found", "forbidden"],
  },
  {
    method: "get",
    path: "/api/usage",
    operationId: "getUsage",
    tag: "Generation",
    summary: "Provider usage per day",
    description:
      "The caller's billed provider calls per UTC day, oldest first, with days without use as zeros: rows, tokens and cost, per model and per connection. `days` 1 to 90 (default 30).",
    access: "user",
    query: usageQuerySchema,
    success: { description: "One entry per day", schema: "Usage" },
  },
];
