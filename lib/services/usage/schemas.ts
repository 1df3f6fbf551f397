import { z } from "zod";

const USAGE_MAX_DAYS = 90;
const USAGE_DEFAULT_DAYS = 30;

/** `GET /api/usage?days=`: 1 to 90 whole days, 30 when absent. */
export const usageQuerySchema = z.object({
  days: z
    .string()
    .regex(/^\d{1,3}$/, `days must be a whole number from 1 to ${USAGE_MAX_DAYS}`)
    .transform(Number)
    .refine((n) => n >= 1 && n <= USAGE_MAX_DAYS, `days must be a whole number from 1 to ${USAGE_MAX_DAYS}`)
    .optional()
    .transform((n) => n ?? USAGE_DEFAULT_DAYS),
});
