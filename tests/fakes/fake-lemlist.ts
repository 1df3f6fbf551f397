/**
 * A fake of lemlist's API for tests (node:http on 127.0.0.1, random port unless given): point LEMLIST_BASE_URL
 * at `url`. Where each detail comes from:
 * - What the app is built against (wins over the pages below): HTTP Basic auth with an empty user name and the key
 *   as password, GET /api/campaigns (with ?version=v2 → { campaigns, pagination }), POST
 *   /api/campaigns/{campaignId}/leads/?deduplicate=true with ONE lead { email, firstName, lastName, companyName,
 *   <variable>: string } a call, answered with the lead and its _id; 20 requests per 2 seconds per key.
 * - https://developer.lemlist.com/api-reference/getting-started/rate-limits: 20 requests per 2 seconds, on all
 *   routes, per API key; every answer carries Retry-After (seconds), X-RateLimit-Limit, X-RateLimit-Remaining and
 *   X-RateLimit-Reset ("the date when the rate limit will reset", human-readable, e.g. "Tue Feb 16 2021 09:02:42
 *   GMT+0100 (Central European Standard Time)").
 * - github.com/l3mpire/lemlist-developer source/includes/_campaigns.md (the former developer.lemlist.com):
 *   campaigns [{ _id: "cam_…", name, labels }] with offset / limit (100 by default and at most); "Add a Lead in a
 *   Campaign" answers { campaignId, campaignName, leadUrl, _id: "lea_…", isPaused, email, firstName, … } (the
 *   body's own keys echoed); deduplicate=true: "search email address in another campaign, will not insert the
 *   lead if email address already inserted"; the email may also be the last path segment (/leads/:email).
 *   source/includes/_errors.md: 400 bad request, 401 "Your API key is wrong", 404, 429.
 * - https://developer.lemlist.com/api-reference/endpoints/campaigns/get-many-campaigns.md: "a paginated list",
 *   "set the query parameter version to version=v2"; its page / limit parameters and the answer { campaigns,
 *   pagination: { page, limit, totalRecords, currentPage, nextPage, totalPage } } (limit 10 by default, at most
 *   100; campaigns { _id, name, status (running, draft, archived, ended, paused, errors), createdAt, createdBy,
 *   labels, archived, hasError }) as a client's notes record them (github.com/Shakey-btw/peopleclaychecking,
 *   frontend/docs/lemlist-integration/api-reference.md).
 * - The wording of the duplicate answers, and that lemlist's errors are plain text, not JSON: a client of the API
 *   (github.com/kobestarr/outreach-automation, shared/outreach-core/export-managers/lemlist-exporter.js) reads
 *   "already in the campaign" / "Lead already exists" from a text body.
 * Not documented, chosen here: nextPage is null on the last page; 401 "Invalid API key", 404 "Campaign not found",
 * 400 "Lead already in the campaign" for an address already in this campaign, and — the status the docs do not
 * give — 409 "Lead already exists in another campaign" when deduplicate=true finds it in another campaign of the
 * account; a body that is an array, or that carries several leads (leads / lead_list), is a 400; variable values
 * must be scalars; the limiter is a sliding window on the requests as the fake receives them (refused ones not
 * counted), so a 21st request within any 2,000 ms is refused, with Retry-After the wait until a slot frees.
 */
import { Accounts, prefixedId, sendingTool, type ToolParts } from "./sending-tools-accounts";
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

export const LEMLIST_LIMITS = [{ requests: 20, windowMs: 2000 }];
const PAGE_MAX = 100;
const V2_PAGE_DEFAULT = 10;
const TEXTS: Record<number, string> = {
  400: "Bad request",
  401: "Invalid API key",
  404: "Not found",
  409: "Conflict",
  429: "Too many requests",
  500: "Internal server error",
  503: "Service unavailable",
};

export const lemlistError = (status: number, text?: string): ToolReply => ({
  status,
  text: text ?? TEXTS[status] ?? `Error ${status}`,
});

/** The key of `Authorization: Basic base64(":" + key)`; undefined when the user name is not empty. */
function basicKey(header: string | undefined): string | undefined {
  const b64 = /^Basic (.+)$/.exec(header ?? "")?.[1];
  if (!b64) return undefined;
  const decoded = Buffer.from(b64, "base64").toString("utf8");
  return decoded.startsWith(":") ? decoded.slice(1) : undefined;
}

const rateHeaders = (v: LimitVerdict, now: number) => ({
  "Retry-After": String(Math.max(0, Math.ceil((v.ok ? v.resetAt - now : v.retryAfterMs) / 1000))),
  "X-RateLimit-Limit": String(v.limit),
  "X-RateLimit-Remaining": String(v.remaining),
  "X-RateLimit-Reset": new Date(v.resetAt).toString(),
});

function count(params: URLSearchParams, name: string, fallback: number, max = Infinity) {
  const n = Number(params.get(name) ?? fallback);
  return Number.isInteger(n) && n >= 0 ? Math.min(n, max) : fallback;
}

