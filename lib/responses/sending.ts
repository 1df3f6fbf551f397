/**
 * Answers of the sending-tool connections (keys, campaigns) and pushes (dry runs, progress, receipts). Each
 * answer's type is inferred from its schema (docs/architecture.md).
 */
import { z } from "zod";
import type { LeadFields } from "@/lib/sending/lead-fields";
import { INTEGRATION_SERVICES, PUSH_STATUSES, SENDING_TOOLS } from "@/lib/sending/tools";
import { iso, isoOrNull } from "./common";

export const IntegrationConnection = z.object({
  id: z.string(),
  service: z.enum(INTEGRATION_SERVICES),
  name: z.string(),
  apiKey: z.string().describe("Masked, as AI keys are"),
  createdAt: iso(),
});

export const IntegrationConnections = z.object({ connections: z.array(IntegrationConnection) });

const Campaign = z.object({
  id: z.string(),
  name: z.string(),
  status: z.union([z.string(), z.number()]).nullable().describe("As the tool gives it"),
});

export const Campaigns = z.object({ campaigns: z.array(Campaign) });

const PushMapping = z.object({
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  companyName: z.string().nullable(),
  variables: z.record(z.string(), z.string()).describe("Variable name → column"),
}) satisfies z.ZodType<LeadFields>;

export const PushDryRun = z.object({
  total: z.number().int(),
  willPush: z.number().int(),
  skipped: z.record(z.string(), z.number().int()).describe("Skip reason → rows"),
  rows: z.array(
    z.object({
      rowId: z.number().int(),
      status: z.enum(["push", "skip"]),
      reason: z.string().nullable(),
    }),
  ),
  sample: z
    .array(z.record(z.string(), z.unknown()))
    .describe("The first ≤ 3 leads exactly as the tool would receive them"),
  mapping: PushMapping.describe("The mapping used (the defaults filled in)"),
});

export const PushStarted = z.object({ pushId: z.string() });

export const Push = z.object({
  id: z.string(),
  csvId: z.string(),
  connectionId: z.string().nullable(),
  service: z.enum(SENDING_TOOLS),
  campaignId: z.string(),
  campaignName: z.string(),
  status: z.enum(PUSH_STATUSES),
  total: z.number().int(),
  pushed: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  providerSkipped: z.number().int(),
  error: z.string().nullable(),
  createdAt: iso(),
  finishedAt: isoOrNull(),
});

export const Pushes = z.object({ pushes: z.array(Push) });

/** The rows with an outcome so far (a row still waiting for its call is not listed). */
export const PushRows = z.object({
  rows: z.array(
    z.object({
      rowId: z.number().int(),
      status: z.enum(["pushed", "skipped", "failed"]),
      reason: z.string().nullable(),
      providerLeadId: z.string().nullable(),
    }),
  ),
});

/** Where each row of a file was pushed: its latest receipt per campaign. */
export const PushReceipts = z.object({
  receipts: z.array(
    z.object({
      rowId: z.number().int(),
      service: z.enum(SENDING_TOOLS),
      campaignId: z.string(),
      campaignName: z.string(),
      pushedAt: iso(),
    }),
  ),
});

export type IntegrationConnectionJson = z.output<typeof IntegrationConnection>;
export type IntegrationConnectionsJson = z.output<typeof IntegrationConnections>;
export type CampaignJson = z.output<typeof Campaign>;
export type CampaignsJson = z.output<typeof Campaigns>;
export type PushMappingJson = z.output<typeof PushMapping>;
export type PushDryRunJson = z.output<typeof PushDryRun>;
export type PushStartedJson = z.output<typeof PushStarted>;
export type PushJson = z.output<typeof Push>;
export type PushesJson = z.output<typeof Pushes>;
export type PushRowsJson = z.output<typeof PushRows>;
export type PushReceiptsJson = z.output<typeof PushReceipts>;
