// Runs the fake AI provider as a standalone server (end-to-end tests, trying the app by hand):
//   tsx tests/fakes/serve-fake-provider.ts [port]
// Control endpoints: GET /__health, GET /__stats, POST /__control { keyPrefix, latencyMs?, failNext?: {n, status},
// rateLimitPerMinute? (a continuously refilled bucket per key, as the real APIs limit), hold?, release?, reset? }.
// Every knob is scoped to a key prefix (required): the Playwright workers share this server, so a test steers
// the provider only for the requests made with its own key, and `reset` clears only that prefix's knobs —
// never another worker's (nor its provider batches). `hold: true` keeps the prefix's generation requests
// waiting until `release: true` (or a reset) lets them go: a test sees a run in flight for as long as it
// looks, without depending on how slow the fake is.
import { startFakeProvider, type FakeProviderHandle, type InjectedResponse, type RequestInfo } from "./ai-provider";
import { providerErrorBody } from "./ai-provider-wire";

const port = Number(process.argv[2] ?? process.env.FAKE_PROVIDER_PORT ?? 3199);
const started: { handle?: FakeProviderHandle } = {};

interface Control {
  keyPrefix?: string;
  latencyMs?: number;
  failNext?: { n: number; status: number };
  rateLimitPerMinute?: number;
  hold?: boolean;
  release?: boolean;
  reset?: boolean;
}

/** One key prefix's knobs. */
interface Scope {
  latencyMs: number;
  failure: { remaining: number; status: number } | null;
  rateLimitPerMinute: number;
  /** Resolves the waiting requests of a hold (null when not held). */
  hold: { released: Promise<void>; release: () => void } | null;
}

const GENERATIONS = new Set(["chat.completions", "responses", "messages"]);
const scopes = new Map<string, Scope>();

function scopeOf(apiKey: string | null | undefined): Scope | undefined {
  if (!apiKey) return undefined;
  for (const [prefix, scope] of scopes) if (apiKey.startsWith(prefix)) return scope;
  return undefined;
}

function newHold(): Scope["hold"] {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  return { released, release };
}

/** The shared handle's options follow the scopes: latency and the rate limit per key. */
function applyScopes(handle: FakeProviderHandle): string | null {
  const limits = new Set([...scopes.values()].map((s) => s.rateLimitPerMinute).filter((n) => n > 0));
  if (limits.size > 1) return "two key prefixes may not have different rate limits at once";
  handle.setOptions({
    latencyMs: (r: RequestInfo) => scopeOf(r.apiKey)?.latencyMs ?? 0,
    rateLimitPerMinute: limits.size === 1 ? [...limits][0] : 0,
    rateLimitAlgorithm: "token-bucket",
    rateLimitKeys: (key: string) => (scopeOf(key)?.rateLimitPerMinute ?? 0) > 0,
  });
  return null;
}

async function scopedGeneration(info: RequestInfo): Promise<InjectedResponse | void> {
  const scope = scopeOf(info.apiKey);
  if (!scope || !GENERATIONS.has(info.endpoint)) return;
  if (scope.hold) await scope.hold.released;
  const f = scope.failure;
  if (!f) return;
  if (--f.remaining <= 0) scope.failure = null;
  return { status: f.status, body: providerErrorBody(info.provider, f.status, `Injected failure (${f.status})`) };
}

function steer(handle: FakeProviderHandle, c: Control): InjectedResponse {
  const prefix = c.keyPrefix;
  if (!prefix) return { status: 400, body: { error: "keyPrefix is required: every knob is scoped to a key prefix" } };
  const scope = scopes.get(prefix) ?? { latencyMs: 0, failure: null, rateLimitPerMinute: 0, hold: null };
  if (c.reset || c.release) {
    scope.hold?.release();
    scope.hold = null;
  }
  if (c.reset) Object.assign(scope, { latencyMs: 0, failure: null, rateLimitPerMinute: 0 });
  if (c.latencyMs !== undefined) scope.latencyMs = c.latencyMs;
  if (c.rateLimitPerMinute !== undefined) scope.rateLimitPerMinute = c.rateLimitPerMinute;
  if (c.failNext) scope.failure = { remaining: c.failNext.n, status: c.failNext.status };
  if (c.hold) scope.hold ??= newHold();
  const previous = scopes.get(prefix);
  if (c.reset) scopes.delete(prefix);
  else scopes.set(prefix, scope);
  const problem = applyScopes(handle);
  if (problem) {
    if (previous) scopes.set(prefix, previous);
    else scopes.delete(prefix);
    applyScopes(handle);
    return { status: 409, body: { error: problem } };
  }
  return { status: 200, body: { ok: true } };
}

async function control(info: RequestInfo): Promise<InjectedResponse | void> {
  if (!info.path.startsWith("/__")) return scopedGeneration(info);
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
  if (info.path === "/__control" && info.method === "POST") return steer(handle, (info.body ?? {}) as Control);
  return { status: 404, body: { error: "unknown control path" } };
}

/**
 * A request of a provider batch whose prompt contains this marker errors at the provider (a standing
 * rule: only a test that puts the marker in its rows sees it).
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
