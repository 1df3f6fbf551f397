/**
 * Response schemas of the OpenAPI document, written in zod beside the `...Json` types the services
 * return. `PayloadChecks` at the bottom compares each one with its TypeScript type at compile time,
 * so a payload that changes shape breaks the type check instead of silently drifting from the docs.
 */
import { z } from "zod";
import { cells, iso, isoOrNull, Usage } from "./common-schemas";
import { QUALITY_RESPONSE_SCHEMAS, QualityFlag, QualityRules, WebSource } from "./quality-schemas";
import { USAGE_RESPONSE_SCHEMAS } from "./usage-schemas";
import type { AiSettings } from "@/lib/ai/defaults";
import type { KeyCheckJson } from "@/lib/ai/provider-models";
import { PROVIDERS, USE_CASES } from "@/lib/ai/providers";
import { SUBSCRIPTIONS } from "@/lib/db/schema/auth";
import { BATCH_STATUSES, STOP_REASONS } from "@/lib/db/schema/batches";
import { TICKET_PRIORITIES, TICKET_STATUSES } from "@/lib/db/schema/support";
import { ERROR_CODES, type ErrorCode } from "@/lib/errors";
import type { MessageJson } from "@/lib/http/respond";
import type { OutboxEmailJson } from "@/lib/mail/outbox-driver";
import type { IncomeJson, IncomePaymentJson } from "@/lib/services/admin/income";
import type { PaginationJson } from "@/lib/services/admin/pagination";
import type { PromoCodeJson, PromoCodesJson } from "@/lib/services/admin/promo-codes";
import type { AdminDashboardJson } from "@/lib/services/admin/stats";
import type { AdminTicketsJson } from "@/lib/services/admin/tickets";
import type { AdminUserDetailJson, AdminUserJson, AdminUsersJson } from "@/lib/services/admin/users";
import type { JobJson, JobStartedJson } from "@/lib/services/jobs/jobs";
import type { AiConfigSavedJson, UserAiConfigJson } from "@/lib/services/ai-config/ai-config";
import type { ResetTokenJson } from "@/lib/services/auth/account";
import type { SessionJson } from "@/lib/services/auth/login";
import type { CheckoutJson, PaymentVerificationJson } from "@/lib/services/billing/checkout";
import type { LicenseVerificationJson } from "@/lib/services/billing/licenses";
import type { PromoValidationJson } from "@/lib/services/billing/promo-codes";
import type { StripeWebhookJson } from "@/lib/services/billing/stripe-webhook";
import type { ConnectionJson, ConnectionsJson } from "@/lib/services/connections/connections";
import type { CreditsJson } from "@/lib/services/credits/credits";
import type { CsvFileJson, CsvFileSummary } from "@/lib/services/csv/csv-files";
import type { ChangesJson, ColumnsJson, RowJson } from "@/lib/services/csv/csv-rows";
import type { BatchControlJson, BatchStatusJson, CancelBatchJson } from "@/lib/services/generation/batch-control";
import { RUN_MODES } from "@/lib/services/generation/run-mode";
import type { GenerateJson } from "@/lib/services/generation/generate-row";
import type { KeepPreviewJson } from "@/lib/services/preview/keep-preview";
import type { PreviewJson } from "@/lib/services/preview/run-preview";
import type { FileQualityJson, RowApprovalJson } from "@/lib/services/quality/file-quality";
import type { QualityFlag as QualityFlagType } from "@/lib/quality/rules";
import type { QualityRules as QualityRulesType } from "@/lib/quality/rules-schema";
import type { BatchStartedJson } from "@/lib/services/generation/start-batch";
import type {
  LastDeliveryJson,
  MakeConfigJson,
  MakeConfigSavedJson,
  ZapierConfigJson,
  ZapierConfigSavedJson,
} from "@/lib/services/integrations/configs";
import type { SendResultJson, WebhookTestJson } from "@/lib/services/integrations/send";
import type { ModelsJson } from "@/lib/services/models/available-models";
import { MODEL_WARNING_KINDS, type ModelWarningsJson } from "@/lib/services/models/warning-types";
import type { TemplateJson } from "@/lib/services/templates/templates";
import type { RowUsageJson } from "@/lib/services/usage/record-usage";
import type { TicketJson } from "@/lib/services/tickets/serialize";
import type { UserJson } from "@/lib/services/users/serialize";

const pagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
});

export const ErrorSchema = z
  .object({
    msg: z.string().describe("A sentence for people: show it as is."),
    code: z
      .enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]])
      .describe("Stable machine code: branch on this, never on `msg`."),
  })
  .catchall(z.unknown())
  .describe(
    "Every error answer. Some carry extra fields: `requiresVerification` (login, forgot password), `availableCredits` and `requestedCredits` (credit limits), `retryAfterSeconds` (rate limits), `requestId` (internal errors).",
  );

const Message = z.object({ msg: z.string() });

const userFields = {
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  isAdmin: z.boolean(),
  subscription: z.enum(SUBSCRIPTIONS),
  trialEnds: isoOrNull(),
  licenseKey: z.string().nullable(),
  purchaseDate: isoOrNull(),
  promoCodeUsed: z.string().nullable(),
  created: iso(),
};
const User = z.object(userFields);
const Session = z.object({
  token: z.string().describe("Session token: send it as `x-auth-token` or `Authorization: Bearer`."),
  user: User,
});
const ResetToken = z.object({ valid: z.boolean() });

const aiSettingsFields = {
  prompt: z.string(),
  jsonSchema: z.string().describe("JSON text of the output schema"),
  maxRows: z.number().int(),
  onlyRunIf: z.string(),
  selectedModel: z.string(),
  useCase: z.enum(USE_CASES),
  connectionId: z.string().nullable(),
  maxCostUsd: z.number().nullable().describe("Spending cap per bulk run in USD; null = no cap"),
  qualityRules: QualityRules.nullable().describe("Overrides of the quality rules; null = the built-in defaults"),
};
const AiSettingsSchema = z.object(aiSettingsFields);
const Connection = z.object({
  _id: z.string(),
  name: z.string(),
  provider: z.enum(PROVIDERS),
  apiKey: z.string().describe("Masked: only the last characters are shown"),
  isActive: z.boolean(),
  createdAt: iso(),
});
const Connections = z.object({ connections: z.array(Connection) });
const UserAiConfig = z.object({
  apiKeys: z.object({ openai: z.string(), anthropic: z.string() }),
  aiConfig: AiSettingsSchema,
  connections: z.array(Connection),
});
const AiConfigSaved = z.object({ msg: z.string(), aiConfig: AiSettingsSchema });
const KeyCheck = z.union([
  z.object({ valid: z.literal(true), msg: z.string(), modelCount: z.number().int() }),
  z.object({
    valid: z.literal(false),
    reason: z.string().describe("Why the key was refused (the provider error kind)"),
    msg: z.string(),
  }),
]);
const isoDay = () => z.string().nullable().describe("ISO date YYYY-MM-DD, or null");
const ModelPrice = z
  .object({
    inputPerMTok: z.number(),
    outputPerMTok: z.number(),
    cachedInputPerMTok: z.number(),
    batchDiscount: z.number().describe("Fraction off in the provider's Batch API (0.5 = half price)"),
  })
  .describe("USD per million tokens");
