import { z } from "zod";
import { rowSchema } from "@/lib/services/csv/schemas";

export const makeConfigSchema = z.object({
  webhookUrl: z.string({ error: "Webhook URL is required" }).trim().min(1, "Webhook URL is required").max(2048, "Webhook URL is too long"),
  /** Omitted or "" keeps the saved secret; null removes it. */
  webhookSecret: z.union([z.string().max(500, "Webhook secret is too long"), z.null()]).optional(),
});

export const zapierConfigSchema = z.object({
  webhookUrl: z.string({ error: "Please enter a valid Zapier webhook URL" }).trim().max(2048, "Webhook URL is too long"),
});

export const sendRowsSchema = z.object({
  data: z.array(rowSchema, { error: "data must be an array of rows" }).max(100_000, "At most 100,000 rows can be sent at once"),
});
