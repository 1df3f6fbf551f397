import "server-only";
import { env } from "@/lib/env";
import type { CampaignJson } from "@/lib/responses/sending";
import { callTool, toolMessage, type ToolRequest } from "../tool-http";
import { expectList, refuseBadKey } from "./errors";
import type { LeadFields, LeadOutcome, SendingToolClient } from "./types";

/**
 * lemlist API (developer.lemlist.com): HTTP Basic auth with an empty user name and the key as password;
 * `GET /api/campaigns`; `POST /api/campaigns/{id}/leads/?deduplicate=true` adds ONE lead, variables at
 * the top level. Limit: 20 requests per 2 seconds per key.
 */
const LIMITS = [{ requests: 20, windowMs: 2000 }];

const base = () => env().toolBaseUrls.lemlist.replace(/\/+$/, "");

const call = (apiKey: string, req: ToolRequest) =>
  callTool(
    { ...req, headers: { authorization: `Basic ${Buffer.from(`:${apiKey}`).toString("base64")}` } },
    { service: "lemlist", apiKey, limits: LIMITS },
  );

async function listCampaigns(apiKey: string): Promise<CampaignJson[]> {
  const answer = await call(apiKey, { method: "GET", url: `${base()}/api/campaigns` });
  expectList("lemlist", answer, apiKey);
  const body = answer.body as unknown;
  const items = (Array.isArray(body) ? body : ((body as { campaigns?: unknown[] })?.campaigns ?? [])) as {
    _id: string;
    name: string;
    status?: string;
  }[];
  return items.map((c) => ({ id: String(c._id), name: c.name, status: c.status ?? null }));
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
