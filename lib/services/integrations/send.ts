import "server-only";
import { decryptSecret } from "@/lib/crypto/secrets";
import { AppError } from "@/lib/http/errors";
import { readWebhookConfig, type WebhookKind } from "./configs";
import { deliverRows } from "./deliver";

async function target(userId: string, kind: WebhookKind) {
  const row = await readWebhookConfig(userId, kind);
  if (!row) return null;
  return { userId, kind, url: row.url, secret: row.secretEncrypted ? decryptSecret(row.secretEncrypted) : null };
}

/** `POST /webhooks/send` and `POST /zapier/send`: the rows, in signed chunks of at most 500. */
const NOT_CONFIGURED: Record<WebhookKind, string> = { make: "Make integration not configured", zapier: "Zapier integration not configured" };
const SENT: Record<WebhookKind, string> = { make: "Data sent to Make successfully", zapier: "Data sent to Zapier successfully" };

export async function sendRows(userId: string, kind: WebhookKind, rows: Record<string, string>[]) {
  if (rows.length === 0) throw new AppError(400, "No data to export");
  const t = await target(userId, kind);
  if (!t) throw new AppError(400, NOT_CONFIGURED[kind]);
  const result = await deliverRows(t, "rows.exported", rows);
  if (!result.ok) {
    throw new AppError(502, `${result.error}${result.sentRows ? ` (${result.sentRows} of ${rows.length} rows were delivered before the failure)` : ""}`, { sentRows: result.sentRows });
  }
  return { msg: SENT[kind], rows: rows.length, requests: result.outcomes.length };
}

/** `POST /webhooks/test`: `{event: "test", sentAt, data: []}` to the saved URL. */
export async function testWebhook(userId: string, kind: WebhookKind) {
  const t = await target(userId, kind);
  if (!t) throw new AppError(400, "Please save the configuration before testing");
  const result = await deliverRows(t, "test", []);
  if (!result.ok) throw new AppError(502, result.error ?? "The webhook did not accept the test");
  return { msg: "Connection test successful!", statusCode: result.outcomes[0]?.statusCode ?? null };
}
