/**
 * A fake of ZeroBounce's API v2 for tests (node:http on 127.0.0.1, random port unless given): point
 * ZEROBOUNCE_BASE_URL at `url` (it stands for both api.zerobounce.net and bulkapi.zerobounce.net). Where each
 * detail comes from:
 * - What the app is built against (wins over the pages below): GET /v2/getcredits, POST /v2/validatebatch
 *   { api_key, email_batch: [{ email_address, ip_address }] }, at most 200 addresses a call and 5 calls a minute
 *   per key; a key is refused when Credits is below 0 or an error field comes back.
 * - https://www.zerobounce.net/docs/email-validation-api-quickstart/v2-credit-balance: GET
 *   /v2/getcredits?api_key= → { "Credits": … }; "If a -1 is returned, that means your API Key is invalid"
 *   (the number comes as a string, { "Credits": "-1" }, as the live API is observed to answer — see the
 *   Hymma.ZeroBounce README "API quirks": errors come back as HTTP 200).
 * - https://www.zerobounce.net/docs/email-validation-api-quickstart/v2-batch-validate-emails: "batches up to 200
 *   emails at a time", "rate limited to 5 uses per minute, if you exceed the rate limit, you will be blocked for 10
 *   minutes", credits are never consumed for an unknown result; the answer { email_batch: [{ address, status,
 *   sub_status, free_email, did_you_mean, account, domain, domain_age_days, smtp_provider, mx_found, mx_record,
 *   firstname, lastname, gender, country, region, city, zipcode, processed_at }], errors: [] }.
 * - The official SDKs' tests (zero-bounce-python, -java, -node, -go): a bad key or no credits →
 *   { email_batch: [], errors: [{ error: "Invalid API Key or your account ran out of credits", email_address:
 *   "all" }] }; an element without email_address → errors [{ error: "Missing email_batch key: email_address.",
 *   email_address: "unknown" }]; no email_batch → { Message: "Missing parameter: email_batch." }.
 * - Statuses valid, invalid, catch-all, unknown, spamtrap, abuse, do_not_mail; sub-status failed_syntax_check for
 *   bad syntax (the status codes page of the docs).
 * Not documented, chosen here: more than 200 addresses → HTTP 200 with an "all" error in `errors` (the endpoint's
 * error shape) and nothing validated; the rate-limit refusal is a 429 { error } with Retry-After up to the end of
 * the 10-minute block; a missing email_batch is a 400; there is no 401 — ZeroBounce answers a bad key with the
 * bodies above, so those are what the fake sends.
 */
import { toolBase, type ToolParts } from "./sending-tools-accounts";
import {
  FailureQueue,
  SlidingLimiter,
  isEmail,
  isRecord,
  normalEmail,
  retryAfterSeconds,
  serveTool,
  type FakeToolBase,
  type FakeToolOptions,
  type ToolReply,
  type ToolRequest,
} from "./sending-tools-http";

export interface FakeZeroBounce extends FakeToolBase {
  setCredits(key: string, n: number): void;
  /** What validatebatch says of this address (default "valid", or invalid/failed_syntax_check for bad syntax). */
  setStatus(email: string, status: string, subStatus?: string): void;
}

export const ZEROBOUNCE_LIMITS = [{ requests: 5, windowMs: 60_000, blockMs: 600_000 }];
export const ZEROBOUNCE_MAX_BATCH = 200;
const DEFAULT_CREDITS = 10_000;
const KEY_ERROR = "Invalid API Key or your account ran out of credits";
const FREE_DOMAINS = new Set(["gmail.com", "yahoo.com", "hotmail.com", "outlook.com", "aol.com", "icloud.com"]);

const allError = (error: string): ToolReply => ({
  status: 200,
  body: { email_batch: [], errors: [{ error, email_address: "all" }] },
});

export const zeroBounceError = (status: number, message?: string): ToolReply =>
  status === 200
    ? allError(message ?? KEY_ERROR)
    : { status, body: { error: message ?? `Request failed (${status})` } };

const processedAt = (ms: number) => new Date(ms).toISOString().replace("T", " ").replace("Z", "");

interface State extends ToolParts {
  credits: Map<string, number>;
  statuses: Map<string, { status: string; subStatus: string }>;
}

