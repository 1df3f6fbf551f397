import "server-only";
import { decryptSecret } from "@/lib/crypto/secrets";
import { AppError } from "@/lib/errors";
import { formatCount } from "@/lib/csv/limits";
import { createJob } from "@/lib/services/background-jobs/jobs";
import type { ExportJobPayload } from "@/lib/services/background-jobs/types";
import { readWebhookConfig, type WebhookKind } from "./configs";
import { deliverRows } from "./deliver";
import type { JobStartedJson } from "@/lib/responses/admin";
import type { SendResultJson, WebhookTestJson } from "@/lib/responses/integrations";

/** Exports above this many rows run as a background job (answered 202 `{ jobId, msg, total }`). */
const BACKGROUND_EXPORT_ABOVE = 2000;

/** The saved hook of a user (URL and decrypted secret), or null when not configured. */
export async function webhookTarget(userId: string, kind: WebhookKind) {
  const row = await readWebhookConfig(userId, kind);
  if (!row) return null;
  return { userId, kind, url: row.url, secret: row.secretEncrypted ? decryptSecret(row.secretEncrypted) : null };
}

/** `POST /webhooks/send` and `POST /zapier/send`: the rows, in signed chunks of at most 500. */
export const NOT_CONFIGURED: Record<WebhookKind, string> = {
  make: "Make integration not configured",
  zapier: "Zapier integration not configured",
};
export const SENT: Record<WebhookKind, string> = {
  make: "Data sent to Make successfully",
  zapier: "Data sent to Zapier successfully",
};
const LABEL: Record<WebhookKind, string> = { make: "Make", zapier: "Zapier" };

/** An export stopped by a chunk the hook did not take: the reason, and how many rows got through before. */
export function exportFailureText(error: string | null, sentRows: number, total: number): string {
  return `${error ?? "The webhook did not accept the data"}${sentRows ? ` (${sentRows} of ${total} rows were delivered before the failure)` : ""}`;
}

/**
 * Up to 2,000 rows: sent now, answered `{ msg, rows, requests }` (or 502 with the reason). Above
 * that: a background job (lib/services/background-jobs/export-job.ts) sends the same 500-row chunks and the
 * answer is 202 `{ jobId, msg, total }`; `GET /api/jobs/{jobId}` follows it.
 */
export async function sendRows(
  userId: string,
  kind: WebhookKind,
  rows: Record<string, string>[],
): Promise<SendResultJson | JobStartedJson> {
  if (rows.length === 0) throw new AppError("invalid_input", "No data to export");
  const t = await webhookTarget(userId, kind);
  if (!t) throw new AppError("invalid_input", NOT_CONFIGURED[kind]);
  if (rows.length > BACKGROUND_EXPORT_ABOVE) return startExportJob(userId, kind, rows);
  const result = await deliverRows(t, "rows.exported", rows);
  if (!result.ok) {
    throw new AppError("provider_error", exportFailureText(result.error, result.sentRows, rows.length), {
      sentRows: result.sentRows,
    });
  }
  return { msg: SENT[kind], rows: rows.length, requests: result.outcomes.length };
}

async function startExportJob(
  userId: string,
  kind: WebhookKind,
  rows: Record<string, string>[],
): Promise<JobStartedJson> {
  const payload: ExportJobPayload = { target: kind, rows };
  const job = await createJob({ userId, kind: "webhook_export", total: rows.length, payload });
  return { jobId: job.id, msg: `Sending ${formatCount(rows.length)} rows to ${LABEL[kind]}...`, total: rows.length };
}

/** `POST /webhooks/test`: `{event: "test", sentAt, data: []}` to the saved URL. */
export async function testWebhook(userId: string, kind: WebhookKind): Promise<WebhookTestJson> {
  const t = await webhookTarget(userId, kind);
  if (!t) throw new AppError("invalid_input", "Please save the configuration before testing");
  const result = await deliverRows(t, "test", []);
  if (!result.ok) throw new AppError("provider_error", result.error ?? "The webhook did not accept the test");
  return { msg: "Connection test successful!", statusCode: result.outcomes[0]?.statusCode ?? null };
}
