/**
 * A fake of the part of the Stripe API that the app's Stripe driver uses, for the official
 * `stripe` SDK (v23) on 127.0.0.1 (random port):
 *
 *   const fake = await startFakeStripe();
 *   process.env.STRIPE_API_URL = fake.url;   // the driver reads host, port and protocol from it
 *
 * Endpoints: POST /v1/checkout/sessions (form-encoded as the SDK sends it, nested keys such as
 * `line_items[0][price_data][unit_amount]` and `metadata[userId]` are parsed into objects),
 * GET /v1/checkout/sessions/{id}, POST /v1/checkout/sessions/{id}/expire (like Stripe: only an open
 * session; `expires_at`, when sent, must lie 30 minutes to 24 hours ahead). Every request needs `Authorization:
 * Bearer sk_test_...`
 * (401 otherwise); errors use Stripe's `{ error: { type, code, message, param } }` shape. Like Stripe,
 * a payment-mode session in USD must total at least 50 cents, and empty metadata values are dropped.
 * `markPaid(id, email)` plays the customer paying; `failNext(status)` makes the next requests fail.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

type Json = Record<string, unknown>;

export interface FakeCheckoutSession {
  id: string;
  object: "checkout.session";
  url: string | null;
  mode: string;
  amount_total: number;
  amount_subtotal: number;
  currency: string;
  metadata: Record<string, string>;
  payment_status: "unpaid" | "paid" | "no_payment_required";
  status: "open" | "complete" | "expired";
  success_url: string;
  cancel_url: string | null;
  customer_email: string | null;
  customer_details: { email: string | null } | null;
  client_reference_id: string | null;
  created: number;
  /** Epoch seconds after which the session cannot be paid. */
  expires_at: number | null;
  livemode: false;
  /** What the SDK sent, parsed (line items are not part of Stripe's session object). */
  line_items_request: Json[];
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  /** The parsed form body (nested objects and arrays). */
  body: Json;
  rawBody: string;
}

