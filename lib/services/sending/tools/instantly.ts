import "server-only";
import { env } from "@/lib/env";
import type { CampaignJson } from "@/lib/responses/sending";
import { callTool, type ToolRequest } from "../tool-http";
import { snakeCaseLead } from "./lead-shapes";
import { expectList, failedLeads, refuseBadKey } from "./errors";
import type { LeadFields } from "@/lib/sending/lead-fields";
import type { LeadOutcome, SendingToolClient } from "./types";

/**
 * Instantly API v2 (developer.instantly.ai): Bearer auth; campaigns listed 100 a page with
 * `starting_after`; `POST /api/v2/leads/add` takes at most 1,000 leads with `skip_if_in_campaign`.
 * Limit: 100 requests a second and 6,000 a minute (for the whole workspace).
 */
const LIMITS = [
  { requests: 100, windowMs: 1000 },
  { requests: 6000, windowMs: 60_000 },
];

const base = () => env().toolBaseUrls.instantly.replace(/\/+$/, "");

const call = (apiKey: string, req: ToolRequest) =>
  callTool(
    { ...req, headers: { authorization: `Bearer ${apiKey}` } },
    { service: "instantly", apiKey, limits: LIMITS },
  );

interface CampaignPage {
  items?: { id: string; name: string; status?: number | string | null }[];
  next_starting_after?: string | null;
}

async function listCampaigns(apiKey: string, firstPageOnly = false): Promise<CampaignJson[]> {
  const campaigns: CampaignJson[] = [];
  let after: string | null | undefined = undefined;
  do {
    const query = `limit=100${after ? `&starting_after=${encodeURIComponent(after)}` : ""}`;
    const answer = await call(apiKey, { method: "GET", url: `${base()}/api/v2/campaigns?${query}` });
    expectList("instantly", answer, apiKey);
    const page = (answer.body ?? {}) as CampaignPage;
    for (const c of page.items ?? []) campaigns.push({ id: String(c.id), name: c.name, status: c.status ?? null });
    after = page.next_starting_after;
  } while (after && !firstPageOnly);
  return campaigns;
}

const toLead = (fields: LeadFields) => snakeCaseLead(fields, "custom_variables");

interface AddAnswer {
  created_leads?: { id: string; email: string; index: number }[];
}

async function addLeads(apiKey: string, campaignId: string, leads: Record<string, unknown>[]): Promise<LeadOutcome[]> {
  const answer = await call(apiKey, {
    method: "POST",
    url: `${base()}/api/v2/leads/add`,
    body: { campaign_id: campaignId, skip_if_in_campaign: true, leads },
  });
  refuseBadKey("instantly", answer, apiKey);
  if (answer.status >= 300) return failedLeads(leads.length, answer, apiKey);
  // Leads it created come back with their index in the call; the others it skipped (in the campaign,
  // repeated, invalid or blocked).
  const created = new Map(((answer.body ?? {}) as AddAnswer).created_leads?.map((l) => [l.index, l.id]) ?? []);
  return leads.map((_, i) =>
    created.has(i) ? { status: "pushed", providerLeadId: String(created.get(i)) } : { status: "skipped" },
  );
}

export const instantly: SendingToolClient = {
  service: "instantly",
  batchSize: 1000,
  limits: LIMITS,
  listCampaigns,
  toLead,
  addLeads,
};
