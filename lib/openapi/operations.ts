/**
 * The operation registry: one entry per exported method of every route file under app/api
 * (the `[...rest]` catch-all excepted). Request bodies and query strings are the zod schemas the
 * routes parse; tests/integration/openapi.test.ts checks that every route method has an entry here,
 * that every entry answers, and that every example body passes its schema.
 */
import type { z } from "zod";
import type { ErrorCode } from "@/lib/errors";
import {
  bulkEmailSchema,
  incomeQuery,
  listTicketsQuery,
  listUsersQuery,
  adminTicketUpdateSchema,
} from "@/lib/services/admin/schemas";
import { createPromoSchema, listPromoQuery, updatePromoSchema } from "@/lib/services/admin/promo-schemas";
import { templateCreateSchema, templateUpdateSchema, updateAiConfigSchema } from "@/lib/services/ai-config/schemas";
import { emailOnlySchema, loginSchema, registerSchema, resetPasswordSchema } from "@/lib/services/auth/schemas";
import { checkoutSchema, validatePromoSchema, verifyLicenseSchema } from "@/lib/services/billing/schemas";
import { checkKeySchema, createConnectionSchema } from "@/lib/services/connections/schemas";
import {
  addColumnSchema,
  addRowSchema,
  appendRowsSchema,
  changesQuerySchema,
  importCsvSchema,
  replaceRowsSchema,
  updateRowSchema,
} from "@/lib/services/csv/schemas";
import { bulkSchema, generateSchema } from "@/lib/services/generation/schemas";
import { makeConfigSchema, sendRowsSchema, zapierConfigSchema } from "@/lib/services/integrations/schemas";
import { createTicketSchema, replySchema, userStatusSchema } from "@/lib/services/tickets/schemas";
import type { ResponseSchemaName } from "./components";
import { EXAMPLES } from "./examples";
import { createApiKeySchema, mailboxQuery, modelsQuery } from "./local-schemas";
import { QUALITY_OPERATIONS } from "./quality-operations";
import { USAGE_OPERATIONS } from "./usage-operations";

export const HTTP_METHODS = ["get", "post", "put", "patch", "delete"] as const;
type HttpMethod = (typeof HTTP_METHODS)[number];

/**
 * Who may call an operation:
 * - `public`: anyone; `optional`: anyone, and the caller is known when signed in;
 * - `user`: a session (cookie, `x-auth-token` or Bearer) or an API key; `admin`: the same, for an admin;
 * - `session`: a session only (an API key is answered 403); `cron`: `Authorization: Bearer $CRON_SECRET`;
 * - `stripe`: Stripe's signed webhook.
 */
export type Access = "public" | "optional" | "user" | "session" | "admin" | "cron" | "stripe";

export const TAGS = [
  {
    name: "Auth",
    description:
      "Accounts and sessions. A session token from login or e-mail verification authenticates every other call.",
  },
  {
    name: "AI configuration",
    description: "The generator's settings, provider connections (API keys of OpenAI or Anthropic) and models.",
  },
  { name: "Generation", description: "One e-mail at a time, or bulk batches that run in the background." },
  { name: "Templates", description: "Saved AI configurations." },
  { name: "CSV", description: "Imported prospect lists: files, rows, columns and cheap change polling." },
  { name: "Tickets", description: "The caller's support tickets." },
  {
    name: "Webhooks",
    description: "Sending rows to Make (scenario webhook, optionally signed) and Zapier. See “Webhook signatures”.",
  },
  { name: "Pricing", description: "Promo codes, checkout and licence keys." },
  { name: "Admin", description: "Back office. Admins only." },
  {
    name: "API keys",
    description: "Keys for external programs. Managing keys needs a session: a key cannot create, list or revoke keys.",
  },
  {
    name: "System",
    description: "Health, the cron entry point, this document, and hooks for payments and local development.",
  },
] as const;
type Tag = (typeof TAGS)[number]["name"];

/** An error code the operation can answer with; a pair gives a status other than the code's usual one. */
export type ErrorSpec = ErrorCode | readonly [ErrorCode, number];

export interface SuccessSpec {
  status?: number;
  description: string;
  /** A named schema (`#/components/schemas/<name>`), or a list of them. */
  schema?: ResponseSchemaName | { list: ResponseSchemaName };
  example?: unknown;
}