const Model = z.object({
  id: z.string(),
  provider: z.enum(PROVIDERS),
  label: z.string().describe("The curated label, or the id for a model the table does not know"),
  retired: z.boolean().describe("retiredOn or shutdownOn is today or earlier"),
  retiredOn: isoDay(),
  shutdownOn: isoDay().describe("Announced shutdown date (YYYY-MM-DD), or null"),
  replacement: z.string().nullable().describe("The provider's recommended replacement, or null"),
  price: ModelPrice.nullable().describe("null when the price is unknown"),
});
const Models = z.object({
  models: z.array(Model),
  defaultModel: z.string().describe("The current default of the (active or given) connection's provider"),
});
const ModelWarning = z.object({
  kind: z.enum(MODEL_WARNING_KINDS),
  id: z.string().describe('Template or batch id; "config" for the AI configuration'),
  name: z.string(),
  model: z.string(),
  modelLabel: z.string(),
  retired: z.boolean(),
  shutdownOn: isoDay().describe("Date the model stops (or stopped) working, or null"),
  replacement: z.string().nullable(),
  replacementLabel: z.string().nullable(),
});
const ModelWarnings = z.object({ warnings: z.array(ModelWarning) });
const Template = z.object({
  ...aiSettingsFields,
  _id: z.string(),
  name: z.string(),
  model: z.string().describe("Legacy name of selectedModel"),
  connectionName: z.string().nullable(),
  createdAt: iso(),
  updatedAt: iso(),
});

