/**
 * The four sending-tool fakes started together, steered over HTTP: the JSON control API that
 * serve-fake-sending-tools.ts offers on the first port (Instantly's) for end-to-end tests and the benchmark.
 *
 *   GET  /__health                                  → { ok, urls: { instantly, smartlead, lemlist, zerobounce } }
 *   POST /__control/key       { tool, key }
 *   POST /__control/campaign  { tool, key, id?, name, status? }      → the campaign
 *   POST /__control/existing  { tool, key, campaignId (or null), email }
 *   POST /__control/fail      { tool, answers: [429, { status, body?, headers? }, ...] }
 *   POST /__control/limits    { tool, limits: [{ requests, windowMs, blockMs? }] }
 *   POST /__control/latency   { tool, ms }
 *   POST /__control/credits   { key, n }                  (zerobounce)
 *   POST /__control/status    { email, status, subStatus? } (zerobounce)
 *   GET  /__control/calls?tool=                     → { calls: [{ at, method, path, status, leads }] }
 *   GET  /__control/leads?tool=&campaignId=         → { leads: [...] }
 *   GET  /__control/stats?tool=                     → { calls, rateLimited }
 *   POST /__control/reset     { tool? }             (every tool when none is named)
 * Paths in /__control/calls show api_key=*** instead of the key; bodies and headers are left out.
 */
import { startFakeInstantly } from "./fake-instantly";
import { startFakeLemlist } from "./fake-lemlist";
import { startFakeSmartlead } from "./fake-smartlead";
import { startFakeZeroBounce, type FakeZeroBounce } from "./fake-zerobounce";
import {
  isRecord,
  type FailAnswer,
  type FakeTool,
  type FakeToolCall,
  type FakeToolOptions,
  type RateLimit,
  type ToolReply,
  type ToolRequest,
} from "./sending-tools-http";

export interface FakeSendingTools {
  instantly: FakeTool;
  smartlead: FakeTool;
  lemlist: FakeTool;
  zerobounce: FakeZeroBounce;
  close(): Promise<void>;
}

const SENDING = ["instantly", "smartlead", "lemlist"] as const;
const ALL = [...SENDING, "zerobounce"] as const;
type ToolName = (typeof ALL)[number];

const ok = (body: unknown): ToolReply => ({ status: 200, body });
const bad = (error: string): ToolReply => ({ status: 400, body: { error } });

/** How many leads (or addresses) a call carried. */
export function leadCount(call: Pick<FakeToolCall, "method" | "path" | "body">): number {
  const b = call.body;
  if (Array.isArray(b)) return b.length;
  if (!isRecord(b)) return 0;
  for (const field of ["leads", "lead_list", "email_batch"])
    if (Array.isArray(b[field])) return (b[field] as unknown[]).length;
  return call.method === "POST" && /\/campaigns\/[^/]+\/leads/.test(call.path) ? 1 : 0;
}

const redact = (path: string) => path.replace(/(api_key=)[^&]*/g, "$1***");

const isLimit = (l: unknown): l is RateLimit =>
  isRecord(l) && typeof l.requests === "number" && typeof l.windowMs === "number";

function query(tools: FakeSendingTools, name: string | null, path: string, params: URLSearchParams): ToolReply {
  if (!ALL.includes(name as ToolName)) return bad(`tool must be one of ${ALL.join(", ")}`);
  const tool = tools[name as ToolName];
  if (path === "/__control/calls") {
    const calls = tool.calls.map((c) => ({
      at: c.at,
      method: c.method,
      path: redact(c.path),
      status: c.status,
      leads: leadCount(c),
    }));
    return ok({ calls });
  }
  if (path === "/__control/stats") return ok({ calls: tool.calls.length, rateLimited: tool.rateLimited() });
  if (path === "/__control/leads" && "leads" in tool) return ok({ leads: tool.leads(params.get("campaignId") ?? "") });
  return bad(`${path} does not apply to ${name}`);
}

