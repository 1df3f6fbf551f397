/**
 * A fake of the OpenAI and Anthropic HTTP APIs on 127.0.0.1 (random port), for tests and benchmarks.
 *
 *   const fake = await startFakeProvider({ latencyMs: 20, rateLimitPerMinute: 600 });
 *   process.env.OPENAI_BASE_URL = fake.openaiBaseUrl;      // url + "/v1"
 *   process.env.ANTHROPIC_BASE_URL = fake.anthropicBaseUrl; // url
 *
 * Both providers share the paths /v1/models*; a request carrying `x-api-key` or `anthropic-version`
 * is Anthropic, anything else OpenAI. OpenAI keys come from `Authorization: Bearer`, Anthropic keys from
 * `x-api-key` (or `Authorization: Bearer`, which @anthropic-ai/sdk 1.x sends). Endpoints: GET /v1/models, GET
 * /v1/models/{id},
 * POST /v1/chat/completions, POST /v1/responses (OpenAI), POST /v1/messages (Anthropic).
 * Order of checks per request: onRequest hook → auth (401) → rate limit (429, generation only unless
 * `rateLimitModels`) → model known (404, when `strictModels`) → failNext queue → latency → answer.
 * Streaming is not supported (400).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createLimiter, outputCap, type LimitOptions } from "./ai-provider-limits";
import { o200kTokens, reportedInputTokens } from "./ai-provider-tokens";
import { researchInputTokens } from "./ai-provider-research";
import { createPromptCache } from "./ai-provider-cache";
import { createBatchApi, type BatchFakeOptions } from "./ai-provider-batches";
import {
  collapse,
  defaultIsValidKey,
  defaultRespond,
  DEFAULT_ANTHROPIC_MODELS,
  DEFAULT_OPENAI_MODELS,
  extractPrompt,
  generationAnswer,
  id,
  requestTokens,
  maskKey,
  providerErrorBody,
  unsupportedParameter,
  listedOrAlias,
  type FakeEndpoint,
  type FakeProvider,
  type Json,
  type RespondArgs,
  type RespondResult,
} from "./ai-provider-wire";

export * from "./ai-provider-wire";
export type { BatchFakeOptions } from "./ai-provider-batches";

export interface RequestInfo {
  provider: FakeProvider;
  endpoint: FakeEndpoint;
  method: string;
  path: string;
  apiKey: string | null;
  model: string | null;
  prompt: string;
  body: Json;
  headers: IncomingMessage["headers"];
}

export interface InjectedResponse {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface FakeProviderOptions {
  /** Port to listen on (default: any free port). */
  port?: number;
  /** Delay before answering a generation request (ms), or a function of the request. Default 0. */
  latencyMs?: number | ((info: RequestInfo) => number);
  openaiModels?: string[];
  anthropicModels?: string[];
  /** Default: OpenAI keys starting with "sk-valid", Anthropic keys starting with "sk-ant-valid". */
  isValidKey?: (provider: FakeProvider, key: string) => boolean;
  /**
   * Accepted requests per key per minute; 0 / undefined = no limit. `rateLimitAlgorithm` (default
   * "sliding-window": a 60 s window; "token-bucket": refilled continuously, as the real APIs do) and
   * `tokenLimitPerMinute` (input + output cap per request, at admission, as OpenAI counts): see
   * ai-provider-limits.ts. Every answer under a limit carries the provider's rate-limit headers.
   */
  rateLimitPerMinute?: number;
  rateLimitAlgorithm?: LimitOptions["rateLimitAlgorithm"];
  tokenLimitPerMinute?: number;
  /** Anthropic's input and output token buckets (ITPM, OTPM), as ai-provider-limits.ts counts them. */
  inputTokenLimitPerMinute?: number;
  outputTokenLimitPerMinute?: number;
  /** Also count and limit GET /v1/models requests (default false: generation endpoints only). */
  rateLimitModels?: boolean;
  /** Which API keys the rate limit applies to (default: every key). */
  rateLimitKeys?: (apiKey: string) => boolean;
  /** Answer 404 for a generation model not in the provider's list (default true). */
  strictModels?: boolean;
  /** Produces the structured output of a generation; default: `defaultRespond`. */
  respond?: (args: RespondArgs) => RespondResult | Promise<RespondResult>;
  /** Generations return non-JSON text. */
  malformed?: boolean;
  /**
   * Input tokens read from the prompt cache, per request. Default: each provider's own rules
   * (ai-provider-cache.ts): OpenAI's automatic prefix caching, Anthropic's cache_control breakpoints.
   */
  cachedTokens?: (info: RequestInfo & { inputTokens: number }) => number;
  /** Called for every request first; return a response to answer with it instead. */
  onRequest?: (info: RequestInfo) => void | InjectedResponse | Promise<void | InjectedResponse>;
  /** How many prompts / calls `stats` keeps (newest). Default 1000. */
  maxRecorded?: number;
  /** Batch APIs: how provider batches progress (slow completion, expiry, request errors, cancel). */
  batch?: BatchFakeOptions;
  /** Clock (ms) for the rate-limit window; default Date.now. */
  now?: () => number;
}

