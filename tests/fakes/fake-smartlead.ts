/**
 * A fake of Smartlead's API v1 for tests (node:http on 127.0.0.1, random port unless given): point
 * SMARTLEAD_BASE_URL at `url`. Where each detail comes from:
 * - What the app is built against (wins over the pages below): ?api_key= on every call, GET /api/v1/campaigns,
 *   POST /api/v1/campaigns/{id}/leads { lead_list, settings }, at most 400 leads a call, the answer's upload_count,
 *   already_added_to_campaign, duplicate_count, invalid_email_count.
 * - https://api.smartlead.ai/authentication: the key as a query parameter; a bad or missing key is a 401
 *   { success: false, error: { code: "UNAUTHORIZED", message: "Invalid or missing API key" } }.
 * - https://api.smartlead.ai/api-reference/leads/add-to-campaign and https://api.smartlead.ai/guides/lead-management:
 *   "Max 400 leads per request", settings ignore_global_block_list / ignore_unsubscribe_list /
 *   ignore_duplicate_leads_in_other_campaign (false: a lead already in another campaign is not added), 404 for a
 *   campaign that is not found or not yours.
 * - https://api.smartlead.ai/guides/error-handling: errors { error: { code, message, details } }, e.g. 400
 *   VALIDATION_ERROR "email field is required for all leads in lead_list" (details.field "lead_list[2].email") and
 *   "Lead list exceeds maximum size".
 * - https://api.smartlead.ai/guides/rate-limits: per API key, all endpoints together, Standard tier 60 a minute with
 *   a burst of 10 a second; 429 { error: { code: "RATE_LIMIT_EXCEEDED", message: "Too many requests. Please retry
 *   after 30 seconds.", retry_after: 30 } }; X-RateLimit-Limit / -Remaining / -Reset (Unix time) on answers and
 *   Retry-After on the 429 (https://api.smartlead.ai/reference/rate-limits: the same headers on every answer).
 * - Campaign objects { id (number), user_id, created_at, updated_at, status (DRAFTED, ACTIVE, COMPLETED, STOPPED,
 *   PAUSED), name, track_settings, min_time_btwn_emails, max_leads_per_day, parent_campaign_id, client_id }: the
 *   field list of cotera.co/docs/reference/tools/individual-tools/smartlead ("List All Campaigns").
 * - The add-leads answer { ok, upload_count, total_leads, already_added_to_campaign, duplicate_count,
 *   invalid_email_count, unsubscribed_leads }: the shape the app is built against, the older one of the API (a client
 *   that reads both: github "FirstFlag" push script, smartleadResult); the newer pages describe added_count /
 *   skipped_count / skipped_leads instead.
 * Not documented, chosen here: an address repeated within the call and one already in another campaign of the
 * account both count in duplicate_count; the key is read from the query only (not from a JSON body); 404 for an
 * unknown route is { error: { code: "NOT_FOUND" } } too; custom_fields values must be scalars (the newer pages say
 * "unlimited" custom fields, an older one "max 20", so no count limit is enforced).
 */
import { Accounts, sendingTool, type ToolParts } from "./sending-tools-accounts";
import {
  FailureQueue,
  SlidingLimiter,
  isEmail,
  isRecord,
  normalEmail,
  retryAfterSeconds,
  serveTool,
  type FakeTool,
  type FakeToolOptions,
  type LimitVerdict,
  type ToolReply,
  type ToolRequest,
} from "./sending-tools-http";

export const SMARTLEAD_LIMITS = [
  { requests: 10, windowMs: 1000 },
  { requests: 60, windowMs: 60_000 },
];
export const SMARTLEAD_MAX_LEADS = 400;
const CODES: Record<number, string> = {
  400: "VALIDATION_ERROR",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  422: "VALIDATION_ERROR",
  429: "RATE_LIMIT_EXCEEDED",
  500: "INTERNAL_SERVER_ERROR",
  503: "SERVICE_UNAVAILABLE",
};

export const smartleadError = (status: number, message?: string, details?: unknown): ToolReply => ({
  status,
  body: {
    ...(status === 401 ? { success: false } : {}),
    error: {
      code: CODES[status] ?? "ERROR",
      message: message ?? `Request failed (${status})`,
      ...(details ? { details } : {}),
    },
  },
});

const rateHeaders = (v: LimitVerdict) => ({
  "X-RateLimit-Limit": String(v.limit),
  "X-RateLimit-Remaining": String(v.remaining),
  "X-RateLimit-Reset": String(Math.ceil(v.resetAt / 1000)),
});

