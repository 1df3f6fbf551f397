import "server-only";
import { env } from "@/lib/env";
import type { CampaignJson } from "@/lib/responses/sending";
import { callTool, type ToolRequest } from "../tool-http";
import { snakeCaseLead } from "./lead-shapes";
import { expectList, failedLeads, refuseBadKey } from "./errors";
import type { LeadFields } from "@/lib/sending/lead-fields";
import type { LeadOutcome, SendingToolClient } from "./types";

/**
 * Smartlead API v1 (api.smartlead.ai): the key travels as `?api_key=` (redacted wherever a URL is
 * logged); `GET /api/v1/campaigns`; `POST /api/v1/campaigns/{id}/leads` takes at most 400 leads.
 * Limit (Standard tier): 60 requests a minute per key, at most 10 in a second.
 */
const LIMITS = [
  { requests: 10, windowMs: 1000 },
  { requests: 60, windowMs: 60_000 },
];

const url = (path: string, apiKey: string) =>
  `${env().toolBaseUrls.smartlead.replace(/\/+$/, "")}${path}?api_key=${encodeURIComponent(apiKey)}`;

const call = (apiKey: string, req: ToolRequest) => callTool(req, { service: "smartlead", apiKey, limits: LIMITS });

async function listCampaigns(apiKey: string): Promise<CampaignJson[]> {
  const answer = await call(apiKey, { method: "GET", url: url("/api/v1/campaigns", apiKey) });
  expectList("smartlead", answer, apiKey);
  const items = Array.isArray(answer.body)
    ? (answer.body as { id: number | string; name: string; status?: string }[])
    : [];
  return items.map((c) => ({ id: String(c.id), name: c.name, status: c.status ?? null }));
}

const toLead = (fields: LeadFields) => snakeCaseLead(fields, "custom_fields");

interface AddAnswer {
  upload_count?: number;
  total_leads?: number;
}

/**
 * Smartlead answers counts, not which leads it skipped (already in the campaign, blocked, unsubscribed):
 * when it uploaded fewer than it was sent, that many receipts of the call say "skipped by the tool" (the
 * last ones), so that the push's counts are the tool's; which leads they were, the tool does not say.
 */
async function addLeads(apiKey: string, campaignId: string, leads: Record<string, unknown>[]): Promise<LeadOutcome[]> {
  const answer = await call(apiKey, {
    method: "POST",
    url: url(`/api/v1/campaigns/${encodeURIComponent(campaignId)}/leads`, apiKey),
    body: {
      lead_list: leads,
      settings: {
        ignore_global_block_list: false,
        ignore_unsubscribe_list: false,
        ignore_duplicate_leads_in_other_campaign: false,
      },
    },
  });
  refuseBadKey("smartlead", answer, apiKey);
  if (answer.status >= 300) return failedLeads(leads.length, answer, apiKey);
  const uploaded = Math.min(leads.length, Number(((answer.body ?? {}) as AddAnswer).upload_count ?? leads.length));
  return leads.map((_, i) => (i < uploaded ? { status: "pushed", providerLeadId: null } : { status: "skipped" }));
}

export const smartlead: SendingToolClient = {
  service: "smartlead",
  batchSize: 400,
  limits: LIMITS,
  listCampaigns,
  toLead,
  addLeads,
};
