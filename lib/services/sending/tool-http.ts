import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { retryAfterHeaderMs } from "@/lib/http/retry-after";
import { logger } from "@/lib/log";
import { SERVICE_LABELS, type IntegrationService } from "@/lib/sending/tools";
import { backoffMs } from "@/lib/services/generation/backoff";
import { blockKey, markSent, reserveCall, toolKeyHash, type ToolLimit } from "./tool-pacer";

/** One call to an outside tool: its method, URL (under the tool's configured base), headers, JSON body. */
export interface ToolRequest {
  method: "GET" | "POST";
  url: string;
  headers?: Record<string, string>;
  body?: unknown;
}

/** What the tool answered (after the retries of 429s, 5xx and network errors). */
export interface ToolAnswer {
  status: number;
  body: unknown;
}

/** Reads (a key check, a campaign list: a person waits for them) are retried as often, sooner. */
const READ_BACKOFF_MS = 100;

/** The tool could not be reached (network errors, 5xx or 429 after every retry): 502 at the edge. */
export class ToolUnreachableError extends Error {
  constructor(
    readonly service: IntegrationService,
    detail: string,
  ) {
    super(`${SERVICE_LABELS[service]} could not be reached (${detail}). Please try again later.`);
    this.name = "ToolUnreachableError";
  }
}

export interface ToolCallOptions {
  service: IntegrationService;
  apiKey: string;
  limits: readonly ToolLimit[];
  /** Retries of a 429, a 5xx or a network error (at least 4). */
  retries?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
}

const RETRIES = 4;
const TIMEOUT_MS = 30_000;
const BACKOFF_BASE_MS = 500;

/** A URL as it may be logged: the query's keys (Smartlead's `api_key`, ZeroBounce's) are redacted. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:api_key|apikey|key|token)=)[^&#]*/gi, "$1[redacted]");
}

/** How long a 429 (or an exhausted rate-limit window) asks us to wait, from its headers; null: not said. */
export function waitFromHeaders(headers: Headers, now = Date.now()): number | null {
  const retryAfter = retryAfterHeaderMs(headers.get("retry-after"), now);
  if (retryAfter !== null) return retryAfter;
  const remaining = headers.get("x-ratelimit-remaining");
  const reset = Number(headers.get("x-ratelimit-reset"));
  if (remaining === "0" && Number.isFinite(reset) && reset > 0) {
    // A Unix time in seconds (or, when that is far in the past, a number of seconds).
    const resetMs = reset > 1e9 ? reset * 1000 - now : reset * 1000;
    return Math.max(0, resetMs);
  }
  return null;
}

/** The project's jittered backoff (base, 2 × base, 4 × base... ±50 %, at most 30 s) after attempt `attempt`. */
const backoff = (attempt: number, base: number) => backoffMs(attempt + 1, Math.random, base);

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (text === "") return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function sendOnce(req: ToolRequest, options: ToolCallOptions): Promise<Response> {
  const signals = [AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS)];
  if (options.signal) signals.push(options.signal);
  return fetch(req.url, {
    method: req.method,
    headers: {
      accept: "application/json",
      ...(req.body !== undefined ? { "content-type": "application/json" } : {}),
      ...req.headers,
    },
    body: req.body !== undefined ? JSON.stringify(req.body) : undefined,
    signal: AbortSignal.any(signals),
  });
}

/**
 * Makes one call at the tool key's pace (tool-pacer.ts: every worker shares the key's limits), waiting
 * out a 429's Retry-After (or rate-limit headers) before the same call again, and retrying 5xx and
 * network errors with backoff. Any other answer is returned as it is (the caller reads 2xx and 4xx).
 * Keys never reach a log line: URLs are logged redacted, headers not at all.
 */
export async function callTool(req: ToolRequest, options: ToolCallOptions): Promise<ToolAnswer> {
  const log = logger("tools");
  const keyHash = toolKeyHash(options.service, options.apiKey);
  const retries = Math.max(4, options.retries ?? RETRIES);
  const backoffBase = req.method === "GET" ? READ_BACKOFF_MS : BACKOFF_BASE_MS;
  let detail = "";
  for (let attempt = 0; attempt <= retries; attempt++) {
    const at = await reserveCall(keyHash, options.limits);
    const wait = at - Date.now();
    if (wait > 0) await sleep(wait, undefined, { signal: options.signal });
    await markSent(keyHash, at);
    let res: Response;
    try {
      res = await sendOnce(req, options);
    } catch (err) {
      if (options.signal?.aborted) throw err;
      detail = err instanceof Error && err.name === "TimeoutError" ? "timed out" : "network error";
      log.warn({ service: options.service, url: redactUrl(req.url), attempt, detail }, "tool call failed");
      if (attempt < retries) await sleep(backoff(attempt, backoffBase), undefined, { signal: options.signal });
      continue;
    }
    if (res.status !== 429 && res.status < 500) return { status: res.status, body: await readBody(res) };
    await res.body?.cancel().catch(() => undefined);
    detail = `HTTP ${res.status}`;
    const told = res.status === 429 ? waitFromHeaders(res.headers) : null;
    const pause = told ?? backoff(attempt, backoffBase);
    log.warn(
      { service: options.service, url: redactUrl(req.url), status: res.status, attempt, pause },
      "tool call retried",
    );
    if (res.status === 429) await blockKey(keyHash, Date.now() + pause);
    else if (attempt < retries) await sleep(pause, undefined, { signal: options.signal });
  }
  throw new ToolUnreachableError(options.service, detail);
}

/** The tool's own message in an error answer (its `message`, `error`, `error.message`...), without the key. */
export function toolMessage(body: unknown, apiKey: string): string {
  const pick = (value: unknown): string | null => {
    if (typeof value === "string" && value.trim() !== "") return value.trim();
    if (value && typeof value === "object") {
      const o = value as Record<string, unknown>;
      return pick(o.message) ?? pick(o.error) ?? pick(o.msg) ?? pick(o.detail) ?? null;
    }
    return null;
  };
  const msg = (pick(body) ?? "no message").slice(0, 300);
  return apiKey ? msg.split(apiKey).join("[redacted]") : msg;
}
