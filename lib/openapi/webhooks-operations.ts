/** Operations of the Make and Zapier webhooks (the registry: ./operations.ts). */
import { makeConfigSchema, sendRowsSchema, zapierConfigSchema } from "@/lib/services/integrations/schemas";
import { ok, type OperationSpec } from "./operation-spec";

export const WEBHOOK_OPERATIONS: readonly OperationSpec[] = [
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
];
