import { z } from "zod";

/** How many API keys one user may hold at a time. */
export const MAX_API_KEYS_PER_USER = 25;

/** Every key starts with this; it tells a key from a session token at a glance. */
export const API_KEY_PREFIX = "cm_live_";

/** How many leading characters of a key lists show (the fixed prefix plus 8 random ones). */
export const API_KEY_PREFIX_LENGTH = API_KEY_PREFIX.length + 8;

/** `POST /api/keys`. */
export const createApiKeySchema = z.object({
  name: z
    .string({ error: "Key name is required" })
    .trim()
    .min(1, "Key name is required")
    .max(100, "Key name must be at most 100 characters"),
});

export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;