function steer(tools: FakeSendingTools, path: string, b: Record<string, unknown>): ToolReply {
  const name = (b.tool ??
    (path === "/__control/credits" || path === "/__control/status" ? "zerobounce" : "")) as string;
  if (!ALL.includes(name as ToolName)) return bad(`tool must be one of ${ALL.join(", ")}`);
  const tool = tools[name as ToolName];
  const key = typeof b.key === "string" ? b.key : "";
  switch (path) {
    case "/__control/key":
      return key ? (tool.addKey(key), ok({ ok: true })) : bad("key is required");
    case "/__control/latency":
      return typeof b.ms === "number" ? (tool.setLatency(b.ms), ok({ ok: true })) : bad("ms is required");
    case "/__control/fail":
      if (!Array.isArray(b.answers)) return bad("answers must be an array");
      tool.failNext(...(b.answers as FailAnswer[]));
      return ok({ ok: true });
    case "/__control/limits":
      if (!Array.isArray(b.limits) || !b.limits.every(isLimit)) return bad("limits must be [{ requests, windowMs }]");
      tool.setLimits(b.limits);
      return ok({ ok: true });
  }
  if (name === "zerobounce") {
    const zb = tools.zerobounce;
    if (path === "/__control/credits" && typeof b.n === "number") return (zb.setCredits(key, b.n), ok({ ok: true }));
    if (path === "/__control/status" && typeof b.email === "string" && typeof b.status === "string")
      return (
        zb.setStatus(b.email, b.status, typeof b.subStatus === "string" ? b.subStatus : undefined),
        ok({ ok: true })
      );
    return bad(`${path} does not apply to zerobounce, or its fields are missing`);
  }
  const sending = tool as FakeTool;
  if (path === "/__control/campaign" && key && typeof b.name === "string") {
    const status = typeof b.status === "string" || typeof b.status === "number" ? b.status : undefined;
    const id = b.id === undefined ? undefined : String(b.id);
    return ok(sending.addCampaign(key, { id, name: b.name, status }));
  }
  if (path === "/__control/existing" && key && typeof b.email === "string") {
    sending.addExistingLead(key, typeof b.campaignId === "string" ? b.campaignId : null, b.email);
    return ok({ ok: true });
  }
  return bad(`${path}: unknown control path, or its fields are missing`);
}

/** Answers the /__ paths; anything else goes on to the fake. */
export function controlApi(tools: FakeSendingTools, req: ToolRequest): ToolReply | undefined {
  const path = req.url.pathname;
  if (!path.startsWith("/__")) return undefined;
  if (path === "/__health") {
    const urls = Object.fromEntries(ALL.map((n) => [n, tools[n].url]));
    return ok({ ok: true, urls });
  }
  if (req.method === "GET") return query(tools, req.url.searchParams.get("tool"), path, req.url.searchParams);
  const body = isRecord(req.body) ? req.body : {};
  if (path === "/__control/reset") {
    const names = typeof body.tool === "string" ? [body.tool] : [...ALL];
    if (!names.every((n) => ALL.includes(n as ToolName))) return bad(`tool must be one of ${ALL.join(", ")}`);
    for (const n of names) tools[n as ToolName].reset();
    return ok({ ok: true });
  }
  return steer(tools, path, body);
}

/** Starts the four fakes on basePort … basePort + 3 (random ports when none), the control API on the first. */
export async function startFakeSendingTools(
  basePort?: number,
  options: FakeToolOptions = {},
): Promise<FakeSendingTools> {
  const at = (offset: number) => (basePort === undefined ? undefined : basePort + offset);
  // The control API answers on Instantly's port, which starts before the others exist.
  const started: { tools?: FakeSendingTools } = {};
  const intercept = (req: ToolRequest) => (started.tools ? controlApi(started.tools, req) : undefined);
  const instantly = await startFakeInstantly(at(0), { ...options, intercept });
  const smartlead = await startFakeSmartlead(at(1), options);
  const lemlist = await startFakeLemlist(at(2), options);
  const zerobounce = await startFakeZeroBounce(at(3), options);
  const all = [instantly, smartlead, lemlist, zerobounce];
  started.tools = {
    instantly,
    smartlead,
    lemlist,
    zerobounce,
    close: async () => void (await Promise.all(all.map((t) => t.close()))),
  };
  return started.tools;
}