function result(s: State, address: string, at: number) {
  const email = normalEmail(address);
  const [account = "", domain = ""] = email.split("@");
  const ok = isEmail(email);
  const verdict =
    s.statuses.get(email) ??
    (ok ? { status: "valid", subStatus: "" } : { status: "invalid", subStatus: "failed_syntax_check" });
  return {
    address,
    status: verdict.status,
    sub_status: verdict.subStatus,
    free_email: FREE_DOMAINS.has(domain),
    did_you_mean: null,
    account: ok ? account : null,
    domain: ok ? domain : null,
    domain_age_days: ok ? "3650" : "",
    smtp_provider: ok ? "example" : "",
    mx_found: ok ? "true" : "false",
    mx_record: ok ? `mx.${domain}` : "",
    ...{ firstname: null, lastname: null, gender: null, country: null, region: null, city: null, zipcode: null },
    processed_at: processedAt(at),
  };
}

function validate(s: State, key: string, batch: unknown[], at: number): ToolReply {
  if (batch.length > ZEROBOUNCE_MAX_BATCH)
    return allError(`Too many emails: a batch holds at most ${ZEROBOUNCE_MAX_BATCH} email addresses.`);
  const balance = s.credits.get(key) ?? 0;
  if (balance <= 0 || balance < batch.length) return allError(KEY_ERROR);
  const emailBatch: ReturnType<typeof result>[] = [];
  const errors: { error: string; email_address: string }[] = [];
  for (const item of batch) {
    if (!isRecord(item) || typeof item.email_address !== "string") {
      errors.push({ error: "Missing email_batch key: email_address.", email_address: "unknown" });
      continue;
    }
    const r = result(s, item.email_address, at);
    if (r.status !== "unknown") s.credits.set(key, (s.credits.get(key) ?? 0) - 1);
    emailBatch.push(r);
  }
  return { status: 200, body: { email_batch: emailBatch, errors } };
}

function validateBatch(s: State, req: ToolRequest): ToolReply {
  if (!req.json || !isRecord(req.body)) return { status: 400, body: { Message: "Invalid JSON body." } };
  const key = typeof req.body.api_key === "string" ? req.body.api_key : "";
  if (!s.keys.has(key)) return allError(KEY_ERROR);
  const verdict = s.limiter.take(key, req.at);
  if (!verdict.ok) {
    const wait = retryAfterSeconds(verdict.retryAfterMs);
    const error = `Rate limit exceeded: at most ${verdict.limit} validatebatch calls a minute; this key is blocked for ${wait} seconds.`;
    return { status: 429, body: { error }, headers: { "Retry-After": wait } };
  }
  const injected = s.failures.take(zeroBounceError);
  if (injected) return injected;
  const batch = req.body.email_batch;
  if (!Array.isArray(batch)) return { status: 400, body: { Message: "Missing parameter: email_batch." } };
  return validate(s, key, batch, req.at);
}

function handle(s: State, req: ToolRequest): ToolReply {
  const path = req.url.pathname.toLowerCase().replace(/\/$/, "");
  if (req.method === "GET" && path === "/v2/getcredits") {
    const key = req.url.searchParams.get("api_key") ?? "";
    return { status: 200, body: { Credits: s.keys.has(key) ? String(s.credits.get(key) ?? 0) : "-1" } };
  }
  if (req.method === "POST" && path === "/v2/validatebatch") return validateBatch(s, req);
  return { status: 404, body: { Message: `No HTTP resource was found that matches the request URI '${req.path}'.` } };
}

export async function startFakeZeroBounce(port?: number, options: FakeToolOptions = {}): Promise<FakeZeroBounce> {
  const s: State = {
    keys: new Set(),
    limiter: new SlidingLimiter(ZEROBOUNCE_LIMITS),
    failures: new FailureQueue(),
    credits: new Map(),
    statuses: new Map(),
  };
  const server = await serveTool(port, options, (req) => handle(s, req));
  return {
    ...toolBase(server, s, () => (s.credits.clear(), s.statuses.clear())),
    addKey(key) {
      s.keys.add(key);
      if (!s.credits.has(key)) s.credits.set(key, DEFAULT_CREDITS);
    },
    setCredits: (key, n) => void s.credits.set(key, n),
    setStatus: (email, status, subStatus = "") => void s.statuses.set(normalEmail(email), { status, subStatus }),
  };
}
