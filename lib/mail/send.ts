import "server-only";
import { env } from "@/lib/env";
import { outboxDriver } from "./outbox-driver";
import { resendDriver } from "./resend-driver";
import type { MailBatchOptions, MailBatchResult, MailDriver, MailMessage } from "./types";

function mailDriver(): MailDriver {
  return env().mailDriver === "resend" ? resendDriver : outboxDriver;
}

export function isOutboxActive(): boolean {
  return env().mailDriver === "outbox";
}

export async function sendMail(message: MailMessage): Promise<void> {
  await mailDriver().send(message);
}

/** Up to MAIL_BATCH_SIZE messages in one provider call (see MailDriver.sendBatch). */
export async function sendMailBatch(messages: MailMessage[], options?: MailBatchOptions): Promise<MailBatchResult> {
  return mailDriver().sendBatch(messages, options);
}