const Credits = z.object({
  credits: z.object({
    daily: z.number().int().nullable(),
    used: z.number().int(),
    remaining: z.number().int().nullable(),
    unlimited: z.boolean(),
  }),
  subscription: z.enum(SUBSCRIPTIONS),
  unlimited: z.boolean(),
  trialEnds: isoOrNull(),
  daysRemaining: z.number().int().nullable(),
  trialExpired: z.boolean(),
  msg: z.string().optional(),
});
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
const Generate = z.union([
  z.object({ subject_line: z.string(), email_body: z.string(), ...generateFields }),
  z.object({ content: z.string(), ...generateFields }),
]);
const BatchStarted = z.object({
  batchId: z.string(),
  total: z.number().int().describe("Rows the batch will generate"),
  skippedApproved: z
    .number()
    .int()
    .describe("Approved rows the selection matched but the run leaves alone (`overwriteApproved` not set)"),
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
const BatchStatus = z.object(batchStatusFields);
const CancelBatch = z.object({ ...batchStatusFields, msg: z.string() });
const BatchControl = z.object({ ...batchStatusFields, msg: z.string() });

const csvSummaryFields = {
  _id: z.string(),
  fileName: z.string(),
  rowCount: z.number().int(),
  columns: z.array(z.string()),
  created: iso(),
  updatedAt: iso(),
};
const CsvFileSummarySchema = z.object(csvSummaryFields);
const CsvFile = z.object({
  ...csvSummaryFields,
  rows: z.array(cells()).describe("Every row has every column, in column order"),
  rowIds: z.array(z.number().int()).describe("Database ids of the rows, in the same order"),
  serverTime: iso(),
  rowsReplacedAt: isoOrNull(),
});
const rowFields = { _id: z.number().int(), position: z.number().int(), data: cells() };
const Row = z.object(rowFields);
const RowUsage = z.object({
  usage: Usage.nullable().describe("null when the row has no billed generation"),
  model: z.string().optional(),
  latencyMs: z.number().int().nullable().optional(),
  createdAt: iso().optional(),
});
const Columns = z.object({ columns: z.array(z.string()) });
const Changes = z.object({
  columns: z.array(z.string()),
  rowCount: z.number().int(),
  serverTime: iso(),
  reload: z.boolean().describe("Every row was replaced since `since`: fetch the whole file again"),
  rowsReplacedAt: isoOrNull(),
  rows: z.array(
    z.object({
      ...rowFields,
      deleted: z.boolean(),
      flags: z.array(QualityFlag).nullable().describe("Quality flags of the row's last generation; null: never generated"),
      approved: z.boolean().describe("The row is approved (its check mark)"),
    }),
  ),
});

const Ticket = z.object({
  _id: z.string(),
  subject: z.string(),
  message: z.string(),
  priority: z.enum(TICKET_PRIORITIES),
  status: z.enum(TICKET_STATUSES),
  createdAt: iso(),
  updatedAt: iso(),
  user: z.object({ _id: z.string(), name: z.string(), email: z.string() }).nullable(),
  responses: z.array(
    z.object({ message: z.string(), responder: z.enum(["admin", "user"]), createdAt: iso(), timestamp: iso() }),
  ),
});

const LastDelivery = z.object({
  status: z.enum(["success", "failed"]),
  statusCode: z.number().int().nullable(),
  rows: z.number().int(),
  attempts: z.number().int(),
  error: z.string().nullable(),
  at: iso(),
});
const makeConfigFields = {
  webhookUrl: z.string(),
  webhookSecret: z.string().optional().describe("Masked; absent when no secret is saved"),
  hasSecret: z.boolean(),
  isConfigured: z.boolean(),
  lastUpdated: isoOrNull(),
  lastDelivery: LastDelivery.nullable(),
};
const MakeConfig = z.object(makeConfigFields);
const MakeConfigSaved = z.object({ ...makeConfigFields, msg: z.string(), makeWebhook: MakeConfig });
const zapierFields = {
  isConfigured: z.boolean(),
  webhookUrl: z.string(),
  lastUpdated: isoOrNull(),
  lastDelivery: LastDelivery.nullable(),
};
const ZapierConfig = z.object(zapierFields);
const ZapierConfigSaved = z.object({ ...zapierFields, msg: z.string() });
const SendResult = z.object({
  msg: z.string(),
  rows: z.number().int(),
  requests: z.number().int().describe("HTTP requests made (one per chunk of at most 500 rows)"),
});
const WebhookTest = z.object({ msg: z.string(), statusCode: z.number().int().nullable() });

const PromoValidation = z.object({ code: z.string(), discountPercentage: z.number().int() });
const Checkout = z.object({ url: z.string().describe("Where to send the buyer") });
const PaymentVerification = z.object({ licenseKey: z.string() });
const LicenseVerification = z.object({
  valid: z.boolean(),
  activated: z.boolean().optional(),
  msg: z.string().optional(),
});
const StripeWebhook = z.object({ received: z.literal(true), fulfilled: z.boolean().optional() });

const AdminDashboard = z.object({
  userStats: z.object({ total: z.number().int(), trial: z.number().int(), lifetime: z.number().int() }),
  revenue: z.number().describe("USD"),
  openTickets: z.number().int(),
  activePromoCodes: z.number().int(),
});
const adminUserFields = { ...userFields, createdAt: iso() };
const AdminUser = z.object(adminUserFields);
const AdminUsers = z.object({ users: z.array(AdminUser), pagination });
const AdminUserDetail = z.object({
  ...adminUserFields,
  ticketCount: z.number().int(),
  payments: z.array(
    z.object({ _id: z.string(), amount: z.number().describe("USD"), promoCode: z.string(), date: iso() }),
  ),
});
const JobStarted = z.object({
  jobId: z.string(),
  msg: z.string(),
  total: z.number().int().describe("Units of work: recipients or rows"),
});
const Job = z.object({
  jobId: z.string(),
  kind: z.enum(["bulk_email", "webhook_export"]),
  status: z.enum(["queued", "running", "completed", "failed"]),
  total: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  failures: z.array(z.string()).describe("Addresses the mail could not be sent to"),
  error: z.string().nullable(),
  msg: z.string().nullable().describe("The final message once the job ended"),
  createdAt: iso(),
  updatedAt: iso(),
  startedAt: iso().nullable(),
  finishedAt: iso().nullable(),
});
const IncomePayment = z.object({
  _id: z.string(),
  userId: z.string().nullable(),
  userName: z.string(),
  userEmail: z.string(),
  date: iso(),
  amount: z.number().describe("USD"),
  promoCode: z.string(),
});
const Income = z.object({ payments: z.array(IncomePayment), pagination, totalIncome: z.number().describe("USD") });
const AdminTickets = z.object({ tickets: z.array(Ticket), pagination });
const PromoCode = z.object({
  _id: z.string(),
  code: z.string(),
  discountPercentage: z.number().int(),
  maxUses: z.number().int(),
  currentUses: z.number().int(),
  expiresAt: iso(),
  isActive: z.boolean(),
  isInfluencerCode: z.boolean(),
  createdAt: iso(),
});
const PromoCodes = z.object({ promoCodes: z.array(PromoCode), pagination });
const OutboxEmail = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: iso(),
});