export interface CallRecord {
  provider: FakeProvider;
  endpoint: FakeEndpoint;
  model: string;
  prompt: string;
  apiKey: string | null;
  status: number;
  /** Tokens counted against the key's token limits (at admission and when the call ended); 0 if refused. */
  tokens: number;
  /** The fake's clock when the request arrived (ms). */
  at: number;
}

export interface FakeStats {
  requests: number;
  /** Answers with status 2xx. */
  ok: number;
  rateLimited: number;
  byStatus: Record<number, number>;
  /** e.g. "openai GET /v1/models", "anthropic POST /v1/messages" */
  byEndpoint: Record<string, number>;
  inFlight: number;
  maxInFlight: number;
  /** Prompts of generation requests that reached the model (newest last, bounded). */
  prompts: string[];
  /** Every generation request with its final status (bounded). */
  calls: CallRecord[];
}

export interface FakeProviderHandle {
  url: string;
  openaiBaseUrl: string;
  anthropicBaseUrl: string;
  readonly stats: FakeStats;
  setOptions(partial: Partial<FakeProviderOptions>): void;
  /** The next n generation requests (after auth and rate limit) fail with this status. */
  failNext(n: number, status: number, body?: unknown, headers?: Record<string, string>): void;
  /** Restores the start options; clears stats, rate windows and pending failures. */
  reset(): void;
  close(): Promise<void>;
}

