import "server-only";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { webhookDeliveries } from "@/lib/db/schema";
import { postJson, WebhookTargetError } from "@/lib/webhooks/http-post";
import { signBody, standardWebhookHeaders, webhookMessageId } from "@/lib/webhooks/signing";
import { webhookPolicy, type WebhookKind } from "./configs";

export const DELIVERY = { timeoutMs: 10_000, maxAttempts: 3, chunkRows: 500 } as const;

export interface DeliveryOutcome {
  ok: boolean;
  statusCode: number | null;
  attempts: number;
  error: string | null;
  idempotencyKey: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function describeFailure(error: unknown): string {
  if (error instanceof WebhookTargetError) return error.message;
  const e = error as { code?: string; message?: string };
  if (e.code === "ENOTFOUND" || e.code === "EAI_AGAIN") return "The webhook's host name could not be found";
  if (e.code === "ECONNREFUSED") return "The webhook refused the connection";
  return e.message ?? "Network error";
}

/**
 * Sends one request body: up to 3 attempts with backoff on network errors and 5xx (never on
 * 4xx or a refused target), 10 s timeout each, one idempotency key for all attempts; recorded.
 * A background export passes a key derived from its job and chunk, so a chunk repeated after a
 * crash carries the key its first sending had.
 */
export async function deliverOnce(
  target: { userId: string; kind: WebhookKind; url: string; secret: string | null },
  event: string,
  rows: Record<string, string>[],
  extraHeaders: Record<string, string>,
  idempotencyKey: string = randomUUID(),
): Promise<DeliveryOutcome> {
  const body = JSON.stringify({ event, sentAt: new Date().toISOString(), data: rows });
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "user-agent": "ColdMailAI-Webhooks/1.0",
    "x-idempotency-key": idempotencyKey,
    ...extraHeaders,
  };
  if (target.secret) headers["x-webhook-signature"] = signBody(body, target.secret);
  const started = Date.now();
  let attempts = 0;
  let statusCode: number | null = null;
  let error: string | null = null;
  while (attempts < DELIVERY.maxAttempts) {
    attempts++;
    try {
      // Standard Webhooks headers: one message id for every attempt, each attempt signed at its own time.
      const signed = target.secret
        ? { ...headers, ...standardWebhookHeaders(webhookMessageId(idempotencyKey), body, target.secret) }
        : headers;
      const res = await postJson(target.url, body, signed, { timeoutMs: DELIVERY.timeoutMs, ...webhookPolicy() });
      statusCode = res.status;
      if (res.status >= 200 && res.status < 300) {
        error = null;
        break;
      }
      error = `The webhook answered ${res.status}${res.body ? `: ${res.body.slice(0, 200)}` : ""}`;
      if (res.status < 500) break;
    } catch (e) {
      error = describeFailure(e);
      if (e instanceof WebhookTargetError) break;
    }
    if (attempts < DELIVERY.maxAttempts) await sleep(500 * 2 ** (attempts - 1) * (0.5 + Math.random()));
  }
  const ok = error === null;
  await db.insert(webhookDeliveries).values({
    userId: target.userId,
    kind: target.kind,
    url: target.url,
    event,
    idempotencyKey,
    rowCount: rows.length,
    attempts,
    statusCode,
    status: ok ? "success" : "failed",
    error,
    durationMs: Date.now() - started,
  });
  return { ok, statusCode, attempts, error, idempotencyKey };
}

/** Sends rows in chunks of at most 500; stops at the first chunk that fails. */
export async function deliverRows(
  target: { userId: string; kind: WebhookKind; url: string; secret: string | null },
  event: string,
  rows: Record<string, string>[],
) {
  const chunks =
    rows.length === 0
      ? [[]]
      : Array.from({ length: Math.ceil(rows.length / DELIVERY.chunkRows) }, (_, i) =>
          rows.slice(i * DELIVERY.chunkRows, (i + 1) * DELIVERY.chunkRows),
        );
  const outcomes: DeliveryOutcome[] = [];
  for (const [i, chunk] of chunks.entries()) {
    const outcome = await deliverOnce(target, event, chunk, {
      "x-chunk-index": String(i + 1),
      "x-chunk-count": String(chunks.length),
    });
    outcomes.push(outcome);
    if (!outcome.ok) return { ok: false, outcomes, sentRows: i * DELIVERY.chunkRows, error: outcome.error };
  }
  return { ok: true, outcomes, sentRows: rows.length, error: null };
}
