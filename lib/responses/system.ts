/**
 * Answers of API keys, health, cron and the OpenAPI document. Each answer's type is inferred from its
 * schema (docs/architecture.md).
 */
import { z } from "zod";
import { iso, isoOrNull } from "./common";

export const ApiKey = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string().describe("The first characters of the key"),
  createdAt: iso(),
  lastUsedAt: isoOrNull(),
});

export const CreatedApiKey = z.object({
  id: z.string(),
  name: z.string(),
  key: z.string().describe("The full key: shown only in this answer"),
  prefix: z.string(),
  createdAt: iso(),
});

export const Health = z.object({
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

export const CronWork = z.object({
  processed: z.number().int().describe("Jobs run by this call"),
  remaining: z.number().int().describe("Jobs still due"),
});

export const OpenApiDocumentSchema = z
  .object({
    openapi: z.literal("3.1.0"),
    info: z.object({}).catchall(z.unknown()),
    paths: z.record(z.string(), z.unknown()),
  })
  .catchall(z.unknown());

export type ApiKeyJson = z.output<typeof ApiKey>;
export type CreatedApiKeyJson = z.output<typeof CreatedApiKey>;
export type HealthJson = z.output<typeof Health>;
export type CronWorkJson = z.output<typeof CronWork>;
