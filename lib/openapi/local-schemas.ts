/**
 * Inputs that routes read without a shared zod schema of their own (a query flag or two), and the
 * inputs of endpoints documented ahead of their route file. The routes' other inputs are documented
 * from the very schemas they parse (`lib/services/<domain>/schemas.ts`).
 */
import { z } from "zod";

/** `GET /api/ai/models?refresh=1` (app/api/ai/models/route.ts reads `refresh === "1"`). */
export const modelsQuery = z.object({
  refresh: z.enum(["1"]).optional().describe("`1` asks the providers again instead of using the day's cached list"),
  connectionId: z.string().optional().describe("Only this connection's provider, from its key's model list"),
});

/** `GET /api/dev/mailbox?to=` (app/api/dev/mailbox/route.ts). */
export const mailboxQuery = z.object({
  to: z.string().optional().describe("Only the messages sent to this address"),
});

export { createApiKeySchema } from "@/lib/services/api-keys/schemas";
