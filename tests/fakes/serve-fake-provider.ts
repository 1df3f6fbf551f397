// Runs the fake AI provider as a standalone server (end-to-end tests, trying the app by hand):
//   tsx tests/fakes/serve-fake-provider.ts [port]
// Control endpoints: GET /__health, GET /__stats, POST /__control { latencyMs?, failNext?: {n, status}, malformed?,
// rateLimitPerMinute? (a continuously refilled bucket per key, as the real APIs limit), reset? }.
import { startFakeProvider, type FakeProviderHandle, type InjectedResponse, type RequestInfo } from "./ai-provider";

const port = Number(process.argv[2] ?? process.env.FAKE_PROVIDER_PORT ?? 3199);
const started: { handle?: FakeProviderHandle } = {};

interface Control {
  latencyMs?: number;
  failNext?: { n: number; status: number };
  malformed?: boolean;
  rateLimitPerMinute?: number;
  reset?: boolean;
}

function control(info: RequestInfo): InjectedResponse | void {
  if (!info.path.startsWith("/__")) return;
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
    if (c.reset) handle.reset();
    if (c.latencyMs !== undefined) handle.setOptions({ latencyMs: c.latencyMs });
    if (c.malformed !== undefined) handle.setOptions({ malformed: c.malformed });
    if (c.rateLimitPerMinute !== undefined)
      handle.setOptions({ rateLimitPerMinute: c.rateLimitPerMinute, rateLimitAlgorithm: "token-bucket" });
    if (c.failNext) handle.failNext(c.failNext.n, c.failNext.status);
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
