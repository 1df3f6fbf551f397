import { z } from "zod";
import { PROVIDERS } from "@/lib/ai/providers";
import { safeString } from "@/lib/validation/strings";

export { KEY_HINTS } from "@/lib/ai/providers";

const providerSchema = z.enum(PROVIDERS, { error: "Provider must be Anthropic or OpenAI" });

export const createConnectionSchema = z.object({
  name: safeString({ error: "Connection name is required" })
    .trim()
    .min(1, "Connection name is required")
    .max(100, "Connection name must be at most 100 characters"),
  provider: providerSchema,
  apiKey: safeString({ error: "API key is required" })
    .trim()
    .min(1, "API key is required")
    .max(500, "API key is too long"),
});

export const checkKeySchema = z.object({
  provider: providerSchema,
  apiKey: safeString({ error: "API key is required" })
    .trim()
    .min(1, "API key is required")
    .max(500, "API key is too long"),
});
