import "server-only";
import { Resend } from "resend";
import { env } from "@/lib/env";
import {
  MAIL_BATCH_SIZE,
  MailBatchError,
  type MailBatchOptions,
  type MailBatchResult,
  type MailDriver,
  type MailMessage,
} from "./types";

let client: Resend | undefined;

function resend(): Resend {
  client ??= new Resend(env().resendApiKey);
  return client;
}

/** Forgets the SDK client (tests change RESEND_BASE_URL / RESEND_API_KEY, read when it is made). */
export function resetResendClientForTests(): void {
  client = undefined;
}

/** Resend answers 429 when rate limited and 5xx when it failed; `statusCode` null is a network error. */
const retryable = (statusCode: number | null | undefined) =>
  statusCode == null || statusCode === 429 || statusCode >= 500;

/** Production driver: Resend (RESEND_API_KEY, MAIL_FROM; RESEND_BASE_URL is read by the SDK). */
export const resendDriver: MailDriver = {
  name: "resend",
  async send(message: MailMessage) {
    const { error } = await resend().emails.send({
      from: env().mailFrom,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
    });
    if (error) throw new Error(`Resend refused the message: ${error.message}`);
  },

  /**
   * `POST /emails/batch` with a JSON array of up to 100 e-mails. Permissive validation: an invalid
   * address is listed in the answer's `errors` (by index) while the others are sent.
   */
  async sendBatch(messages: MailMessage[], options: MailBatchOptions = {}): Promise<MailBatchResult> {
    if (messages.length === 0) return { refused: [] };
    if (messages.length > MAIL_BATCH_SIZE) throw new Error(`A batch holds at most ${MAIL_BATCH_SIZE} e-mails`);
    const from = env().mailFrom;
    const { data, error } = await resend().batch.send(
      messages.map((m) => ({ from, to: m.to, subject: m.subject, text: m.text, html: m.html })),
      { batchValidation: "permissive", ...(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}) },
    );
    if (error) {
      throw new MailBatchError(`Resend refused the batch: ${error.message}`, retryable(error.statusCode));
    }
    const refused = (data?.errors ?? [])
      .filter((e) => messages[e.index] !== undefined)
      .map((e) => ({ to: messages[e.index]!.to, reason: e.message }));
    return { refused };
  },
};