export interface OperationSpec {
  method: HttpMethod;
  /** With `{param}` placeholders, as in OpenAPI. */
  path: string;
  operationId: string;
  tag: Tag;
  summary: string;
  description?: string;
  access: Access;
  body?: z.core.$ZodType;
  bodyExample?: unknown;
  query?: z.ZodObject;
  success: SuccessSpec;
  /** Non-error answers besides the success one (e.g. the health check's 503). */
  otherResponses?: readonly (SuccessSpec & { status: number })[];
  /** Codes beyond the defaults (see `defaultErrors` in document.ts). */
  errors?: readonly ErrorSpec[];
  /**
   * Documented ahead of its route file, which another branch adds. The route-walk
   * test tolerates a missing route file for these only; once the file exists the strict check applies.
   */
  ahead?: boolean;
}

const ok = (description: string, schema?: SuccessSpec["schema"], example?: unknown): SuccessSpec => ({
  description,
  schema,
  example,
});
const created = (description: string, schema: SuccessSpec["schema"], example?: unknown): SuccessSpec => ({
  status: 201,
  description,
  schema,
  example,
});

export const OPERATIONS: readonly OperationSpec[] = [
  // ---- Auth ----
  {
    method: "get",
    path: "/api/auth/me",
    operationId: "getMe",
    tag: "Auth",
    summary: "The signed-in user",
    access: "user",
    success: ok("The caller", "User"),
  },
  {
    method: "post",
    path: "/api/auth/register",
    operationId: "register",
    tag: "Auth",
    summary: "Create an account",
    description: "Sends a verification e-mail; the account can sign in once the address is verified.",
    access: "public",
    body: registerSchema,
    bodyExample: EXAMPLES.register.request,
    success: created("Account created, verification e-mail sent", "Message", EXAMPLES.register.response),
    errors: ["rate_limited"],
  },
  {
    method: "post",
    path: "/api/auth/login",
    operationId: "login",
    tag: "Auth",
    summary: "Sign in with e-mail and password",
    description:
      "Answers the session token (valid 7 days) and the user, and sets the session cookie. Wrong credentials are a 400 (`invalid_input`), an unverified address a 403 carrying `requiresVerification: true`. External programs should prefer an API key.",
    access: "public",
    body: loginSchema,
    bodyExample: EXAMPLES.login.request,
    success: ok("Signed in", "Session", EXAMPLES.login.response),
    errors: ["forbidden", "rate_limited"],
  },
  {
    method: "get",
    path: "/api/auth/verify-email/{token}",
    operationId: "verifyEmail",
    tag: "Auth",
    summary: "Verify an e-mail address",
    description: "Follows the e-mailed link's token; signs the user in.",
    access: "public",
    success: ok("Verified and signed in", "Session"),
  },
  {
    method: "post",
    path: "/api/auth/resend-verification",
    operationId: "resendVerification",
    tag: "Auth",
    summary: "Send the verification e-mail again",
    access: "public",
    body: emailOnlySchema,
    bodyExample: { email: "ann@example.com" },
    success: ok("Sent (when the address has an unverified account)", "Message"),
    errors: ["rate_limited"],
  },
  {
    method: "post",
    path: "/api/auth/forgot-password",
    operationId: "forgotPassword",
    tag: "Auth",
    summary: "E-mail a password reset link",
    description: "An unverified address is answered 403 with `requiresVerification: true`.",
    access: "public",
    body: emailOnlySchema,
    bodyExample: { email: "ann@example.com" },
    success: ok("Sent when the address has an account", "Message"),
    errors: ["forbidden", "rate_limited", "provider_error"],
  },
  {
    method: "get",
    path: "/api/auth/validate-reset-token/{token}",
    operationId: "validateResetToken",
    tag: "Auth",
    summary: "Is a password reset token still valid?",
    access: "public",
    success: ok("Whether the token can be used", "ResetToken", { valid: true }),
  },
  {
    method: "post",
    path: "/api/auth/reset-password/{token}",
    operationId: "resetPassword",
    tag: "Auth",
    summary: "Set a new password",
    description: "Signs out every session of the account.",
    access: "public",
    body: resetPasswordSchema,
    bodyExample: { password: "N3w!Secret-Passw0rd" },
    success: ok("Password changed", "Message"),
  },
  {
    method: "post",
    path: "/api/auth/sign-out",
    operationId: "signOut",
    tag: "Auth",
    summary: "Sign out",
    description: "Ends the session of the cookie or token sent, and clears the cookie.",
    access: "optional",
    success: ok("Signed out", "Message", { msg: "Signed out" }),
  },

  // ---- AI configuration ----
  {
    method: "get",
    path: "/api/ai/config",
    operationId: "getAiConfig",
    tag: "AI configuration",
    summary: "The generator's settings, masked keys and connections",
    access: "user",
    success: ok("The configuration", "UserAiConfig"),
  },
  {
    method: "put",
    path: "/api/ai/config",
    operationId: "updateAiConfig",
    tag: "AI configuration",
    summary: "Save the generator's settings",
    description:
      "Fields at the top level, or wrapped as `{ aiConfig: {...} }`. `jsonSchema` is JSON text (an object is accepted too). `qualityRules` holds overrides of the quality rules (see the `QualityRules` schema; `null` goes back to the defaults); an unknown rule id or setting, or a limit that is not a positive whole number, is a 400 naming it.",
    access: "user",
    body: updateAiConfigSchema,
    bodyExample: {
      selectedModel: "gpt-4o-mini",
      maxRows: 25,
      useCase: "content_creation",
      qualityRules: { subject_too_long: { maxChars: 50 }, spam_words: { severity: "block" } },
    },
    success: ok("Saved", "AiConfigSaved"),
  },
  {
    method: "get",
    path: "/api/ai/connections",
    operationId: "listConnections",
    tag: "AI configuration",
    summary: "The caller's provider connections",
    access: "user",
    success: ok("Connections (keys masked)", "Connections"),
  },
  {
    method: "post",
    path: "/api/ai/connections",
    operationId: "createConnection",
    tag: "AI configuration",
    summary: "Add a provider connection",
    description: "The key is stored encrypted and shown masked from then on.",
    access: "user",
    body: createConnectionSchema,
    bodyExample: { name: "Work OpenAI", provider: "OpenAI", apiKey: "sk-..." },
    success: created("The new connection", "Connection"),
    errors: ["conflict"],
  },
  {
    method: "delete",
    path: "/api/ai/connections/{id}",
    operationId: "deleteConnection",
    tag: "AI configuration",
    summary: "Delete a connection",
    access: "user",
    success: ok("Deleted", "Message"),
  },
  {
    method: "post",
    path: "/api/ai/connections/{id}/activate",
    operationId: "activateConnection",
    tag: "AI configuration",
    summary: "Make a connection the active one of its provider",
    access: "user",
    success: ok("Activated", "Message"),
  },
  {
    method: "post",
    path: "/api/ai/connections/{id}/check",
    operationId: "checkSavedConnection",
    tag: "AI configuration",
    summary: "Check a saved key against its provider",
    access: "user",
    success: ok("Whether the provider accepts the key", "KeyCheck"),
  },
  {
    method: "post",
    path: "/api/ai/connections/check",
    operationId: "checkProviderKey",
    tag: "AI configuration",
    summary: "Check a key before saving it",
    access: "user",
    body: checkKeySchema,
    bodyExample: { provider: "Anthropic", apiKey: "sk-ant-..." },
    success: ok("Whether the provider accepts the key", "KeyCheck"),
  },
  {
    method: "get",
    path: "/api/ai/models",
    operationId: "listModels",
    tag: "AI configuration",
    summary: "Models the caller can use",
    access: "user",
    query: modelsQuery,
    success: ok("Models of the caller's providers", "Models"),
  },
  {
    method: "get",
    path: "/api/ai/model-warnings",
    operationId: "listModelWarnings",
    tag: "AI configuration",
    summary: "Settings on a model that is retired or shuts down within 30 days",
    description:
      "The AI configuration, templates and queued or running batches whose model is retired or shuts down " +
      "within 30 days, each with the recommended replacement.",
    access: "user",
    success: ok("Warnings, possibly none", "ModelWarnings"),
  },
  {
    method: "get",
    path: "/api/ai/credits",
    operationId: "getCredits",
    tag: "Generation",
    summary: "Today's credits",
    access: "user",
    success: ok("Daily credits, used and remaining (null = unlimited)", "Credits", EXAMPLES.credits.response),
  },

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
      '`rowsToProcess` is a list of 0-based row indices (or N: the first N rows) of the saved file `csvId`. Credits for every row are reserved up front; rows that are not processed are refunded. Poll `GET /api/ai/batch-status/{id}`. `maxCostUsd` (USD > 0) caps the run\'s provider cost: no row starts that would take the recorded cost past it, and the batch then ends `cancelled` with `stopReason: "spend_cap"`; a 400 names the model when its price is unknown. Approved rows are skipped (`skippedApproved` counts them) unless `overwriteApproved: true`; `useApprovedExamples: true` adds up to 3 of the file\'s approved rows to every prompt as examples; `qualityRules` overrides the saved rules for this run. Each generated row stores its quality flags (`GET /api/csv/{id}/quality`) and fills one column per extra top-level field of the output schema (and `Sources` for web research). `mode`: `"standard"` (default) or `"batch"` — the provider\'s Batch API (OpenAI Batches, Anthropic Message Batches) at the batch price (half the standard), results within 24 hours; refused with 400 for web research (the Batch APIs do not run web search) and with a spending cap.',
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

  // ---- Templates ----
  {
    method: "get",
    path: "/api/ai/templates",
    operationId: "listTemplates",
    tag: "Templates",
    summary: "The caller's templates",
    access: "user",
    success: ok("Templates, newest first", { list: "Template" }),
  },
  {
    method: "post",
    path: "/api/ai/templates",
    operationId: "createTemplate",
    tag: "Templates",
    summary: "Save a template",
    access: "user",
    body: templateCreateSchema,
    bodyExample: {
      name: "Friendly intro",
      prompt: "Write to {{First Name}} at {{Company}}...",
      selectedModel: "gpt-4o-mini",
    },
    success: created("The new template", "Template"),
  },
  {
    method: "get",
    path: "/api/ai/templates/{id}",
    operationId: "getTemplate",
    tag: "Templates",
    summary: "One template",
    access: "user",
    success: ok("The template", "Template"),
  },
  {
    method: "put",
    path: "/api/ai/templates/{id}",
    operationId: "updateTemplate",
    tag: "Templates",
    summary: "Change a template",
    access: "user",
    body: templateUpdateSchema,
    bodyExample: { name: "Friendly intro v2" },
    success: ok("The template", "Template"),
  },
  {
    method: "delete",
    path: "/api/ai/templates/{id}",
    operationId: "deleteTemplate",
    tag: "Templates",
    summary: "Delete a template",
    access: "user",
    success: ok("Deleted", "Message"),
  },

  // ---- CSV ----
  {
    method: "get",
    path: "/api/csv",
    operationId: "listCsvFiles",
    tag: "CSV",
    summary: "The caller's CSV files, without rows",
    access: "user",
    success: ok("Files, newest first", { list: "CsvFileSummary" }),
  },
  {
    method: "get",
    path: "/api/csv/recent",
    operationId: "listRecentCsvFiles",
    tag: "CSV",
    summary: "The five most recent imports",
    access: "user",
    success: ok("Files, newest first", { list: "CsvFileSummary" }),
  },
  {
    method: "post",
    path: "/api/csv/import",
    operationId: "importCsv",
    tag: "CSV",
    summary: "Import a CSV file's rows",
    description:
      "One request, or chunks: send `final: false` here with the first rows, then `POST /api/csv/{id}/append` for the rest (`final: true` on the last). A one-shot import answers the file with its rows; a first chunk answers the file without rows.",
    access: "user",
    body: importCsvSchema,
    bodyExample: EXAMPLES.csvImport.request,
    success: created("The imported file", "CsvFile", EXAMPLES.csvImport.response),
    errors: ["payload_too_large"],
  },
  {
    method: "put",
    path: "/api/csv/update",
    operationId: "replaceCsvRows",
    tag: "CSV",
    summary: "Replace every row of a file",
    access: "user",
    body: replaceRowsSchema,
    bodyExample: { id: "6f1c2b8e-4f0a-4d4e-9a51-0c7d2e3b9a10", rows: [{ "First Name": "Ann", Company: "Acme" }] },
    success: ok("The file with its rows", "CsvFile"),
    errors: ["not_found", "payload_too_large"],
  },
  {
    method: "get",
    path: "/api/csv/{id}",
    operationId: "getCsvFile",
    tag: "CSV",
    summary: "A file with its rows",
    access: "user",
    success: ok("The file", "CsvFile"),
  },
  {
    method: "delete",
    path: "/api/csv/{id}",
    operationId: "deleteCsvFile",
    tag: "CSV",
    summary: "Delete a file",
    access: "user",
    success: ok("Deleted", "Message"),
  },
  {
    method: "post",
    path: "/api/csv/{id}/append",
    operationId: "appendCsvRows",
    tag: "CSV",
    summary: "Append the next chunk of a chunked import",
    access: "user",
    body: appendRowsSchema,
    bodyExample: { rows: [{ "First Name": "Bob", Company: "Globex" }], final: true },
    success: ok("The file without rows", "CsvFileSummary"),
    errors: ["payload_too_large"],
  },
  {
    method: "get",
    path: "/api/csv/{id}/changes",
    operationId: "getCsvChanges",
    tag: "CSV",
    summary: "Rows changed since a point in time",
    description: "Pass the `serverTime` of the previous answer as `since`: cheap polling while a batch writes rows.",
    access: "user",
    query: changesQuerySchema,
    success: ok("Changed rows", "Changes"),
  },
  {
    method: "post",
    path: "/api/csv/{id}/columns",
    operationId: "addCsvColumn",
    tag: "CSV",
    summary: "Add a column",
    access: "user",
    body: addColumnSchema,
    bodyExample: { name: "Notes" },
    success: created("The file's columns now", "Columns"),
    errors: ["conflict"],
  },
  {
    method: "delete",
    path: "/api/csv/{id}/columns/{name}",
    operationId: "deleteCsvColumn",
    tag: "CSV",
    summary: "Delete a column",
    access: "user",
    success: ok("The file's columns now", "Columns"),
  },
  {
    method: "post",
    path: "/api/csv/{id}/rows",
    operationId: "addCsvRow",
    tag: "CSV",
    summary: "Add a row",
    access: "user",
    body: addRowSchema,
    bodyExample: { data: { "First Name": "Cleo", Company: "Initech" } },
    success: created("The new row", "Row"),
  },
  {
    method: "patch",
    path: "/api/csv/{id}/rows/{rowId}",
    operationId: "updateCsvRow",
    tag: "CSV",
    summary: "Change cells of a row",
    access: "user",
    body: updateRowSchema,
    bodyExample: { data: { Company: "Initech Ltd" } },
    success: ok("The row", "Row"),
  },
  {
    method: "delete",
    path: "/api/csv/{id}/rows/{rowId}",
    operationId: "deleteCsvRow",
    tag: "CSV",
    summary: "Delete a row",
    access: "user",
    success: ok("Deleted", "Message"),
  },
  {
    method: "get",
    path: "/api/csv/{id}/rows/{rowId}/usage",
    operationId: "getCsvRowUsage",
    tag: "CSV",
    summary: "Tokens, cost and model of a row's newest generation",
    description:
      "What the provider billed for the row's newest generation (single or bulk, also a billed failure): `{ usage: null }` when the row has none.",
    access: "user",
    success: ok("The row's usage", "RowUsage"),
  },

  // ---- Tickets ----
  {
    method: "get",
    path: "/api/tickets",
    operationId: "listMyTickets",
    tag: "Tickets",
    summary: "The caller's tickets",
    access: "user",
    success: ok("Tickets, newest first", { list: "Ticket" }),
  },
  {
    method: "post",
    path: "/api/tickets",
    operationId: "createTicket",
    tag: "Tickets",
    summary: "Open a ticket",
    access: "user",
    body: createTicketSchema,
    bodyExample: { subject: "Bulk run stuck", message: "My batch stays at 40%.", priority: "high" },
    success: created("The new ticket", "Ticket"),
  },
  {
    method: "get",
    path: "/api/tickets/{id}",
    operationId: "getMyTicket",
    tag: "Tickets",
    summary: "One ticket with its responses",
    access: "user",
    success: ok("The ticket", "Ticket"),
  },
  {
    method: "put",
    path: "/api/tickets/{id}",
    operationId: "updateMyTicketStatus",
    tag: "Tickets",
    summary: "Close or reopen a ticket",
    access: "user",
    body: userStatusSchema,
    bodyExample: { status: "closed" },
    success: ok("The ticket", "Ticket"),
  },
  {
    method: "post",
    path: "/api/tickets/{id}/reply",
    operationId: "replyToMyTicket",
    tag: "Tickets",
    summary: "Reply to a ticket",
    access: "user",
    body: replySchema,
    bodyExample: { message: "It finished now, thanks!" },
    success: ok("The ticket", "Ticket"),
  },

  // ---- Webhooks ----
  {
    method: "get",
    path: "/api/webhooks/config",
    operationId: "getMakeConfig",
    tag: "Webhooks",
    summary: "The Make webhook",
    access: "user",
    success: ok("The configuration (secret masked)", "MakeConfig"),
  },
  {
    method: "post",
    path: "/api/webhooks/config",
    operationId: "saveMakeConfig",
    tag: "Webhooks",
    summary: "Save the Make webhook",
    description:
      "`webhookSecret` omitted or empty keeps the saved secret; `null` removes it. With a secret, every request is signed (see “Webhook signatures”).",
    access: "user",
    body: makeConfigSchema,
    bodyExample: {
      webhookUrl: "https://hook.eu1.make.com/abc123",
      webhookSecret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
    },
    success: ok("Saved", "MakeConfigSaved"),
  },
  {
    method: "post",
    path: "/api/webhooks/test",
    operationId: "testMakeWebhook",
    tag: "Webhooks",
    summary: "Send a test call to the Make webhook",
    description: 'Sends `{ "event": "test", "sentAt", "data": [] }`.',
    access: "user",
    success: ok("The webhook accepted the test", "WebhookTest"),
    errors: ["invalid_input", "provider_error"],
  },
  {
    method: "post",
    path: "/api/webhooks/send",
    operationId: "sendRowsToMake",
    tag: "Webhooks",
    summary: "Send rows to the Make webhook",
    description:
      '`{ event: "rows.exported", sentAt, data }` in chunks of at most 500 rows, each retried up to 3 times.',
    access: "user",
    body: sendRowsSchema,
    bodyExample: { data: [{ "First Name": "Ann", "Subject Line": "Quick idea for Acme" }] },
    success: ok("Every chunk was delivered", "SendResult"),
    otherResponses: [
      {
        status: 202,
        description: "Above 2,000 rows: queued as a background job (`GET /api/jobs/{id}`)",
        schema: "JobStarted",
      },
    ],
    errors: ["provider_error", "payload_too_large"],
  },
  {
    method: "get",
    path: "/api/zapier/config",
    operationId: "getZapierConfig",
    tag: "Webhooks",
    summary: "The Zapier hook",
    access: "user",
    success: ok("The configuration", "ZapierConfig"),
  },
  {
    method: "post",
    path: "/api/zapier/config",
    operationId: "saveZapierConfig",
    tag: "Webhooks",
    summary: "Save the Zapier hook",
    access: "user",
    body: zapierConfigSchema,
    bodyExample: { webhookUrl: "https://hooks.zapier.com/hooks/catch/123/abc/" },
    success: ok("Saved", "ZapierConfigSaved"),
  },
  {
    method: "post",
    path: "/api/zapier/test",
    operationId: "testZapierWebhook",
    tag: "Webhooks",
    summary: "Send a test call to the Zapier hook",
    access: "user",
    success: ok("The hook accepted the test", "WebhookTest"),
    errors: ["invalid_input", "provider_error"],
  },
  {
    method: "post",
    path: "/api/zapier/send",
    operationId: "sendRowsToZapier",
    tag: "Webhooks",
    summary: "Send rows to the Zapier hook",
    access: "user",
    body: sendRowsSchema,
    bodyExample: { data: [{ "First Name": "Ann", "Subject Line": "Quick idea for Acme" }] },
    success: ok("Every chunk was delivered", "SendResult"),
    otherResponses: [
      {
        status: 202,
        description: "Above 2,000 rows: queued as a background job (`GET /api/jobs/{id}`)",
        schema: "JobStarted",
      },
    ],
    errors: ["provider_error", "payload_too_large"],
  },

  // ---- Pricing ----
  {
    method: "post",
    path: "/api/pricing/validate-promo",
    operationId: "validatePromo",
    tag: "Pricing",
    summary: "Check a promo code",
    access: "public",
    body: validatePromoSchema,
    bodyExample: { code: "LAUNCH20" },
    success: ok("The code's discount", "PromoValidation", { code: "LAUNCH20", discountPercentage: 20 }),
  },
  {
    method: "post",
    path: "/api/pricing/checkout",
    operationId: "startCheckout",
    tag: "Pricing",
    summary: "Start a checkout for the lifetime plan",
    description: "Send `promoCode` only when a discount applies. Redirect the buyer to `url`.",
    access: "optional",
    body: checkoutSchema,
    bodyExample: { planId: "lifetime", promoCode: "LAUNCH20" },
    success: ok("Where to send the buyer", "Checkout"),
    errors: ["conflict", "provider_error"],
  },
  {
    method: "get",
    path: "/api/pricing/checkout/cancel",
    operationId: "cancelCheckout",
    tag: "Pricing",
    summary: "The checkout's cancel URL (browsers come back here)",
    description:
      "Gives the promo-code use the checkout reserved back (`?reservation=`), ends the checkout session, and redirects to /pricing.",
    access: "public",
    success: { status: 303, description: "Redirect to /pricing" },
  },
  {
    method: "get",
    path: "/api/pricing/verify-payment/{sessionId}",
    operationId: "verifyPayment",
    tag: "Pricing",
    summary: "The licence key of a paid checkout",
    access: "public",
    success: ok("Paid: the licence key", "PaymentVerification"),
    errors: ["invalid_input", ["conflict", 402], "provider_error"],
  },
  {
    method: "post",
    path: "/api/pricing/verify-license",
    operationId: "verifyLicense",
    tag: "Pricing",
    summary: "Check (and, when signed in, activate) a licence key",
    access: "optional",
    body: verifyLicenseSchema,
    bodyExample: { licenseKey: "ABCDE-FGHIJ-KLMNO-PQRST-UVWXY" },
    success: ok("Whether the key is valid", "LicenseVerification"),
    errors: ["conflict"],
  },

  // ---- Admin ----
  {
    method: "get",
    path: "/api/admin/dashboard",
    operationId: "adminDashboard",
    tag: "Admin",
    summary: "Counts for the admin dashboard",
    access: "admin",
    success: ok("Users, revenue (USD), open tickets, active promo codes", "AdminDashboard"),
  },
  {
    method: "get",
    path: "/api/admin/users",
    operationId: "adminListUsers",
    tag: "Admin",
    summary: "Users, paged and filtered",
    access: "admin",
    query: listUsersQuery,
    success: ok("A page of users", "AdminUsers"),
  },
  {
    method: "get",
    path: "/api/admin/users/{id}",
    operationId: "adminGetUser",
    tag: "Admin",
    summary: "One user with payments",
    access: "admin",
    success: ok("The user", "AdminUserDetail"),
  },
  {
    method: "post",
    path: "/api/admin/users/bulk-email",
    operationId: "adminBulkEmail",
    tag: "Admin",
    summary: "E-mail selected users (a background job)",
    description:
      "Queued as a background job sent through the mail provider's batch API; follow it with `GET /api/jobs/{id}`.",
    access: "admin",
    body: bulkEmailSchema,
    bodyExample: { userIds: ["u_1", "u_2"], subject: "New feature", message: "Hello! ..." },
    success: { status: 202, description: "Queued", schema: "JobStarted" },
  },
  {
    method: "get",
    path: "/api/jobs/{id}",
    operationId: "getJob",
    tag: "Admin",
    summary: "A background job's progress (bulk e-mail, large webhook export)",
    access: "user",
    success: ok("The job", "Job"),
  },
  {
    method: "get",
    path: "/api/admin/income",
    operationId: "adminIncome",
    tag: "Admin",
    summary: "Payments, paged, with the total income",
    access: "admin",
    query: incomeQuery,
    success: ok("A page of payments", "Income"),
  },
  {
    method: "get",
    path: "/api/admin/tickets",
    operationId: "adminListTickets",
    tag: "Admin",
    summary: "All tickets, paged and filtered",
    access: "admin",
    query: listTicketsQuery,
    success: ok("A page of tickets", "AdminTickets"),
  },
  {
    method: "get",
    path: "/api/admin/tickets/{id}",
    operationId: "adminGetTicket",
    tag: "Admin",
    summary: "Any ticket",
    access: "admin",
    success: ok("The ticket", "Ticket"),
  },
  {
    method: "put",
    path: "/api/admin/tickets/{id}",
    operationId: "adminUpdateTicket",
    tag: "Admin",
    summary: "Set a ticket's status and/or respond",
    description: "The ticket's owner is e-mailed.",
    access: "admin",
    body: adminTicketUpdateSchema,
    bodyExample: { status: "resolved", response: "Fixed in today's release." },
    success: ok("The ticket", "Ticket"),
  },
  {
    method: "get",
    path: "/api/admin/promo-codes",
    operationId: "adminListPromoCodes",
    tag: "Admin",
    summary: "Promo codes, paged and filtered",
    access: "admin",
    query: listPromoQuery,
    success: ok("A page of promo codes", "PromoCodes"),
  },
  {
    method: "post",
    path: "/api/admin/promo-codes",
    operationId: "adminCreatePromoCode",
    tag: "Admin",
    summary: "Create a promo code",
    access: "admin",
    body: createPromoSchema,
    bodyExample: {
      code: "LAUNCH20",
      discountPercentage: 20,
      maxUses: 100,
      expiresAt: "2031-12-31T23:59:59.000Z",
      isInfluencerCode: false,
    },
    success: created("The new code", "PromoCode"),
    errors: ["conflict"],
  },
  {
    method: "get",
    path: "/api/admin/promo-codes/{id}",
    operationId: "adminGetPromoCode",
    tag: "Admin",
    summary: "One promo code",
    access: "admin",
    success: ok("The code", "PromoCode"),
  },
  {
    method: "put",
    path: "/api/admin/promo-codes/{id}",
    operationId: "adminUpdatePromoCode",
    tag: "Admin",
    summary: "Change a promo code",
    description: "The code itself cannot change.",
    access: "admin",
    body: updatePromoSchema,
    bodyExample: { discountPercentage: 25, isActive: true },
    success: ok("The code", "PromoCode"),
  },

  // ---- API keys (docs/api.md "API keys and docs") ----
  {
    method: "post",
    path: "/api/keys",
    operationId: "createApiKey",
    tag: "API keys",
    summary: "Create an API key",
    description:
      "The answer is the only time the full `key` is shown: store it. Needs a session (an API key is answered 403).",
    access: "session",
    body: createApiKeySchema,
    bodyExample: { name: "CRM sync" },
    success: created("The new key", "CreatedApiKey", {
      id: "9b2f3c1e-0d4a-4c61-8a8e-2d5f7a1b3c4d",
      name: "CRM sync",
      key: "cm_live_5Jx8q2Rw...",
      prefix: "cm_live_5Jx8q2Rw",
      createdAt: "2030-05-04T09:30:00.000Z",
    }),
    errors: ["conflict"],
  },
  {
    method: "get",
    path: "/api/keys",
    operationId: "listApiKeys",
    tag: "API keys",
    summary: "The caller's API keys",
    description: "Revoked keys are not listed. Needs a session.",
    access: "session",
    success: ok("Keys (never the key itself)", { list: "ApiKey" }),
  },
  {
    method: "delete",
    path: "/api/keys/{id}",
    operationId: "revokeApiKey",
    tag: "API keys",
    summary: "Revoke an API key",
    description: "The key is refused (401) from then on. Needs a session.",
    access: "session",
    success: ok("Revoked", "Message"),
  },

  // ---- System ----
  {
    method: "get",
    path: "/api/health",
    operationId: "health",
    tag: "System",
    summary: "Health of the database, the queue and the workers",
    description: "200 when everything is ok, 503 otherwise (same body).",
    access: "public",
    success: ok("Healthy", "Health"),
    otherResponses: [{ status: 503, description: "Something is not ok (same body, `ok: false`)", schema: "Health" }],
  },
  {
    method: "get",
    path: "/api/cron/work",
    operationId: "cronWorkGet",
    tag: "System",
    summary: "Run due background work (Vercel Cron)",
    description:
      "With `WORKER_MODE=cron`: runs due jobs (batches, batch-mode collection, webhook deliveries, sweeps) for at most `CRON_BUDGET_SECONDS` (default 50). Same as POST.",
    access: "cron",
    success: ok("What was done", "CronWork", { processed: 12, remaining: 0 }),
  },
  {
    method: "post",
    path: "/api/cron/work",
    operationId: "cronWorkPost",
    tag: "System",
    summary: "Run due background work",
    description: "Same as GET.",
    access: "cron",
    success: ok("What was done", "CronWork", { processed: 12, remaining: 0 }),
  },
  {
    method: "get",
    path: "/api/openapi.json",
    operationId: "getOpenApiDocument",
    tag: "System",
    summary: "This document",
    description: "OpenAPI 3.1, generated from the zod schemas the routes parse. Rendered at `/docs/api`.",
    access: "public",
    success: ok("The OpenAPI document", "OpenApiDocument"),
  },
  {
    method: "post",
    path: "/api/stripe/webhook",
    operationId: "stripeWebhook",
    tag: "System",
    summary: "Stripe's payment events",
    description:
      "For Stripe only: `checkout.session.completed`, checked with `STRIPE_WEBHOOK_SECRET`. 404 unless `PAYMENTS_DRIVER=stripe`.",
    access: "stripe",
    success: ok("Acknowledged", "StripeWebhook"),
    errors: ["invalid_input", "not_found"],
  },
  {
    method: "get",
    path: "/api/dev/mailbox",
    operationId: "devMailbox",
    tag: "System",
    summary: "The e-mail outbox (local mode and test drivers only)",
    description: "404 when the outbox mail driver is not active.",
    access: "public",
    query: mailboxQuery,
    success: ok("E-mails, newest first", { list: "OutboxEmail" }),
    errors: ["not_found"],
  },
  ...USAGE_OPERATIONS,
  ...QUALITY_OPERATIONS,
];
