import { z } from "zod";
import type { PushMappingInput } from "@/lib/sending/lead-fields";
import { INTEGRATION_SERVICES } from "@/lib/sending/tools";
import { safeString } from "@/lib/validation/strings";

const name = safeString({ error: "Name is required" })
  .trim()
  .min(1, "Name is required")
  .max(100, "Name must be at most 100 characters");

export const createIntegrationSchema = z.object({
  service: z.enum(INTEGRATION_SERVICES, { error: "Service must be instantly, smartlead, lemlist or zerobounce" }),
  name,
  apiKey: safeString({ error: "API key is required" })
    .trim()
    .min(1, "API key is required")
    .max(500, "API key is too long"),
});

export const renameIntegrationSchema = z.object({ name });

const column = safeString({ error: "Column names are text" }).min(1, "Column names are text").max(200);
const variableName = safeString({ error: "Variable names are text" })
  .trim()
  .min(1, "Variable names cannot be empty")
  .max(100, "Variable names must be at most 100 characters")
  .refine(
    (v) => !["email", "first_name", "last_name", "company_name", "firstName", "lastName", "companyName"].includes(v),
    {
      message: "A variable cannot be named like a lead field (email, first name, last name, company)",
    },
  );

const pushMappingSchema = z.object({
  email: column.optional(),
  firstName: column.nullable().optional(),
  lastName: column.nullable().optional(),
  companyName: column.nullable().optional(),
  variables: z.record(variableName, column).optional(),
}) satisfies z.ZodType<PushMappingInput>;

export const pushSchema = z.object({
  connectionId: z.string({ error: "connectionId is required" }).min(1, "connectionId is required"),
  campaignId: safeString({ error: "campaignId is required" }).trim().min(1, "campaignId is required").max(200),
  rowIds: z
    .array(
      z.number({ error: "rowIds must be row ids" }).int("rowIds must be row ids").positive("rowIds must be row ids"),
    )
    .max(100_000)
    .optional(),
  mapping: pushMappingSchema.optional(),
  includeFlagged: z.boolean().optional(),
  repush: z.boolean().optional(),
  dryRun: z.boolean().optional(),
});

export type PushInput = z.output<typeof pushSchema>;
