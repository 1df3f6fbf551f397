export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The most messages one `sendBatch` call takes (Resend's batch API limit). */
export const MAIL_BATCH_SIZE = 100;

/** What a batch call could not deliver: the addresses the provider refused, with its reason. */
export interface MailBatchResult {
  refused: { to: string; reason: string }[];
}

export interface MailBatchOptions {
  /**
   * The same key for a repeated call makes the provider accept the batch once (Resend keeps keys
   * for 24 hours): a job that repeats a chunk after a crash does not send it twice.
   */
  idempotencyKey?: string;
}

/** The batch call failed as a whole; `retryable` when repeating it later may succeed (429, 5xx, network). */
export class MailBatchError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = "MailBatchError";
  }
}

/** A way of delivering e-mail; chosen by configuration (lib/env.ts). */
export interface MailDriver {
  readonly name: "resend" | "outbox";
  send(message: MailMessage): Promise<void>;
  /**
   * Up to MAIL_BATCH_SIZE messages in one call. Addresses the provider refuses are returned, the
   * others are sent; throws MailBatchError when the call itself failed (then none was sent).
   */
  sendBatch(messages: MailMessage[], options?: MailBatchOptions): Promise<MailBatchResult>;
}