export interface FakeStripe {
  /** http://127.0.0.1:<port>, for STRIPE_API_URL. */
  url: string;
  port: number;
  sessions: Map<string, FakeCheckoutSession>;
  requests: RecordedRequest[];
  /** The customer pays: payment_status 'paid', status 'complete', customer_details.email. */
  markPaid(id: string, email?: string): FakeCheckoutSession;
  /** The next `times` requests answer `status` with a Stripe api_error. */
  failNext(status: number, times?: number): void;
  /** A `checkout.session.completed` event object for a session (to sign and post to the webhook). */
  completedEvent(id: string): Json;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(18).toString("base64url").replace(/[-_]/g, "x")}`;

/** `a[b][0][c]=1` → `{ a: { b: [ { c: "1" } ] } }`; numeric segments make arrays. */
export function parseStripeForm(raw: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const path = key.match(/^[^[\]]+|\[[^[\]]*\]/g)?.map((seg) => seg.replace(/^\[|\]$/g, "")) ?? [key];
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((seg, i) => {
      const last = i === path.length - 1;
      const k: string | number = Array.isArray(node) ? Number(seg === "" ? node.length : seg) : seg;
      if (last) {
        (node as Record<string | number, unknown>)[k] = value;
        return;
      }
      const nextIsIndex = /^\d*$/.test(path[i + 1]!);
      const existing = (node as Record<string | number, unknown>)[k];
      const child = existing && typeof existing === "object" ? existing : nextIsIndex ? [] : {};
      (node as Record<string | number, unknown>)[k] = child;
      node = child as Record<string, unknown> | unknown[];
    });
  }
  return root;
}

function stripeError(res: ServerResponse, status: number, error: Json): void {
  res.writeHead(status, { "content-type": "application/json", "request-id": id("req") });
  res.end(JSON.stringify({ error }));
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json", "request-id": id("req") });
  res.end(JSON.stringify(body));
}

function publicView(session: FakeCheckoutSession): Json {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { line_items_request, ...rest } = session;
  return rest;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startFakeStripe(options: { port?: number } = {}): Promise<FakeStripe> {
  const sessions = new Map<string, FakeCheckoutSession>();
  const requests: RecordedRequest[] = [];
  const failures: number[] = [];
  let base = "";

  function createSession(body: Json, res: ServerResponse): void {
    const missing = ["success_url"].find((p) => typeof body[p] !== "string");
    if (missing)
      return stripeError(res, 400, {
        type: "invalid_request_error",
        code: "parameter_missing",
        param: missing,
        message: `Missing required param: ${missing}.`,
      });
    const mode = String(body.mode ?? "");
    if (!["payment", "subscription", "setup"].includes(mode)) {
      return stripeError(res, 400, {
        type: "invalid_request_error",
        code: "parameter_invalid_string",
        param: "mode",
        message: "Invalid mode: must be one of payment, setup, or subscription",
      });
    }
    const items = Array.isArray(body.line_items) ? (body.line_items as Json[]) : [];
    if (items.length === 0)
      return stripeError(res, 400, {
        type: "invalid_request_error",
        code: "parameter_missing",
        param: "line_items",
        message: "Missing required param: line_items.",
      });
    let amount = 0;
    let currency = "";
    for (const [i, item] of items.entries()) {
      const price = (item.price_data ?? {}) as Json;
      const unit = Number(price.unit_amount);
      const quantity = Number(item.quantity ?? 1);
      if (!Number.isInteger(unit) || unit < 0) {
        return stripeError(res, 400, {
          type: "invalid_request_error",
          code: "parameter_invalid_integer",
          param: `line_items[${i}][price_data][unit_amount]`,
          message: "Invalid integer",
        });
      }
      currency = String(price.currency ?? "").toLowerCase();
      amount += unit * quantity;
    }
    if (mode === "payment" && currency === "usd" && amount < 50) {
      return stripeError(res, 400, {
        type: "invalid_request_error",
        code: "amount_too_small",
        message: "The Checkout Session's total amount due must add up to at least $0.50 usd",
      });
    }
    const now = Math.floor(Date.now() / 1000);
    const expiresAt = body.expires_at === undefined ? now + 24 * 60 * 60 : Number(body.expires_at);
    if (!Number.isInteger(expiresAt) || expiresAt < now + 30 * 60 || expiresAt > now + 24 * 60 * 60) {
      return stripeError(res, 400, {
        type: "invalid_request_error",
        code: "parameter_invalid_integer",
        param: "expires_at",
        message: "The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.",
      });
    }
    // Stripe drops metadata keys set to the empty string.
    const metadata = Object.fromEntries(
      Object.entries((body.metadata ?? {}) as Record<string, string>).filter(([, v]) => v !== ""),
    );
    const sessionId = id("cs_test");
    const session: FakeCheckoutSession = {
      id: sessionId,
      object: "checkout.session",
      url: `${base}/c/pay/${sessionId}`,
      mode,
      amount_total: amount,
      amount_subtotal: amount,
      currency,
      metadata,
      payment_status: "unpaid",
      status: "open",
      success_url: String(body.success_url),
      cancel_url: typeof body.cancel_url === "string" ? body.cancel_url : null,
      customer_email: typeof body.customer_email === "string" ? body.customer_email : null,
      customer_details: null,
      client_reference_id: typeof body.client_reference_id === "string" ? body.client_reference_id : null,
      created: now,
      expires_at: expiresAt,
      livemode: false,
      line_items_request: items,
    };
    sessions.set(sessionId, session);
    send(res, 200, publicView(session));
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const rawBody = await readBody(req);
      const body = req.method === "POST" ? parseStripeForm(rawBody) : Object.fromEntries(url.searchParams);
      requests.push({ method: req.method ?? "GET", path: url.pathname, headers: req.headers, body, rawBody });

      const auth = req.headers.authorization ?? "";
      const key = auth.startsWith("Bearer ") ? auth.slice(7) : "";
      if (!/^sk_test_\w+$/.test(key)) {
        return stripeError(res, 401, {
          type: "invalid_request_error",
          message: key ? `Invalid API Key provided: ${key.slice(0, 8)}****` : "You did not provide an API key.",
        });
      }
      const failStatus = failures.shift();
      if (failStatus)
        return stripeError(res, failStatus, {
          type: "api_error",
          message: "Something went wrong on Stripe's end (fake).",
        });

      if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") return createSession(body, res);
      const expire = url.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/);
      if (req.method === "POST" && expire) {
        const session = sessions.get(decodeURIComponent(expire[1]!));
        if (!session)
          return stripeError(res, 404, {
            type: "invalid_request_error",
            code: "resource_missing",
            message: `No such checkout.session: '${expire[1]}'`,
          });
        if (session.status !== "open") {
          return stripeError(res, 400, {
            type: "invalid_request_error",
            message: `Only Checkout Sessions with a status in ["open"] can be expired.`,
          });
        }
        session.status = "expired";
        return send(res, 200, publicView(session));
      }
      const match = url.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
      if (req.method === "GET" && match) {
        const sessionId = decodeURIComponent(match[1]!);
        const session = sessions.get(sessionId);
        if (!session) {
          return stripeError(res, 404, {
            type: "invalid_request_error",
            code: "resource_missing",
            param: "session",
            message: `No such checkout.session: '${sessionId}'`,
          });
        }
        return send(res, 200, publicView(session));
      }
      stripeError(res, 404, {
        type: "invalid_request_error",
        message: `Unrecognized request URL (${req.method}: ${url.pathname}).`,
      });
    })().catch((err) => {
      if (!res.headersSent) stripeError(res, 500, { type: "api_error", message: String(err) });
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;

  function get(sessionId: string): FakeCheckoutSession {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`fake Stripe: no session ${sessionId}`);
    return session;
  }

  return {
    url: base,
    port,
    sessions,
    requests,
    markPaid(sessionId, email = "buyer@example.test") {
      const session = get(sessionId);
      if (session.status === "expired")
        throw new Error(`fake Stripe: session ${sessionId} has expired and cannot be paid`);
      Object.assign(session, { payment_status: "paid", status: "complete", customer_details: { email } });
      return session;
    },
    failNext(status, times = 1) {
      for (let i = 0; i < times; i++) failures.push(status);
    },
    completedEvent(sessionId) {
      return {
        id: id("evt"),
        object: "event",
        api_version: "2025-01-01",
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type: "checkout.session.completed",
        data: { object: publicView(get(sessionId)) },
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
