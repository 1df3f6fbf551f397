export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A way of delivering e-mail; chosen by configuration (lib/env.ts). */
export interface MailDriver {
  readonly name: "resend" | "outbox";
  send(message: MailMessage): Promise<void>;
}
