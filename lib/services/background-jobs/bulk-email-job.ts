import "server-only";
import { z } from "zod";
import type { BackgroundJobRow } from "@/lib/db/schema";
import { sendMailBatch } from "@/lib/mail/send";
import { layoutHtml } from "@/lib/mail/templates";
import { MAIL_BATCH_SIZE, MailBatchError, type MailMessage } from "@/lib/mail/types";
import { finishJob, recordChunk } from "./jobs";
import type { JobRunnerContext, RunJobResult } from "./types";

export const BULK_EMAIL_SENT = "Your email has been sent successfully.";
const BULK_EMAIL_FAILED = "Failed to send emails. Please try again.";

/** What a bulk e-mail job sends: the recipients are fixed when the admin sends. */
const bulkEmailPayloadSchema = z.object({
  subject: z.string(),
  message: z.string(),
  recipients: z.array(z.object({ name: z.string().nullable(), email: z.string() })),
});
export type BulkEmailPayload = z.infer<typeof bulkEmailPayloadSchema>;

/** One e-mail: a greeting by name, the message's paragraphs (split at blank lines). */
function bulkEmailMessage(
  payload: Pick<BulkEmailPayload, "subject" | "message">,
  to: { name: string | null; email: string },
): MailMessage {
  const paragraphs = [`Hi ${to.name || "there"},`, ...payload.message.split(/\n{2,}/)];
  return {
    to: to.email,
    subject: payload.subject,
    text: `${paragraphs.join("\n\n")}\n`,
    html: layoutHtml(payload.subject, paragraphs),
  };
}

/** Attempts of one batch call when the provider is rate limited or down (same idempotency key each time). */
export const MAIL_CHUNK = { maxAttempts: 3, backoffMs: 1000 };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One provider call for up to 100 messages; the addresses it could not deliver, with the reason. */
async function sendChunk(messages: MailMessage[], idempotencyKey: string): Promise<{ to: string; reason: string }[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return (await sendMailBatch(messages, { idempotencyKey })).refused;
    } catch (error) {
      const retry = error instanceof MailBatchError ? error.retryable : true;
      if (!retry || attempt >= MAIL_CHUNK.maxAttempts) {
        const reason = error instanceof Error ? error.message : String(error);
        return messages.map((m) => ({ to: m.to, reason }));
      }
      await sleep(MAIL_CHUNK.backoffMs * 2 ** (attempt - 1) * (0.5 + Math.random()));
    }
  }
}

/** Sends the recipients in batches of 100 from the recorded cursor; refused addresses are listed. */
export async function runBulkEmailJob(job: BackgroundJobRow, ctx: JobRunnerContext): Promise<RunJobResult> {
  const parsed = bulkEmailPayloadSchema.safeParse(job.payload);
  if (!parsed.success) {
    await finishJob(job.id, ctx.owner, {
      status: "failed",
      msg: BULK_EMAIL_FAILED,
      error: "The job's data could not be read",
    });
    return "done";
  }
  const payload = parsed.data;
  const total = payload.recipients.length;
  let cursor = job.cursor;
  let done = job.done;
  let firstReason: string | null = null;
  while (cursor < total) {
    if (ctx.signal?.aborted) return "stopped";
    const chunk = payload.recipients.slice(cursor, cursor + MAIL_BATCH_SIZE);
    const refused = await sendChunk(
      chunk.map((r) => bulkEmailMessage(payload, r)),
      `bulk-email/${job.id}/${cursor}`,
    );
    for (const r of refused) console.error(`[jobs] bulk e-mail to ${r.to} failed: ${r.reason}`);
    firstReason ??= refused[0]?.reason ?? null;
    const delivered = chunk.length - refused.length;
    if (
      !(await recordChunk(job.id, ctx.owner, {
        from: cursor,
        units: chunk.length,
        done: delivered,
        failures: refused.map((r) => r.to),
      }))
    )
      return "busy";
    cursor += chunk.length;
    done += delivered;
  }
  const failed = total - done;
  if (failed === 0) await finishJob(job.id, ctx.owner, { status: "completed", msg: BULK_EMAIL_SENT });
  else if (done === 0)
    await finishJob(job.id, ctx.owner, {
      status: "failed",
      msg: BULK_EMAIL_FAILED,
      error: firstReason ?? "No e-mail could be sent",
    });
  else await finishJob(job.id, ctx.owner, { status: "completed", msg: `Sent ${done} of ${total} emails.` });
  return "done";
}
