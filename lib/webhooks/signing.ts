import { createHmac } from "node:crypto";

/**
 * Signatures of outbound webhook requests (docs/api.md "Outbound webhooks", "API keys and docs").
 * Two schemes travel together when a secret is configured:
 * - `X-Webhook-Signature: sha256=<hex HMAC-SHA256 of the raw body>`, keyed with the secret's UTF-8 bytes;
 * - Standard Webhooks (https://www.standardwebhooks.com): `webhook-id`, `webhook-timestamp` and
 *   `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, keyed with the secret's
 *   base64-decoded bytes when it starts with `whsec_` (the prefix stripped), else its UTF-8 bytes.
 */

/** `sha256=<hex HMAC-SHA256 of the raw body with the secret>`. */
export function signBody(body: string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(body, "utf8").digest("hex")}`;
}

const WHSEC_PREFIX = "whsec_";

/** The HMAC key of the Standard Webhooks signature. */
export function standardWebhookKey(secret: string): Buffer {
  return secret.startsWith(WHSEC_PREFIX)
    ? Buffer.from(secret.slice(WHSEC_PREFIX.length), "base64")
    : Buffer.from(secret, "utf8");
}

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`. */
export function standardWebhookSignature(id: string, timestampSeconds: number, body: string, secret: string): string {
  const mac = createHmac("sha256", standardWebhookKey(secret))
    .update(`${id}.${timestampSeconds}.${body}`, "utf8")
    .digest("base64");
  return `v1,${mac}`;
}

/** The message id of a request: `msg_` + its `x-idempotency-key`, the same for every retry. */
export function webhookMessageId(idempotencyKey: string): string {
  return `msg_${idempotencyKey}`;
}

/** The three Standard Webhooks headers of one attempt, signed now. */
export function standardWebhookHeaders(
  messageId: string,
  body: string,
  secret: string,
  now: Date = new Date(),
): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    "webhook-id": messageId,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": standardWebhookSignature(messageId, timestamp, body, secret),
  };
}
