/** Answers of the Make and Zapier webhooks. Each answer's type is inferred from its schema (docs/architecture.md). */
import { z } from "zod";
import { DELIVERY_STATUSES } from "@/lib/domain/enums";
import { iso, isoOrNull } from "./common";

export const LastDelivery = z.object({
  status: z.enum(DELIVERY_STATUSES),
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

export const MakeConfig = z.object(makeConfigFields);

export const MakeConfigSaved = z.object({ ...makeConfigFields, msg: z.string(), makeWebhook: MakeConfig });

const zapierFields = {
  isConfigured: z.boolean(),
  webhookUrl: z.string(),
  lastUpdated: isoOrNull(),
  lastDelivery: LastDelivery.nullable(),
};

export const ZapierConfig = z.object(zapierFields);

export const ZapierConfigSaved = z.object({ ...zapierFields, msg: z.string() });

export const SendResult = z.object({
  msg: z.string(),
  rows: z.number().int(),
  requests: z.number().int().describe("HTTP requests made (one per chunk of at most 500 rows)"),
});

export const WebhookTest = z.object({ msg: z.string(), statusCode: z.number().int().nullable() });

export type LastDeliveryJson = z.output<typeof LastDelivery>;
export type MakeConfigJson = z.output<typeof MakeConfig>;
export type MakeConfigSavedJson = z.output<typeof MakeConfigSaved>;
export type ZapierConfigJson = z.output<typeof ZapierConfig>;
export type ZapierConfigSavedJson = z.output<typeof ZapierConfigSaved>;
export type SendResultJson = z.output<typeof SendResult>;
export type WebhookTestJson = z.output<typeof WebhookTest>;
