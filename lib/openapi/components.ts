/**
 * The registry of response schemas: each answer's schema, by the name the OpenAPI document gives it
 * (`#/components/schemas/<name>`). The schemas live in lib/responses, beside the types the services
 * build their answers with (each inferred from its schema), so the document and the answers cannot
 * drift apart; tests/integration/response-schemas.test.ts checks every answer against the document.
 */
import type { z } from "zod";
import type { AiSettings } from "@/lib/ai/defaults";
import type { UsageJson as TokenUsageJson } from "@/lib/ai/usage";
import type { QualityFlag as QualityFlagType } from "@/lib/quality/rules";
import type { QualityRules as QualityRulesType } from "@/lib/quality/rules-schema";
import { ResetToken, Session, User } from "@/lib/responses/account";
import {
  AdminDashboard,
  AdminTickets,
  AdminUser,
  AdminUserDetail,
  AdminUsers,
  Income,
  IncomePayment,
  Job,
  JobStarted,
  OutboxEmail,
  PromoCode,
  PromoCodes,
} from "@/lib/responses/admin";
import {
  AiConfigSaved,
  AiSettingsSchema,
  Connection,
  Connections,
  Credits,
  KeyCheck,
  Model,
  Models,
  ModelWarnings,
  Template,
  UserAiConfig,
} from "@/lib/responses/ai";
import {
  Checkout,
  LicenseVerification,
  PaymentVerification,
  PromoValidation,
  StripeWebhook,
} from "@/lib/responses/billing";
import { ErrorSchema, Message, pagination, Usage } from "@/lib/responses/common";
import { Changes, Columns, CsvFile, CsvFileSummarySchema, CsvImport, Row, RowUsage } from "@/lib/responses/csv";
import { BatchControl, BatchStarted, BatchStatus, CancelBatch, Generate } from "@/lib/responses/generation";
import {
  LastDelivery,
  MakeConfig,
  MakeConfigSaved,
  SendResult,
  WebhookTest,
  ZapierConfig,
  ZapierConfigSaved,
} from "@/lib/responses/integrations";
import {
  FileQuality,
  KeepPreview,
  Preview,
  QualityFlag,
  QualityRules,
  RowApproval,
  WebSource,
} from "@/lib/responses/quality";
import {
  Campaigns,
  IntegrationConnection,
  IntegrationConnections,
  Push,
  PushDryRun,
  Pushes,
  PushReceipts,
  PushRows,
  PushStarted,
} from "@/lib/responses/sending";
import { Preferences } from "@/lib/responses/preferences";
import { EmailCheck, EmailChecks, EmailCheckStarted } from "@/lib/responses/email-checks";
import { Ticket } from "@/lib/responses/support";
import { ApiKey, CreatedApiKey, CronWork, Health, OpenApiDocumentSchema } from "@/lib/responses/system";
import { Estimate, UsageDays } from "@/lib/responses/usage";

export { ErrorSchema };

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
  CsvImport,
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
  Estimate,
  Usage: UsageDays,
  QualityFlag,
  QualityRules,
  WebSource,
  Preview,
  KeepPreview,
  FileQuality,
  RowApproval,
  IntegrationConnection,
  IntegrationConnections,
  Campaigns,
  PushDryRun,
  PushStarted,
  Push,
  Pushes,
  PushRows,
  PushReceipts,
  EmailCheckStarted,
  EmailCheck,
  EmailChecks,
  Preferences,
} as const;

export type ResponseSchemaName = keyof typeof RESPONSE_SCHEMAS;

// ---- Compile-time checks of the domain types the answers share with the rest of the code. ----
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Check<T extends true> = T;

/** @public Compile-time only: never imported. */
export type DomainTypeChecks = [
  Check<Same<z.output<typeof AiSettingsSchema>, AiSettings>>,
  Check<Same<z.output<typeof QualityFlag>, QualityFlagType>>,
  Check<Same<z.output<typeof QualityRules>, QualityRulesType>>,
  Check<Same<z.output<typeof Usage>, TokenUsageJson>>,
];