export async function startFakeProvider(options: FakeProviderOptions = {}): Promise<FakeProviderHandle> {
  const initial = { ...options };
  let opts: FakeProviderOptions = { ...options };
  const initialPort = options.port;
  const limiter = createLimiter(
    () => opts,
    () => clock(),
  );
  /** What each key's requests left in the providers' prompt caches (ai-provider-cache.ts). */
  const promptCache = createPromptCache();
  let failures: Array<{ remaining: number; status: number; body?: unknown; headers?: Record<string, string> }> = [];
  const freshStats = (): FakeStats => ({
    requests: 0,
    ok: 0,
    rateLimited: 0,
    byStatus: {},
    byEndpoint: {},
    inFlight: 0,
    maxInFlight: 0,
    prompts: [],
    calls: [],
  });
  const stats = freshStats();
  const clock = () => (opts.now ?? Date.now)();
  const keep = <T>(list: T[], item: T) => {
    list.push(item);
    const max = opts.maxRecorded ?? 1000;
    if (list.length > max) list.splice(0, list.length - max);
  };
  const modelsOf = (p: FakeProvider) =>
    p === "openai" ? (opts.openaiModels ?? DEFAULT_OPENAI_MODELS) : (opts.anthropicModels ?? DEFAULT_ANTHROPIC_MODELS);

  function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    stats.byStatus[status] = (stats.byStatus[status] ?? 0) + 1;
    if (status >= 200 && status < 300) stats.ok++;
    const text = typeof body === "string" ? body : JSON.stringify(body);
    res.writeHead(status, {
      "content-type": typeof body === "string" ? "text/plain" : "application/json",
      "x-request-id": id("req_"),
      "request-id": id("req_"),
      ...headers,
    });
    res.end(text);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = (req.url ?? "/").split("?")[0]!.replace(/\/+$/, "") || "/";
    const method = req.method ?? "GET";
    const provider: FakeProvider =
      req.headers["x-api-key"] !== undefined || req.headers["anthropic-version"] !== undefined ? "anthropic" : "openai";
    stats.byEndpoint[`${provider} ${method} ${path}`] = (stats.byEndpoint[`${provider} ${method} ${path}`] ?? 0) + 1;
    if (batchApi.handles(provider, method, path)) {
      const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? "")?.[1]?.trim() ?? null;
      const key = provider === "anthropic" ? ((req.headers["x-api-key"] as string | undefined) ?? bearer) : bearer;
      if (!key || !(opts.isValidKey ?? defaultIsValidKey)(provider, key))
        return send(
          res,
          401,
          providerErrorBody(provider, 401, provider === "openai" ? "Incorrect API key provided" : "invalid x-api-key"),
        );
      return batchApi.handle(req, res, { provider, method, path, apiKey: key });
    }
    let raw = "";
    for await (const chunk of req) raw += chunk;
    let body: Json = {};
    if (raw.trim()) {
      try {
        body = JSON.parse(raw) as Json;
      } catch {
        return send(res, 400, providerErrorBody(provider, 400, "Could not parse the JSON body of your request."));
      }
    }
    const endpoint: FakeEndpoint =
      method === "GET" && path === "/v1/models"
        ? "models.list"
        : method === "GET" && path.startsWith("/v1/models/")
          ? "models.retrieve"
          : method === "POST" && path === "/v1/chat/completions" && provider === "openai"
            ? "chat.completions"
            : method === "POST" && path === "/v1/responses" && provider === "openai"
              ? "responses"
              : method === "POST" && path === "/v1/messages" && provider === "anthropic"
                ? "messages"
                : "unknown";
    const generation = endpoint === "chat.completions" || endpoint === "responses" || endpoint === "messages";
    // Anthropic reads x-api-key (SDK 1.x sends the key as a Bearer token, which the API accepts too).
    const bearerKey = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? "")?.[1]?.trim() ?? null;
    const apiKey =
      provider === "anthropic" ? ((req.headers["x-api-key"] as string | undefined) ?? bearerKey) : bearerKey;
    const model = typeof body.model === "string" ? body.model : null;
    const { prompt, system, schema } = extractPrompt(endpoint, body);
    const info: RequestInfo = { provider, endpoint, method, path, apiKey, model, prompt, body, headers: req.headers };
    const arrivedAt = clock();
    const record = (status: number, tokens = 0) => {
      if (generation)
        keep(stats.calls, { provider, endpoint, model: model ?? "", prompt, apiKey, status, tokens, at: arrivedAt });
    };

    const injected = await opts.onRequest?.(info);
    if (injected) {
      record(injected.status);
      return send(
        res,
        injected.status,
        injected.body ?? providerErrorBody(provider, injected.status, "Injected failure"),
        injected.headers,
      );
    }
    if (!apiKey) {
      record(401);
      const msg =
        provider === "openai"
          ? "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth."
          : "x-api-key header is required";
      return send(res, 401, providerErrorBody(provider, 401, msg, null));
    }
    if (!(opts.isValidKey ?? defaultIsValidKey)(provider, apiKey)) {
      record(401);
      const msg =
        provider === "openai"
          ? `Incorrect API key provided: ${maskKey(apiKey)}. You can find your API key at https://platform.openai.com/account/api-keys.`
          : "invalid x-api-key";
      return send(res, 401, providerErrorBody(provider, 401, msg));
    }
    if (endpoint === "unknown") {
      return send(res, 404, providerErrorBody(provider, 404, `Unknown request URL: ${method} ${path}.`, "unknown_url"));
    }
    let limitHeaders: Record<string, string> = {};
    let admitted = 0;
    // Counted over the whole request as sent (o200k), as a provider does.
    const inputTokens = generation
      ? reportedInputTokens(provider, endpoint, body) || requestTokens(system, prompt, schema)
      : 0;
    const limited = (generation || opts.rateLimitModels) && (opts.rateLimitKeys?.(apiKey ?? "") ?? true);
    const limitKey = `${provider}:${apiKey}`;
    if (limited) {
      const charge = generation ? { input: inputTokens, outputCap: outputCap(body) } : { input: 0, outputCap: 0 };
      const check = limiter.check(provider, limitKey, charge);
      if (!check.ok) {
        stats.rateLimited++;
        record(429);
        const wait = (check.waitMs / 1000).toFixed(1);
        const msg =
          check.kind === "tokens"
            ? provider === "openai"
              ? `Rate limit reached for ${model ?? "the model"} on tokens per min (TPM): Limit ${opts.tokenLimitPerMinute}, Requested ${check.requested}. Please try again in ${wait}s.`
              : `This request would exceed the rate limit for your organization of ${opts.tokenLimitPerMinute} tokens per minute.`
            : provider === "openai"
              ? `Rate limit reached for requests on this key: Limit ${opts.rateLimitPerMinute} / min. Please try again in ${wait}s.`
              : `This request would exceed the rate limit for your organization of ${opts.rateLimitPerMinute} requests per minute.`;
        return send(res, 429, providerErrorBody(provider, 429, msg), {
          ...check.headers,
          "retry-after": String(Math.max(1, Math.ceil(check.waitMs / 1000))),
          "retry-after-ms": String(check.waitMs),
        });
      }
      limitHeaders = check.headers;
      admitted = check.counted;
    }

    if (endpoint === "models.list") {
      const ids = modelsOf(provider);
      if (provider === "openai") {
        return send(
          res,
          200,
          {
            object: "list",
            data: ids.map((m) => ({
              id: m,
              object: "model",
              created: 1_700_000_000,
              owned_by: m.startsWith("gpt") ? "openai" : "system",
            })),
          },
          limitHeaders,
        );
      }
      const data = ids.map((m) => ({ type: "model", id: m, display_name: m, created_at: "2025-01-01T00:00:00Z" }));
      return send(
        res,
        200,
        { data, has_more: false, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null },
        limitHeaders,
      );
    }
    if (endpoint === "models.retrieve") {
      const wanted = decodeURIComponent(path.slice("/v1/models/".length));
      if (!modelsOf(provider).includes(wanted))
        return send(res, 404, providerErrorBody(provider, 404, `model: ${wanted}`));
      return send(
        res,
        200,
        provider === "openai"
          ? { id: wanted, object: "model", created: 1_700_000_000, owned_by: "openai" }
          : { type: "model", id: wanted, display_name: wanted, created_at: "2025-01-01T00:00:00Z" },
        limitHeaders,
      );
    }

    // Generation.
    const limit = limited ? { key: limitKey, admitted } : null;
    const answer = await answerGeneration({ ...info, model }, inputTokens, limitHeaders, true, limit, arrivedAt);
    return send(res, answer.status, answer.body, answer.headers);
  }

  /**
   * A generation request after auth and rate limit: model checks, injected failures, latency, the answer.
   * Also what the Batch APIs (ai-provider-batches.ts) run for each request of a batch.
   */
  async function answerGeneration(
    info: RequestInfo,
    inputTokens: number,
    limitHeaders: Record<string, string>,
    withLatency: boolean,
    /** The key's limits when they apply: what admission counted, to settle when the call ends. */
    limit: { key: string; admitted: number } | null = null,
    arrivedAt = clock(),
  ): Promise<{ status: number; body: unknown; headers?: Record<string, string> }> {
    const { provider, endpoint, body, apiKey } = info;
    const model = info.model;
    const { prompt, system, schema } = extractPrompt(endpoint, body);
    const record = (status: number, tokens = 0) =>
      keep(stats.calls, { provider, endpoint, model: model ?? "", prompt, apiKey, status, tokens, at: arrivedAt });
    if (body.stream === true) {
      record(400);
      return R(400, providerErrorBody(provider, 400, "stream: the fake provider does not support streaming"));
    }
    if (!model) {
      record(400);
      return R(400, providerErrorBody(provider, 400, "model: Field required"));
    }
    if ((opts.strictModels ?? true) && !listedOrAlias(modelsOf(provider), model)) {
      record(404);
      const msg =
        provider === "openai"
          ? `The model \`${model}\` does not exist or you do not have access to it.`
          : `model: ${model}`;
      return R(404, providerErrorBody(provider, 404, msg, "model_not_found"));
    }
    const unsupported = unsupportedParameter(provider, model, body);
    if (unsupported) {
      record(400);
      return R(400, providerErrorBody(provider, 400, unsupported));
    }
    const failure = failures[0];
    if (failure) {
      if (--failure.remaining <= 0) failures.shift();
    }
    const latency = !withLatency
      ? 0
      : typeof opts.latencyMs === "function"
        ? opts.latencyMs(info)
        : (opts.latencyMs ?? 0);
    if (latency > 0) await new Promise((r) => setTimeout(r, latency));
    if (failure) {
      record(failure.status);
      const headers = {
        ...(failure.status === 429 ? { "retry-after": "1", "retry-after-ms": "1000" } : {}),
        ...failure.headers,
      };
      return R(
        failure.status,
        failure.body ?? providerErrorBody(provider, failure.status, `Injected failure (${failure.status})`),
        headers,
      );
    }
    keep(stats.prompts, prompt);
    const output: RespondResult = opts.malformed
      ? `Sure! Here is the email you asked for:\n\nSubject - ${collapse(prompt).slice(0, 40)} (not JSON)`
      : await (opts.respond ?? defaultRespond)({ provider, endpoint, model, prompt, system, schema, body });
    // Input a tool added (the web search's results) is known only when the call ends, as is the output of a
    // request that named no output cap: the limits are charged for them now (ai-provider-limits.ts settle).
    const searchInput = researchInputTokens(endpoint, body, prompt);
    const outputTokens = o200kTokens(typeof output === "string" ? output : JSON.stringify(output)) || 1;
    let counted = 0;
    if (limit) {
      const extra = { input: searchInput, output: outputCap(body) ? 0 : outputTokens };
      const after = limiter.settle(provider, limit.key, extra);
      // The answer's headers are those of its admission unless the end of the call charged more.
      if (after.counted > 0) limitHeaders = after.headers;
      counted = limit.admitted + after.counted;
    }
    record(200, counted);
    let cached = 0;
    if (opts.cachedTokens) cached = opts.cachedTokens({ ...info, inputTokens: inputTokens + searchInput });
    else
      cached = promptCache.cachedTokens(
        provider,
        apiKey ?? "",
        body,
        `${system}\n${JSON.stringify(schema)}\n${prompt}`,
      );
    return R(
      200,
      generationAnswer(provider, endpoint, model, body, output, prompt, { input: inputTokens + searchInput, cached }),
      limitHeaders,
    );
  }

  const R = (status: number, body: unknown, headers?: Record<string, string>) => ({ status, body, headers });

  const batchApi = createBatchApi({
    options: () => opts.batch ?? {},
    baseUrl: () => url,
    now: () => clock(),
    generate: async (provider, endpoint, body, apiKey) => {
      const model = typeof body.model === "string" ? body.model : null;
      const { prompt } = extractPrompt(endpoint, body);
      const info: RequestInfo = {
        provider,
        endpoint,
        method: "POST",
        path: "(batch)",
        apiKey,
        model,
        prompt,
        body,
        headers: {},
      };
      const { system, schema } = extractPrompt(endpoint, body);
      const inputTokens = reportedInputTokens(provider, endpoint, body) || requestTokens(system, prompt, schema);
      return answerGeneration(info, inputTokens, {}, false);
    },
  });

  const server = createServer((req, res) => {
    stats.requests++;
    stats.inFlight++;
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
    let done = false;
    const finish = () => {
      if (!done) {
        done = true;
        stats.inFlight--;
      }
    };
    res.on("close", finish);
    res.on("finish", finish);
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, providerErrorBody("openai", 500, `Fake provider error: ${String(error)}`));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(initialPort ?? 0, "127.0.0.1", () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    openaiBaseUrl: `${url}/v1`,
    anthropicBaseUrl: url,
    stats,
    setOptions(partial) {
      opts = { ...opts, ...partial };
    },
    failNext(n, status, body, headers) {
      if (n > 0) failures.push({ remaining: n, status, body, headers });
    },
    reset() {
      opts = { ...initial };
      limiter.clear();
      promptCache.clear();
      failures = [];
      batchApi.clear();
      const inFlight = stats.inFlight;
      Object.assign(stats, freshStats(), { inFlight, maxInFlight: inFlight });
    },
    close() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
