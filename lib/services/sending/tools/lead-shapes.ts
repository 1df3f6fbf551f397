import type { LeadFields } from "@/lib/sending/lead-fields";

/**
 * A lead with snake_case fields and its variables under one key (Instantly's `custom_variables`,
 * Smartlead's `custom_fields`); unmapped fields are left out.
 */
export function snakeCaseLead(fields: LeadFields, variablesKey: string): Record<string, unknown> {
  return {
    email: fields.email,
    ...(fields.firstName !== null ? { first_name: fields.firstName } : {}),
    ...(fields.lastName !== null ? { last_name: fields.lastName } : {}),
    ...(fields.companyName !== null ? { company_name: fields.companyName } : {}),
    [variablesKey]: fields.variables,
  };
}
