import "server-only";
import { Resend } from "resend";
import { env } from "@/lib/env";
import type { MailDriver, MailMessage } from "./types";

let client: Resend | undefined;

/** Production driver: Resend (RESEND_API_KEY, MAIL_FROM; RESEND_BASE_URL is read by the SDK). */
export const resendDriver: MailDriver = {
  name: "resend",
  async send(message: MailMessage) {
    const config = env();
    client ??= new Resend(config.resendApiKey);
    const { error } = await client.emails.send({
      from: config.mailFrom,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
    });
    if (error) throw new Error(`Resend refused the message: ${error.message}`);
  },
};