// ---- Payloads of endpoints documented from docs/api.md ("Worker modes", "API keys and docs"). ----
const ApiKey = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string().describe("The first characters of the key"),
  createdAt: iso(),
  lastUsedAt: isoOrNull(),
});
const CreatedApiKey = z.object({
  id: z.string(),
  name: z.string(),
  key: z.string().describe("The full key: shown only in this answer"),
  prefix: z.string(),
  createdAt: iso(),
});
const Health = z.object({
  ok: z.boolean(),
  db: z.unknown().optional().describe("Database check"),
  queue: z.unknown().optional().describe("Job queue check"),
  worker: z
    .object({
      mode: z.enum(["inline", "off", "cron"]).describe("This process's WORKER_MODE"),
      lastBeatAt: isoOrNull().describe("Newest heartbeat of any worker"),
    })
    .optional(),
});
const CronWork = z.object({
  processed: z.number().int().describe("Jobs run by this call"),
  remaining: z.number().int().describe("Jobs still due"),
});
const OpenApiDocumentSchema = z
  .object({
    openapi: z.literal("3.1.0"),
    info: z.object({}).catchall(z.unknown()),
    paths: z.record(z.string(), z.unknown()),
  })
  .catchall(z.unknown());

/** Every named response schema, as `#/components/schemas/<name>`. */
export const RESPONSE_SCHEMAS = {
  Message,
  User,
  Session,
  ResetToken,
  AiSettings: AiSettingsSchema,
  UserAiConfig,
  AiConfigSaved,
  Connection,
  Connections,
  KeyCheck,
  Model,
  Models,
  ModelWarnings,
  Template,
  Credits,
  Generate,
  BatchStarted,
  BatchStatus,
  CancelBatch,
  BatchControl,
  CsvFileSummary: CsvFileSummarySchema,
  CsvFile,
  Row,
  RowUsage,
  Columns,
  Changes,
  Ticket,
  LastDelivery,
  MakeConfig,
  MakeConfigSaved,
  ZapierConfig,
  ZapierConfigSaved,
  SendResult,
  WebhookTest,
  PromoValidation,
  Checkout,
  PaymentVerification,
  LicenseVerification,
  StripeWebhook,
  Pagination: pagination,
  AdminDashboard,
  AdminUser,
  AdminUsers,
  AdminUserDetail,
  JobStarted,
  Job,
  IncomePayment,
  Income,
  AdminTickets,
  PromoCode,
  PromoCodes,
  OutboxEmail,
  ApiKey,
  CreatedApiKey,
  Health,
  CronWork,
  OpenApiDocument: OpenApiDocumentSchema,
  ...USAGE_RESPONSE_SCHEMAS,
  ...QUALITY_RESPONSE_SCHEMAS,
} as const;

export type ResponseSchemaName = keyof typeof RESPONSE_SCHEMAS;

// ---- Compile-time drift checks: each schema's output equals the service's payload type. ----
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Check<T extends true> = T;
type Out<K extends ResponseSchemaName> = z.output<(typeof RESPONSE_SCHEMAS)[K]>;

