/**
 * The operation registry: one entry per exported method of every route file under app/api (the
 * `[...rest]` catch-all excepted), kept by area in the ./*-operations.ts files. Request bodies and
 * query strings are the zod schemas the routes parse; tests/integration/openapi.test.ts checks that
 * every route method has an entry here, that every entry answers, and that every example body passes
 * its schema.
 */
import { AUTH_OPERATIONS } from "./auth-operations";
import { AI_CONFIG_OPERATIONS } from "./ai-config-operations";
import { GENERATION_OPERATIONS } from "./generation-operations";
import { CSV_OPERATIONS } from "./csv-operations";
import { TICKET_OPERATIONS } from "./tickets-operations";
import { WEBHOOK_OPERATIONS } from "./webhooks-operations";
import { PRICING_OPERATIONS } from "./pricing-operations";
import { ADMIN_OPERATIONS } from "./admin-operations";
import { SYSTEM_OPERATIONS } from "./system-operations";
import type { OperationSpec } from "./operation-spec";
import { QUALITY_OPERATIONS } from "./quality-operations";
import { USAGE_OPERATIONS } from "./usage-operations";
import { SENDING_OPERATIONS } from "./sending-operations";
import { EMAIL_CHECK_OPERATIONS } from "./email-check-operations";
import { PREFERENCES_OPERATIONS } from "./preferences-operations";

export const OPERATIONS: readonly OperationSpec[] = [
  ...AUTH_OPERATIONS,
  ...AI_CONFIG_OPERATIONS,
  ...GENERATION_OPERATIONS,
  ...CSV_OPERATIONS,
  ...TICKET_OPERATIONS,
  ...WEBHOOK_OPERATIONS,
  ...PRICING_OPERATIONS,
  ...ADMIN_OPERATIONS,
  ...SYSTEM_OPERATIONS,
  ...USAGE_OPERATIONS,
  ...QUALITY_OPERATIONS,
  ...SENDING_OPERATIONS,
  ...EMAIL_CHECK_OPERATIONS,
  ...PREFERENCES_OPERATIONS,
];
