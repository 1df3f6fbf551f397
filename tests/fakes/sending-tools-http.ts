/**
 * Shared machinery of the sending-tool fakes (fake-instantly.ts, fake-smartlead.ts, fake-lemlist.ts,
 * fake-zerobounce.ts): a node:http server on 127.0.0.1, the record of every call (refused ones too), the latency
 * knob, the queue of injected failures and a sliding-window rate limiter. Nothing here prints a request, so keys
 * never reach a log. The wire formats themselves, and the documentation each detail comes from, are in the fakes.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeToolCall {
  /** Date.now() (or the injected clock) when the request arrived. */
  at: number;
  method: string;
  /** The raw path with its query. */
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
  /** What the fake answered. */
  status: number;
}

export interface FakeLead {
  email: string;
  campaignId: string;
  id: string;
  /** The lead exactly as received. */
  fields: Record<string, unknown>;
}

export interface RateLimit {
  requests: number;
  windowMs: number;
  /** After a refusal the key stays blocked this long (ZeroBounce's "blocked for 10 minutes"). */
  blockMs?: number;
}

export type FailAnswer = number | { status: number; body?: unknown; headers?: Record<string, string> };

export interface FakeCampaign {
  id: string;
  name: string;
  status: unknown;
}

export interface FakeToolBase {
  /** The base URL to set as INSTANTLY_BASE_URL / SMARTLEAD_BASE_URL / LEMLIST_BASE_URL / ZEROBOUNCE_BASE_URL. */
  url: string;
  /** Every request received, in order. */
  calls: FakeToolCall[];
  /** A valid key; every other key gets the tool's refusal. */
  addKey(key: string): void;
  /** The next add-lead (or validatebatch) calls answer these instead; a 429 carries Retry-After: 1 by default. */
  failNext(...answers: FailAnswer[]): void;
  /** Replaces the documented rate limits (tests shrink them); past them the tool's 429. */
  setLimits(limits: RateLimit[]): void;
  /** Delays every answer (default 0). */
  setLatency(ms: number): void;
  /** How many 429s the limiter (not failNext) answered. */
  rateLimited(): number;
  reset(): void;
  close(): Promise<void>;
}

export interface FakeTool extends FakeToolBase {
  addCampaign(key: string, c: { id?: string; name: string; status?: string | number }): FakeCampaign;
  /** Leads received and stored in that campaign, in arrival order (not the ones given to addExistingLead). */
  leads(campaignId: string): FakeLead[];
  /** A lead already in a campaign of the account (or, with null, in another campaign of it). */
  addExistingLead(key: string, campaignId: string | null, email: string): void;
}

/** A request as the fakes see it. */
export interface ToolRequest {
  at: number;
  method: string;
  path: string;
  url: URL;
  headers: http.IncomingHttpHeaders;
  /** Parsed JSON, the raw text when it is not JSON, undefined when empty. */
  body: unknown;
  /** False when a body was sent that is not JSON. */
  json: boolean;
}

/** An answer: `body` sent as JSON, or `text` as text/plain. */
export interface ToolReply {
  status: number;
  body?: unknown;
  text?: string;
  headers?: Record<string, string>;
}

/** Sees each request first (the standalone server's /__ paths); an answer from it is not recorded in `calls`. */
export type FakeIntercept = (req: ToolRequest) => ToolReply | undefined | Promise<ToolReply | undefined>;

export interface FakeToolOptions {
  /** The clock of `at` and of the rate limiter (tests move it instead of sleeping). */
  now?: () => number;
  intercept?: FakeIntercept;
}

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

export const isEmail = (s: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s);

export const normalEmail = (v: unknown) => (typeof v === "string" ? v.trim().toLowerCase() : "");

/** Whole seconds a client should wait, never 0. */
export const retryAfterSeconds = (ms: number) => String(Math.max(1, Math.ceil(ms / 1000)));

function readRequest(req: http.IncomingMessage, at: number, raw: string): ToolRequest {
  let body: unknown;
  let json = true;
  if (raw.length > 0) {
    try {
      body = JSON.parse(raw);
    } catch {
      body = raw;
      json = false;
    }
  }
  const path = req.url ?? "/";
  const method = req.method ?? "GET";
  return { at, method, path, url: new URL(path, "http://127.0.0.1"), headers: req.headers, body, json };
}

function send(res: http.ServerResponse, reply: ToolReply) {
  const text = reply.text !== undefined;
  res.writeHead(reply.status, {
    "content-type": text ? "text/plain; charset=utf-8" : "application/json",
    ...reply.headers,
  });
  res.end(text ? reply.text : JSON.stringify(reply.body ?? null));
}

export type ServedTool = Awaited<ReturnType<typeof serveTool>>;