/** Why the body is not one lead (400), or null. */
function bodyProblem(body: unknown): string | null {
  if (body === undefined) return null;
  if (Array.isArray(body)) return "The body must be one lead object, not an array";
  if (!isRecord(body)) return "The body must be a JSON object";
  if (Array.isArray(body.leads) || Array.isArray(body.lead_list)) return "One lead per call";
  if (body.email !== undefined && typeof body.email !== "string") return "email must be a string";
  for (const [name, value] of Object.entries(body))
    if (typeof value === "object" && value !== null) return `Invalid value for ${name}: expected text`;
  return null;
}

interface State extends ToolParts {
  accounts: Accounts;
  baseUrl: string;
}

function listCampaigns(s: State, key: string, params: URLSearchParams): ToolReply {
  const all = s.accounts.campaignsOf(key).map((c) => c.wire);
  if (params.get("version") !== "v2") {
    const offset = count(params, "offset", 0);
    return { status: 200, body: all.slice(offset, offset + count(params, "limit", PAGE_MAX, PAGE_MAX)) };
  }
  const limit = Math.max(1, count(params, "limit", V2_PAGE_DEFAULT, PAGE_MAX));
  const page = Math.max(1, count(params, "page", 1));
  const totalPage = Math.ceil(all.length / limit);
  const campaigns = all.slice((page - 1) * limit, page * limit);
  const nextPage = page < totalPage ? page + 1 : null;
  return {
    status: 200,
    body: { campaigns, pagination: { page, limit, totalRecords: all.length, currentPage: page, nextPage, totalPage } },
  };
}

function addLead(s: State, key: string, req: ToolRequest, campaignId: string, pathEmail?: string): ToolReply {
  const injected = s.failures.take(lemlistError);
  if (injected) return injected;
  const campaign = s.accounts.campaignOf(key, campaignId);
  if (!campaign) return lemlistError(404, "Campaign not found");
  if (!req.json) return lemlistError(400, "The body is not valid JSON");
  const problem = bodyProblem(req.body);
  if (problem) return lemlistError(400, problem);
  const fields = (req.body ?? {}) as Record<string, unknown>;
  const email = normalEmail(fields.email ?? pathEmail);
  if (email && !isEmail(email)) return lemlistError(400, "Invalid email");
  if (email && s.accounts.inCampaign(key, email, campaignId)) return lemlistError(400, "Lead already in the campaign");
  const dedupe = req.url.searchParams.get("deduplicate") === "true";
  if (email && dedupe && s.accounts.inOtherCampaign(key, email, campaignId))
    return lemlistError(409, "Lead already exists in another campaign");
  const id = prefixedId("lea");
  s.accounts.store(key, { email, campaignId, id, fields });
  const leadUrl = `${s.baseUrl}/api/leads/${encodeURIComponent(email)}`;
  const answer = { campaignId, campaignName: campaign.name, leadUrl, _id: id, isPaused: false, ...fields, email };
  return { status: 200, body: { ...answer, contactId: prefixedId("ctc") } };
}

function route(s: State, key: string, req: ToolRequest): ToolReply {
  const path = req.url.pathname;
  if (req.method === "GET" && /^\/api\/campaigns\/?$/.test(path)) return listCampaigns(s, key, req.url.searchParams);
  const lead = /^\/api\/campaigns\/([^/]+)\/leads(?:\/([^/]*))?\/?$/.exec(path);
  if (req.method === "POST" && lead)
    return addLead(s, key, req, decodeURIComponent(lead[1]!), lead[2] ? decodeURIComponent(lead[2]) : undefined);
  return lemlistError(404);
}

function handle(s: State, req: ToolRequest): ToolReply {
  const key = basicKey(req.headers.authorization);
  if (!key || !s.keys.has(key)) return lemlistError(401);
  const verdict = s.limiter.take(key, req.at);
  const headers = rateHeaders(verdict, req.at);
  if (!verdict.ok)
    return { ...lemlistError(429), headers: { ...headers, "Retry-After": retryAfterSeconds(verdict.retryAfterMs) } };
  const reply = route(s, key, req);
  return { ...reply, headers: { ...headers, ...reply.headers } };
}

export async function startFakeLemlist(port?: number, options: FakeToolOptions = {}): Promise<FakeTool> {
  const s: State = {
    accounts: new Accounts(),
    keys: new Set(),
    limiter: new SlidingLimiter(LEMLIST_LIMITS),
    failures: new FailureQueue(),
    baseUrl: "",
  };
  const server = await serveTool(port, options, (req) => handle(s, req));
  s.baseUrl = server.url;
  const addCampaign: FakeTool["addCampaign"] = (key, c) => {
    const id = c.id ?? prefixedId("cam");
    const status = c.status ?? "running";
    const createdAt = new Date(server.now()).toISOString();
    const wire = {
      _id: id,
      name: c.name,
      labels: [],
      status,
      createdAt,
      createdBy: "usr_fake",
      archived: false,
      hasError: false,
    };
    return s.accounts.addCampaign({ key, id, name: c.name, status, wire });
  };
  return sendingTool(server, s, addCampaign);
}
