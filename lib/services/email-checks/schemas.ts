import { z } from "zod";
import { safeString } from "@/lib/validation/strings";

/** `POST /csv/{id}/email-check`. */
export const emailCheckSchema = z.object({
  column: safeString({ error: "column must be a column name" })
    .min(1, "column must be a column name")
    .max(200)
    .optional(),
  rowIds: z
    .array(
      z.number({ error: "rowIds must be row ids" }).int("rowIds must be row ids").positive("rowIds must be row ids"),
    )
    .max(100_000)
    .optional(),
  connectionId: z.string({ error: "connectionId must be a connection id" }).min(1).optional(),
});

export type EmailCheckInput = z.output<typeof emailCheckSchema>;