/** Starts the server of one fake; `handle` answers every request the intercept leaves alone. */
export async function serveTool(
  port: number | undefined,
  options: FakeToolOptions,
  handle: (req: ToolRequest) => ToolReply,
) {
  const now = options.now ?? Date.now;
  const calls: FakeToolCall[] = [];
  let latencyMs = 0;
  const answer = async (req: http.IncomingMessage, res: http.ServerResponse, at: number, raw: string) => {
    const request = readRequest(req, at, raw);
    const intercepted = await options.intercept?.(request);
    if (intercepted) return send(res, intercepted);
    let reply: ToolReply;
    try {
      reply = handle(request);
    } catch (e) {
      reply = { status: 500, body: { error: `fake failed: ${(e as Error).message}` } };
    }
    const { method, path, headers, body } = request;
    calls.push({ at, method, path, headers, body, status: reply.status });
    if (latencyMs > 0) await new Promise((r) => setTimeout(r, latencyMs));
    send(res, reply);
  };
  const server = http.createServer((req, res) => {
    const at = now();
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => void answer(req, res, at, Buffer.concat(chunks).toString("utf8")));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port ?? 0, "127.0.0.1", () => resolve());
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    now,
    setLatency: (ms: number) => void (latencyMs = Math.max(0, ms)),
    clear() {
      calls.length = 0;
      latencyMs = 0;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface LimitVerdict {
  ok: boolean;
  /** When refused: how long until the request would be admitted. */
  retryAfterMs: number;
  /** The limit with the longest window: its size, what is left of it, and when its oldest request leaves it. */
  limit: number;
  remaining: number;
  resetAt: number;
}

/**
 * Counts the admitted requests of each bucket (a key, or the whole workspace) in sliding windows: a request is
 * refused when any limit already holds `requests` admitted requests within the `windowMs` before it arrived.
 */
export class SlidingLimiter {
  private limits: RateLimit[];
  private readonly admitted = new Map<string, number[]>();
  private readonly blockedUntil = new Map<string, number>();
  refused = 0;

  constructor(private readonly documented: RateLimit[]) {
    this.limits = documented;
  }

  set(limits: RateLimit[]) {
    this.limits = limits.map((l) => ({ ...l }));
    this.admitted.clear();
    this.blockedUntil.clear();
  }

  reset() {
    this.set(this.documented);
    this.refused = 0;
  }

  take(bucket: string, now: number): LimitVerdict {
    const main = this.limits.reduce<RateLimit | undefined>(
      (a, l) => (!a || l.windowMs > a.windowMs ? l : a),
      undefined,
    );
    if (!main) return { ok: true, retryAfterMs: 0, limit: 0, remaining: 0, resetAt: now };
    const times = (this.admitted.get(bucket) ?? []).filter((t) => t > now - main.windowMs);
    this.admitted.set(bucket, times);
    const blocked = this.blockedUntil.get(bucket) ?? 0;
    let wait = blocked > now ? blocked - now : 0;
    for (const l of this.limits) {
      const inWindow = times.filter((t) => t > now - l.windowMs);
      if (inWindow.length < l.requests) continue;
      const leaves = inWindow[inWindow.length - l.requests]! + l.windowMs - now;
      wait = Math.max(wait, l.blockMs ? l.blockMs : leaves);
      if (l.blockMs) this.blockedUntil.set(bucket, now + l.blockMs);
    }
    if (wait > 0) {
      this.refused++;
      return { ok: false, retryAfterMs: wait, limit: main.requests, remaining: 0, resetAt: now + wait };
    }
    const oldest = times[0] ?? now;
    times.push(now);
    const remaining = Math.max(0, main.requests - times.length);
    return { ok: true, retryAfterMs: 0, limit: main.requests, remaining, resetAt: oldest + main.windowMs };
  }
}

/** The answers failNext queued, completed with the tool's own error body for their status. */
export class FailureQueue {
  private queue: FailAnswer[] = [];

  push(...answers: FailAnswer[]) {
    this.queue.push(...answers);
  }

  clear() {
    this.queue = [];
  }

  take(errorFor: (status: number) => ToolReply): ToolReply | undefined {
    const next = this.queue.shift();
    if (next === undefined) return undefined;
    const a = typeof next === "number" ? { status: next } : next;
    const headers = { ...(a.status === 429 ? { "Retry-After": "1" } : {}), ...a.headers };
    if (a.body === undefined) {
      const base = errorFor(a.status);
      return { ...base, status: a.status, headers: { ...base.headers, ...headers } };
    }
    return typeof a.body === "string"
      ? { status: a.status, text: a.body, headers }
      : { status: a.status, body: a.body, headers };
  }
}
