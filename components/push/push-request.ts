import type { PushRequest } from "@/lib/client/queries/sending";
import type { PushMappingJson } from "@/lib/responses/sending";
import type { LeadFields } from "@/lib/sending/lead-fields";

/**
 * The mapping as the form edits it: the server's (the defaults it chose), where a variable may be
 * set to no column (left out of the push).
 */
export type MappingDraft = LeadFields<string | null>;

export interface PushChoices {
  connectionId: string;
  campaignId: string;
  mapping: MappingDraft;
  includeFlagged: boolean;
  repush: boolean;
}

export const draftOf = (mapping: PushMappingJson): MappingDraft => ({
  ...mapping,
  variables: { ...mapping.variables },
});

/**
 * The push's body for these choices: every row of the file (no `rowIds`); the variables left without
 * a column are not sent (a given `variables` replaces the default set).
 */
export function toPushRequest({ connectionId, campaignId, mapping, includeFlagged, repush }: PushChoices): PushRequest {
  const variables: Record<string, string> = {};
  for (const [name, column] of Object.entries(mapping.variables)) if (column) variables[name] = column;
  return {
    connectionId,
    campaignId,
    mapping: {
      email: mapping.email,
      firstName: mapping.firstName,
      lastName: mapping.lastName,
      companyName: mapping.companyName,
      variables,
    },
    includeFlagged,
    repush,
  };
}

/** Equal for equal choices: a dry run counts for the choices it was made with only. */
export const choicesKey = (request: PushRequest): string => JSON.stringify(request);
