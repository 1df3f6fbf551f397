// Runs the fake AI provider as a standalone server (end-to-end tests, trying the app by hand):
//   tsx tests/fakes/serve-fake-provider.ts [port]
// Control endpoints: GET /__health, GET /__stats, POST /__control { latencyMs?, failNext?: {n, status}, malformed?,
// rateLimitPerMinute? (a continuously refilled bucket per key, as the real APIs limit), reset?, keyPrefix? }.
// With `keyPrefix`, latency, rate limit and failNext apply only to requests whose API key starts with it: the
// Playwright workers share this server, so a test that slows or breaks the provider does it for its own key.
import { startFakeProvider, type FakeProviderHandle, type InjectedResponse, type RequestInfo } from "./ai-provider";
import { providerErrorBody } from "./ai-provider-wire";

const port = Number(process.argv[2] ?? process.env.FAKE_PROVIDER_PORT ?? 3199);
const started: { handle?: FakeProviderHandle } = {};

interface Control {
  latencyMs?: number;
  failNext?: { n: number; status: number };
  malformed?: boolean;
  rateLimitPerMinute?: number;
  reset?: boolean;
  keyPrefix?: string;
}

const GENERATIONS = new Set(["chat.completions", "responses", "messages"]);
/** failNext for one key prefix (see keyPrefix above). */
let scopedFailure: { prefix: string; remaining: number; status: number } | null = null;

function scopedFailureFor(info: RequestInfo): InjectedResponse | void {
  const f = scopedFailure;
  if (!f || !GENERATIONS.has(info.endpoint) || !info.apiKey?.startsWith(f.prefix)) return;
  if (--f.remaining <= 0) scopedFailure = null;
  return { status: f.status, body: providerErrorBody(info.provider, f.status, `Injected failure (${f.status})`) };
}

function control(info: RequestInfo): InjectedResponse | void {
  if (!info.path.startsWith("/__")) return scopedFailureFor(info);
  const handle = started.handle!;
  if (info.path === "/__health") return { status: 200, body: { ok: true } };
  if (info.path === "/__stats")
    return {
      status: 200,
      body: {
        requests: handle.stats.requests,
        rateLimited: handle.stats.rateLimited,
        calls: handle.stats.calls.length,
      },
    };
  if (info.path === "/__control" && info.method === "POST") {
    const c = (info.body ?? {}) as Control;
    const prefix = c.keyPrefix;
    const mine = (key: string | null | undefined) => prefix === undefined || Boolean(key?.startsWith(prefix));
    if (c.reset) {
      handle.reset();
      scopedFailure = null;
    }
    if (c.latencyMs !== undefined) {
      const ms = c.latencyMs;
      handle.setOptions({ latencyMs: prefix === undefined ? ms : (r: RequestInfo) => (mine(r.apiKey) ? ms : 0) });
    }
    if (c.malformed !== undefined) handle.setOptions({ malformed: c.malformed });
    if (c.rateLimitPerMinute !== undefined)
      handle.setOptions({
        rateLimitPerMinute: c.rateLimitPerMinute,
        rateLimitAlgorithm: "token-bucket",
        rateLimitKeys: prefix === undefined ? undefined : (key: string) => mine(key),
      });
    if (c.failNext) {
      if (prefix === undefined) handle.failNext(c.failNext.n, c.failNext.status);
      else scopedFailure = { prefix, remaining: c.failNext.n, status: c.failNext.status };
    }
    return { status: 200, body: { ok: true } };
  }
  return { status: 404, body: { error: "unknown control path" } };
}

/**
 * A request of a provider batch whose prompt contains this marker errors at the provider (a standing
 * rule, kept across resets: only a test that puts the marker in its rows sees it).
 */
const BATCH_ERROR_MARKER = "__batch_error__";

const handle = (started.handle = await startFakeProvider({
  port,
  onRequest: control,
  batch: {
    errorFor: (_id, _i, body) =>
      JSON.stringify(body).includes(BATCH_ERROR_MARKER) ? "Invalid request: rejected by the fake provider" : null,
  },
}));
console.log(
  `fake AI provider on ${handle.url} (OpenAI base ${handle.openaiBaseUrl}, Anthropic base ${handle.anthropicBaseUrl})`,
);
