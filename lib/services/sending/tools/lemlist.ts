import "server-only";
import { env } from "@/lib/env";
import type { CampaignJson } from "@/lib/responses/sending";
import { callTool, toolMessage, type ToolRequest } from "../tool-http";
import { expectList, refuseBadKey } from "./errors";
import type { LeadFields } from "@/lib/sending/lead-fields";
import type { LeadOutcome, SendingToolClient } from "./types";

/**
 * lemlist API (developer.lemlist.com): HTTP Basic auth with an empty user name and the key as password;
 * `GET /api/campaigns?version=v2` (paged); `POST /api/campaigns/{id}/leads/?deduplicate=true` adds ONE lead,
 * variables at the top level. Limit: 20 requests per 2 seconds per key.
 */
const LIMITS = [{ requests: 20, windowMs: 2000 }];

const base = () => env().toolBaseUrls.lemlist.replace(/\/+$/, "");

const call = (apiKey: string, req: ToolRequest) =>
  callTool(
    { ...req, headers: { authorization: `Basic ${Buffer.from(`:${apiKey}`).toString("base64")}` } },
    { service: "lemlist", apiKey, limits: LIMITS },
  );

interface CampaignPage {
  campaigns?: { _id: string; name: string; status?: string }[];
  pagination?: { nextPage?: number | null };
}

/** Every campaign: `?version=v2` pages of 100, following `pagination.nextPage`. */
async function listCampaigns(apiKey: string, firstPageOnly = false): Promise<CampaignJson[]> {
  const campaigns: CampaignJson[] = [];
  let page: number | null | undefined = 1;
  while (page) {
    const url = `${base()}/api/campaigns?version=v2&limit=100&page=${page}`;
    const answer = await call(apiKey, { method: "GET", url });
    expectList("lemlist", answer, apiKey);
    const body = (answer.body ?? {}) as CampaignPage;
    for (const c of body.campaigns ?? []) campaigns.push({ id: String(c._id), name: c.name, status: c.status ?? null });
    page = firstPageOnly ? null : body.pagination?.nextPage;
  }
  return campaigns;
}

function toLead(fields: LeadFields): Record<string, unknown> {
  return {
    ...fields.variables,
    email: fields.email,
    ...(fields.firstName !== null ? { firstName: fields.firstName } : {}),
    ...(fields.lastName !== null ? { lastName: fields.lastName } : {}),
    ...(fields.companyName !== null ? { companyName: fields.companyName } : {}),
  };
}

/** lemlist refuses a lead already in the campaign (or, deduplicated, in another one): the tool skipped it. */
const ALREADY = /already/i;

async function addLeads(apiKey: string, campaignId: string, leads: Record<string, unknown>[]): Promise<LeadOutcome[]> {
  const [lead] = leads;
  const answer = await call(apiKey, {
    method: "POST",
    url: `${base()}/api/campaigns/${encodeURIComponent(campaignId)}/leads/?deduplicate=true`,
    body: lead,
  });
  refuseBadKey("lemlist", answer, apiKey);
  if (answer.status < 300) {
    const id = (answer.body as { _id?: string } | null)?._id;
    return [{ status: "pushed", providerLeadId: id ? String(id) : null }];
  }
  const msg = toolMessage(answer.body, apiKey);
  if (ALREADY.test(msg)) return [{ status: "skipped" }];
  return [{ status: "failed", reason: `HTTP ${answer.status}: ${msg}` }];
}

export const lemlist: SendingToolClient = {
  service: "lemlist",
  batchSize: 1,
  limits: LIMITS,
  listCampaigns,
  toLead,
  addLeads,
};
