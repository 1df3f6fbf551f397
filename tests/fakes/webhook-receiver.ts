/**
 * A local webhook receiver for tests (node:http on 127.0.0.1, random port; optionally https with
 * the test-only certificate of ./webhook-receiver-tls). It records every request and answers from a
 * queue of scripted steps, then with a fallback (200 by default):
 *
 *   const rx = await startWebhookReceiver();
 *   rx.respondWith(500, 500, 200);                                  // statuses, one per request
 *   rx.respondWith({ delayMs: 3000 });                              // answer late (timeout tests)
 *   rx.respondWith({ status: 307, location: "http://10.0.0.5/" }); // redirect
 *   rx.requests        // every request: method, path, headers, rawBody, json, answered status
 *   rx.deliveries()    // accepted (2xx) requests, deduplicated by x-idempotency-key
 *
 * Deduplication is what a well-behaved consumer does with retries: a request whose
 * x-idempotency-key was already accepted is a duplicate and is not delivered twice.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { WEBHOOK_RECEIVER_CERT, WEBHOOK_RECEIVER_KEY } from "./webhook-receiver-tls";

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** The parsed body, or undefined when it is not JSON. */
  json: unknown;
  idempotencyKey: string | null;
  /** The status this receiver answered with (0 when the client went away first). */
  status: number;
  receivedAt: number;
}

export interface Step {
  status?: number;
  /** Wait this long before answering. */
  delayMs?: number;
  /** Sets the Location header (use with a 3xx status; 307 when no status is given). */
  location?: string;
  body?: string;
}

export interface WebhookReceiverOptions {
  /** Serve https with the test certificate (IP 127.0.0.1 / DNS localhost). */
  tls?: boolean;
  /** The answer once the queue is empty (default 200). */
  fallback?: number | Step;
}

export interface WebhookReceiver {
  /** e.g. "http://127.0.0.1:40123" (no trailing slash). */
  origin: string;
  /** origin + "/hook". */
  url: string;
  port: number;
  /** The certificate to trust when `tls` is set. */
  ca: string | null;
  requests: ReceivedRequest[];
  /** Accepted (2xx) requests, one per idempotency key (requests without a key all count). */
  deliveries(): ReceivedRequest[];
  /** Queues answers for the next requests, in order. */
  respondWith(...steps: (number | Step)[]): void;
  setFallback(step: number | Step): void;
  /** Forgets recorded requests and queued answers; the fallback goes back to 200. */
  reset(): void;
  /** Resolves once at least `count` requests arrived. */
  waitForRequests(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

const toStep = (s: number | Step): Step => (typeof s === "number" ? { status: s } : s);

/** `sha256=<hex HMAC-SHA256 of the raw body>` compared in constant time, as a consumer would. */
export function hasValidSignature(request: ReceivedRequest, secret: string): boolean {
  const header = request.headers["x-webhook-signature"];
  if (typeof header !== "string") return false;
  const expected = Buffer.from(`sha256=${createHmac("sha256", secret).update(request.rawBody).digest("hex")}`);
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Makes this process's default https agent trust the receiver's test certificate. */
export function trustReceiverCertificate(): void {
  const options = https.globalAgent.options as { ca?: string | string[] };
  const current = options.ca === undefined ? [] : Array.isArray(options.ca) ? options.ca : [options.ca];
  if (!current.includes(WEBHOOK_RECEIVER_CERT)) options.ca = [...current, WEBHOOK_RECEIVER_CERT];
}

export async function startWebhookReceiver(options: WebhookReceiverOptions = {}): Promise<WebhookReceiver> {
  const requests: ReceivedRequest[] = [];
  let queue: Step[] = [];
  let fallback: Step = toStep(options.fallback ?? 200);
  const waiters = new Set<() => void>();

  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const rawBody = Buffer.concat(chunks).toString("utf8");
      let json: unknown;
      try {
        json = rawBody ? JSON.parse(rawBody) : undefined;
      } catch {
        json = undefined;
      }
      const key = req.headers["x-idempotency-key"];
      const step = queue.shift() ?? fallback;
      const status = step.status ?? (step.location ? 307 : 200);
      const record: ReceivedRequest = {
        method: req.method ?? "",
        path: req.url ?? "/",
        headers: req.headers,
        rawBody,
        json,
        idempotencyKey: typeof key === "string" ? key : null,
        status: 0,
        receivedAt: Date.now(),
      };
      requests.push(record);
      for (const wake of [...waiters]) wake();
      const answer = () => {
        if (res.destroyed) return;
        record.status = status;
        res.writeHead(status, { "content-type": "text/plain", ...(step.location ? { location: step.location } : {}) });
        res.end(step.body ?? (status >= 200 && status < 300 ? "ok" : `status ${status}`));
      };
      if (!step.delayMs) return answer();
      const timer = setTimeout(answer, step.delayMs);
      res.on("close", () => clearTimeout(timer));
    });
  };

  const server = options.tls
    ? https.createServer({ key: WEBHOOK_RECEIVER_KEY, cert: WEBHOOK_RECEIVER_CERT }, handler)
    : http.createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const origin = `${options.tls ? "https" : "http"}://127.0.0.1:${port}`;

  return {
    origin,
    url: `${origin}/hook`,
    port,
    ca: options.tls ? WEBHOOK_RECEIVER_CERT : null,
    requests,
    deliveries() {
      const seen = new Set<string>();
      return requests.filter((r) => {
        if (r.status < 200 || r.status >= 300) return false;
        if (r.idempotencyKey === null) return true;
        if (seen.has(r.idempotencyKey)) return false;
        seen.add(r.idempotencyKey);
        return true;
      });
    },
    respondWith(...steps) {
      queue.push(...steps.map(toStep));
    },
    setFallback(step) {
      fallback = toStep(step);
    },
    reset() {
      requests.length = 0;
      queue = [];
      fallback = toStep(200);
    },
    waitForRequests(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (requests.length < count) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(requests.slice());
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`webhook receiver: expected ${count} request(s) within ${timeoutMs} ms, got ${requests.length}`),
          );
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
