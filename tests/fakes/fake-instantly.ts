/**
 * A fake of Instantly's API v2 for tests (node:http on 127.0.0.1, random port unless given): point
 * INSTANTLY_BASE_URL at `url`. Where each detail comes from:
 * - What the app is built against (wins over the pages below): Bearer auth, the two endpoints, skip_if_in_campaign,
 *   at most 1,000 leads a call, leads { email, first_name, last_name, company_name, custom_variables }.
 * - https://developer.instantly.ai/api-reference/campaign/list-campaign and
 *   https://developer.instantly.ai/api/v2/campaign/listcampaign: GET /api/v2/campaigns?limit=&starting_after= →
 *   { items: [{ id (uuid), name, status, ... }], next_starting_after } ("the ID of the last item in the previous
 *   page"); status 0 draft, 1 active, 2 paused, 3 completed, 4 running subsequences, -99, -1, -2.
 * - https://developer.instantly.ai/api-reference/lead/add-leads-in-bulk-to-a-campaign-or-list: POST
 *   /api/v2/leads/add, 1–1000 leads, each with an email when campaign_id is used; the answer { status: "success",
 *   total_sent, leads_uploaded, in_blocklist, blocklist_used, duplicated_leads, skipped_count, invalid_email_count,
 *   incomplete_count, duplicate_email_count, remaining_in_plan, created_leads: [{ id, email, index }] };
 *   skip_if_in_workspace / skip_if_in_campaign: "any lead that already exists in ANY campaign in your workspace
 *   will be skipped". Custom variable values are strings, numbers, booleans or null (objects and arrays refused).
 * - https://app.theneo.io/instantly-ai/instantlyapidocs/lead/add-leads-to-a-campaign (API v1): already_in_campaign
 *   ("Number of leads already in the campaign"), kept as an extra count in the answer.
 * - https://developer.instantly.ai/getting-started/rate-limit: shared by the whole workspace, every key included,
 *   at most 100 requests a second and 6,000 a minute, 429 past them.
 * Not documented, chosen here: error bodies in the Fastify shape { statusCode, error, message } with Fastify's
 * schema messages (e.g. "body/leads must NOT have more than 1000 items"; not confirmed from a page); 401 "Invalid
 * API key"; Retry-After (seconds) on a 429; an unknown campaign_id is a 404; a lead already in this campaign and not
 * skipped is not added again and counts in duplicated_leads (as a client reads that field: "already in this
 * campaign"); limit defaults to 100; the fake is one workspace for rate limiting, while each key sees only its own
 * campaigns.
 */
import { randomUUID } from "node:crypto";
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
  type ToolReply,
  type ToolRequest,
} from "./sending-tools-http";

export const INSTANTLY_LIMITS = [
  { requests: 100, windowMs: 1000 },
  { requests: 6000, windowMs: 60_000 },
];
export const INSTANTLY_MAX_LEADS = 1000;
const PAGE_MAX = 100;
const PLAN = 100_000;
const REASONS: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
};

export const instantlyError = (status: number, message?: string): ToolReply => ({
  status,
  body: { statusCode: status, error: REASONS[status] ?? "Error", message: message ?? REASONS[status] ?? "Error" },
});

const bearer = (header: string | undefined) => /^Bearer (.+)$/.exec(header ?? "")?.[1];

function pageSize(raw: string | null): number | string {
  if (raw === null) return PAGE_MAX;
  const n = Number(raw);
  if (!Number.isInteger(n)) return "querystring/limit must be integer";
  if (n < 1) return "querystring/limit must be >= 1";
  if (n > PAGE_MAX) return `querystring/limit must be <= ${PAGE_MAX}`;
  return n;
}

/** The schema checks that refuse the whole call (400), or null. */
function leadsProblem(body: unknown): string | null {
  if (!isRecord(body)) return "body must be object";
  if (typeof body.campaign_id !== "string") return "body must have required property 'campaign_id'";
  const leads = body.leads;
  if (!Array.isArray(leads)) return "body must have required property 'leads'";
  if (leads.length < 1) return "body/leads must NOT have fewer than 1 items";
  if (leads.length > INSTANTLY_MAX_LEADS) return `body/leads must NOT have more than ${INSTANTLY_MAX_LEADS} items`;
  for (const [i, lead] of leads.entries()) {
    if (!isRecord(lead)) return `body/leads/${i} must be object`;
    if (typeof lead.email !== "string" || !lead.email) return `body/leads/${i} must have required property 'email'`;
    const vars = lead.custom_variables;
    if (vars === undefined || vars === null) continue;
    if (!isRecord(vars)) return `body/leads/${i}/custom_variables must be object`;
    for (const [name, value] of Object.entries(vars))
      if (typeof value === "object" && value !== null)
        return `body/leads/${i}/custom_variables/${name} must be string,number,boolean,null`;
  }
  return null;
}

