import type { CampaignJson } from "@/lib/responses/sending";
import type { LeadFields } from "@/lib/sending/lead-fields";
import type { SendingTool } from "@/lib/sending/tools";
import type { ToolLimit } from "../tool-pacer";

/** What the tool did with one lead of a call. */
export type LeadOutcome =
  { status: "pushed"; providerLeadId: string | null } | { status: "skipped" } | { status: "failed"; reason: string };

/**
 * A sending tool's API as the push uses it: the campaign list and the add-lead call, within the tool's documented
 * limits. A push never starts, pauses or activates a campaign.
 */
export interface SendingToolClient {
  service: SendingTool;
  /** Leads one add-lead call carries at most. */
  batchSize: number;
  /** The tool's documented rate limits per key. */
  limits: readonly ToolLimit[];
  /** Every campaign of the account (all pages); `firstPageOnly`: one read call (a key check). */
  listCampaigns(apiKey: string, firstPageOnly?: boolean): Promise<CampaignJson[]>;
  /** The lead exactly as the tool receives it. */
  toLead(fields: LeadFields): Record<string, unknown>;
  /** One add-lead call; one outcome per lead, in order. Throws KeyRefusedError on 401/403. */
  addLeads(apiKey: string, campaignId: string, leads: Record<string, unknown>[]): Promise<LeadOutcome[]>;
}
