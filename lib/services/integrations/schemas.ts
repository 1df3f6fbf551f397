import { z } from "zod";
import { rowSchema } from "@/lib/services/csv/schemas";
import { safeString } from "@/lib/validation/strings";

export const makeConfigSchema = z.object({
  webhookUrl: safeString({ error: "Webhook URL is required" })
    .trim()
    .min(1, "Webhook URL is required")
    .max(2048, "Webhook URL is too long"),
  /** Omitted or "" keeps the saved secret; null removes it. */
  webhookSecret: z.union([safeString().max(500, "Webhook secret is too long"), z.null()]).optional(),
});

export const zapierConfigSchema = z.object({
  webhookUrl: safeString({ error: "Please enter a valid Zapier webhook URL" })
    .trim()
    .max(2048, "Webhook URL is too long"),
});

/**
 * The Zapier dialog's form: the server's schema plus the rule the server checks in the service
 * (non-empty and starting with the official hook prefix, which comes from the server's env).
 */
export function zapierConfigFormSchema(prefix: string) {
  return zapierConfigSchema.refine((value) => value.webhookUrl !== "" && value.webhookUrl.startsWith(prefix), {
    message: "Please enter a valid Zapier webhook URL",
    path: ["webhookUrl"],
  });
}

export const sendRowsSchema = z.object({
  data: z
    .array(rowSchema, { error: "data must be an array of rows" })
    .max(100_000, "At most 100,000 rows can be sent at once"),
});