interface State extends ToolParts {
  accounts: Accounts;
  uploaded: Map<string, number>;
  blocklistId: string;
}

function listCampaigns(s: State, key: string, params: URLSearchParams): ToolReply {
  const limit = pageSize(params.get("limit"));
  if (typeof limit === "string") return instantlyError(400, limit);
  const all = s.accounts.campaignsOf(key);
  const after = params.get("starting_after");
  const start = after ? all.findIndex((c) => c.id === after) + 1 || all.length : 0;
  const page = all.slice(start, start + limit);
  const items = page.map((c) => c.wire);
  return {
    status: 200,
    body: start + limit < all.length ? { items, next_starting_after: page.at(-1)!.id } : { items },
  };
}

function addLeads(s: State, key: string, body: unknown): ToolReply {
  const problem = leadsProblem(body);
  if (problem) return instantlyError(400, problem);
  const b = body as { campaign_id: string; leads: Record<string, unknown>[] } & Record<string, unknown>;
  const campaignId = b.campaign_id;
  if (!s.accounts.campaignOf(key, campaignId)) return instantlyError(404, "Campaign not found");
  const skip = b.skip_if_in_campaign === true || b.skip_if_in_workspace === true;
  const n = { uploaded: 0, here: 0, skipped: 0, invalid: 0, repeated: 0, duplicated: 0 };
  const created: { id: string; email: string; index: number }[] = [];
  const seen = new Set<string>();
  b.leads.forEach((lead, index) => {
    const email = normalEmail(lead.email);
    if (!isEmail(email)) return void n.invalid++;
    if (seen.has(email)) return void n.repeated++;
    seen.add(email);
    const here = s.accounts.inCampaign(key, email, campaignId);
    if (here) n.here++;
    if (skip && s.accounts.inAnyCampaign(key, email)) return void n.skipped++;
    if (here) return void n.duplicated++;
    const id = randomUUID();
    s.accounts.store(key, { email, campaignId, id, fields: lead });
    created.push({ id, email, index });
    n.uploaded++;
  });
  s.uploaded.set(key, (s.uploaded.get(key) ?? 0) + n.uploaded);
  return {
    status: 200,
    body: {
      status: "success",
      total_sent: b.leads.length,
      leads_uploaded: n.uploaded,
      in_blocklist: 0,
      blocklist_used: s.blocklistId,
      already_in_campaign: n.here,
      skipped_count: n.skipped,
      invalid_email_count: n.invalid,
      incomplete_count: 0,
      duplicate_email_count: n.repeated,
      duplicated_leads: n.duplicated,
      remaining_in_plan: Math.max(0, PLAN - (s.uploaded.get(key) ?? 0)),
      created_leads: created,
    },
  };
}

function handle(s: State, req: ToolRequest): ToolReply {
  const route = `${req.method} ${req.url.pathname.replace(/\/$/, "")}`;
  if (route !== "GET /api/v2/campaigns" && route !== "POST /api/v2/leads/add")
    return instantlyError(404, `Route ${req.method}:${req.url.pathname} not found`);
  const key = bearer(req.headers.authorization);
  if (!key || !s.keys.has(key)) return instantlyError(401, "Invalid API key");
  const verdict = s.limiter.take("workspace", req.at);
  if (!verdict.ok) {
    const wait = retryAfterSeconds(verdict.retryAfterMs);
    return {
      ...instantlyError(429, `Rate limit exceeded, retry in ${wait} seconds`),
      headers: { "Retry-After": wait },
    };
  }
  if (route === "GET /api/v2/campaigns") return listCampaigns(s, key, req.url.searchParams);
  const injected = s.failures.take(instantlyError);
  if (injected) return injected;
  return req.json ? addLeads(s, key, req.body) : instantlyError(400, "Body is not valid JSON");
}

export async function startFakeInstantly(port?: number, options: FakeToolOptions = {}): Promise<FakeTool> {
  const s: State = {
    accounts: new Accounts(),
    keys: new Set(),
    limiter: new SlidingLimiter(INSTANTLY_LIMITS),
    failures: new FailureQueue(),
    uploaded: new Map(),
    blocklistId: randomUUID(),
  };
  const server = await serveTool(port, options, (req) => handle(s, req));
  const addCampaign: FakeTool["addCampaign"] = (key, c) => {
    const id = c.id ?? randomUUID();
    const status = c.status ?? 1;
    const at = new Date(server.now()).toISOString();
    const wire = { id, name: c.name, status, timestamp_created: at, timestamp_updated: at, is_evergreen: false };
    return s.accounts.addCampaign({ key, id, name: c.name, status, wire });
  };
  return sendingTool(server, s, addCampaign, () => s.uploaded.clear());
}