/** @public Compile-time only: never imported. */
export type PayloadChecks = [
  Check<Same<Out<"Message">, MessageJson>>,
  Check<Same<Out<"User">, UserJson>>,
  Check<Same<Out<"Session">, SessionJson>>,
  Check<Same<Out<"ResetToken">, ResetTokenJson>>,
  Check<Same<Out<"AiSettings">, AiSettings>>,
  Check<Same<Out<"UserAiConfig">, UserAiConfigJson>>,
  Check<Same<Out<"AiConfigSaved">, AiConfigSavedJson>>,
  Check<Same<Out<"Connection">, ConnectionJson>>,
  Check<Same<Out<"Connections">, ConnectionsJson>>,
  Check<Same<Out<"KeyCheck">, KeyCheckJson>>,
  Check<Same<Out<"Models">, ModelsJson>>,
  Check<Same<Out<"ModelWarnings">, ModelWarningsJson>>,
  Check<Same<Out<"Template">, TemplateJson>>,
  Check<Same<Out<"Credits">, CreditsJson>>,
  Check<Same<Out<"Generate">, GenerateJson>>,
  Check<Same<Out<"BatchStarted">, BatchStartedJson>>,
  Check<Same<Out<"BatchStatus">, BatchStatusJson>>,
  Check<Same<Out<"CancelBatch">, CancelBatchJson>>,
  Check<Same<Out<"BatchControl">, BatchControlJson>>,
  Check<Same<Out<"CsvFileSummary">, CsvFileSummary>>,
  Check<Same<Out<"CsvFile">, CsvFileJson>>,
  Check<Same<Out<"Row">, RowJson>>,
  Check<Same<Out<"RowUsage">, RowUsageJson>>,
  Check<Same<Out<"Columns">, ColumnsJson>>,
  Check<Same<Out<"Changes">, ChangesJson>>,
  Check<Same<Out<"Ticket">, TicketJson>>,
  Check<Same<Out<"LastDelivery">, LastDeliveryJson>>,
  Check<Same<Out<"MakeConfig">, MakeConfigJson>>,
  Check<Same<Out<"MakeConfigSaved">, MakeConfigSavedJson>>,
  Check<Same<Out<"ZapierConfig">, ZapierConfigJson>>,
  Check<Same<Out<"ZapierConfigSaved">, ZapierConfigSavedJson>>,
  Check<Same<Out<"SendResult">, SendResultJson>>,
  Check<Same<Out<"WebhookTest">, WebhookTestJson>>,
  Check<Same<Out<"PromoValidation">, PromoValidationJson>>,
  Check<Same<Out<"Checkout">, CheckoutJson>>,
  Check<Same<Out<"PaymentVerification">, PaymentVerificationJson>>,
  Check<Same<Out<"LicenseVerification">, LicenseVerificationJson>>,
  Check<Same<Out<"StripeWebhook">, StripeWebhookJson>>,
  Check<Same<Out<"Pagination">, PaginationJson>>,
  Check<Same<Out<"AdminDashboard">, AdminDashboardJson>>,
  Check<Same<Out<"AdminUser">, AdminUserJson>>,
  Check<Same<Out<"AdminUsers">, AdminUsersJson>>,
  Check<Same<Out<"AdminUserDetail">, AdminUserDetailJson>>,
  Check<Same<Out<"JobStarted">, JobStartedJson>>,
  Check<Same<Out<"Job">, JobJson>>,
  Check<Same<Out<"IncomePayment">, IncomePaymentJson>>,
  Check<Same<Out<"Income">, IncomeJson>>,
  Check<Same<Out<"AdminTickets">, AdminTicketsJson>>,
  Check<Same<Out<"PromoCode">, PromoCodeJson>>,
  Check<Same<Out<"PromoCodes">, PromoCodesJson>>,
  Check<Same<Out<"OutboxEmail">, OutboxEmailJson>>,
  Check<Same<Out<"QualityFlag">, QualityFlagType>>,
  Check<Same<Out<"QualityRules">, QualityRulesType>>,
  Check<Same<Out<"Preview">, PreviewJson>>,
  Check<Same<Out<"KeepPreview">, KeepPreviewJson>>,
  Check<Same<Out<"FileQuality">, FileQualityJson>>,
  Check<Same<Out<"RowApproval">, RowApprovalJson>>,
];