/** The checks that refuse the whole call (400), or null. */
function leadListProblem(body: unknown): ToolReply | null {
  const invalid = (message: string, field: string, constraint: string) =>
    smartleadError(400, message, { field, constraint });
  if (!isRecord(body) || !Array.isArray(body.lead_list))
    return invalid("lead_list is required and must be an array", "lead_list", "required");
  const list = body.lead_list as unknown[];
  if (list.length < 1) return invalid("lead_list must contain at least 1 lead", "lead_list", "min:1");
  if (list.length > SMARTLEAD_MAX_LEADS)
    return invalid(
      `Lead list exceeds maximum size of ${SMARTLEAD_MAX_LEADS} leads per request`,
      "lead_list",
      `max:${SMARTLEAD_MAX_LEADS}`,
    );
  for (const [i, lead] of list.entries()) {
    if (!isRecord(lead) || typeof lead.email !== "string" || !lead.email)
      return invalid("email field is required for all leads in lead_list", `lead_list[${i}].email`, "required");
    const fields = lead.custom_fields;
    if (fields === undefined || fields === null) continue;
    if (!isRecord(fields)) return invalid("custom_fields must be an object", `lead_list[${i}].custom_fields`, "object");
    for (const [name, value] of Object.entries(fields))
      if (typeof value === "object" && value !== null)
        return invalid("custom field values must be text", `lead_list[${i}].custom_fields.${name}`, "string");
  }
  if (body.settings !== undefined && !isRecord(body.settings))
    return invalid("settings must be an object", "settings", "object");
  return null;
}

interface State extends ToolParts {
  accounts: Accounts;
  nextLeadId: number;
}

function addLeads(s: State, key: string, campaignId: string, body: unknown): ToolReply {
  const problem = leadListProblem(body);
  if (problem) return problem;
  const b = body as { lead_list: Record<string, unknown>[]; settings?: Record<string, unknown> };
  const allowOthers = b.settings?.ignore_duplicate_leads_in_other_campaign === true;
  const n = { uploaded: 0, already: 0, duplicate: 0, invalid: 0 };
  const seen = new Set<string>();
  for (const lead of b.lead_list) {
    const email = normalEmail(lead.email);
    if (!isEmail(email)) n.invalid++;
    else if (seen.has(email)) n.duplicate++;
    else if (s.accounts.inCampaign(key, email, campaignId)) n.already++;
    else if (!allowOthers && s.accounts.inOtherCampaign(key, email, campaignId)) n.duplicate++;
    else {
      s.accounts.store(key, { email, campaignId, id: String(s.nextLeadId++), fields: lead });
      n.uploaded++;
    }
    seen.add(email);
  }
  return {
    status: 200,
    body: {
      ok: true,
      upload_count: n.uploaded,
      total_leads: b.lead_list.length,
      already_added_to_campaign: n.already,
      duplicate_count: n.duplicate,
      invalid_email_count: n.invalid,
      unsubscribed_leads: 0,
    },
  };
}

function route(s: State, key: string, req: ToolRequest): ToolReply {
  const path = req.url.pathname.replace(/\/$/, "");
  if (req.method === "GET" && path === "/api/v1/campaigns")
    return { status: 200, body: s.accounts.campaignsOf(key).map((c) => c.wire) };
  const leadsPath = /^\/api\/v1\/campaigns\/([^/]+)\/leads$/.exec(path);
  if (req.method !== "POST" || !leadsPath) return smartleadError(404, `Cannot ${req.method} ${req.url.pathname}`);
  const injected = s.failures.take(smartleadError);
  if (injected) return injected;
  const campaignId = decodeURIComponent(leadsPath[1]!);
  if (!s.accounts.campaignOf(key, campaignId)) return smartleadError(404, "Campaign not found");
  if (!req.json) return smartleadError(400, "Request body is not valid JSON");
  return addLeads(s, key, campaignId, req.body);
}

function handle(s: State, req: ToolRequest): ToolReply {
  const key = req.url.searchParams.get("api_key");
  if (!key || !s.keys.has(key)) return smartleadError(401, "Invalid or missing API key");
  const verdict = s.limiter.take(key, req.at);
  if (!verdict.ok) {
    const wait = retryAfterSeconds(verdict.retryAfterMs);
    const message = `Too many requests. Please retry after ${wait} seconds.`;
    return {
      status: 429,
      body: { error: { code: "RATE_LIMIT_EXCEEDED", message, retry_after: Number(wait) } },
      headers: { ...rateHeaders(verdict), "Retry-After": wait },
    };
  }
  const reply = route(s, key, req);
  return { ...reply, headers: { ...rateHeaders(verdict), ...reply.headers } };
}

export async function startFakeSmartlead(port?: number, options: FakeToolOptions = {}): Promise<FakeTool> {
  const s: State = {
    accounts: new Accounts(),
    keys: new Set(),
    limiter: new SlidingLimiter(SMARTLEAD_LIMITS),
    failures: new FailureQueue(),
    nextLeadId: 5_000_000,
  };
  let nextCampaignId = 1000;
  const server = await serveTool(port, options, (req) => handle(s, req));
  const addCampaign: FakeTool["addCampaign"] = (key, c) => {
    const numeric = c.id === undefined ? nextCampaignId++ : Number(c.id);
    if (!Number.isInteger(numeric)) throw new Error("Smartlead campaign ids are numbers");
    const status = c.status ?? "ACTIVE";
    const at = new Date(server.now()).toISOString();
    const wire = {
      ...{ id: numeric, user_id: 1, created_at: at, updated_at: at, status, name: c.name, track_settings: [] },
      ...{ min_time_btwn_emails: 10, max_leads_per_day: 100, parent_campaign_id: null, client_id: null },
    };
    return s.accounts.addCampaign({ key, id: String(numeric), name: c.name, status, wire });
  };
  return sendingTool(server, s, addCampaign);
}
