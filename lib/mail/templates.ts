import type { MailMessage } from "./types";

const PRODUCT = "ColdMail AI";

interface Recipient {
  name?: string | null;
  email: string;
}

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}

/** A plain, widely-rendered HTML layout: one heading, paragraphs, an optional button. */
export function layoutHtml(heading: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`).join("");
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#4f46e5;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#64748b">Or open this link: <a href="${escapeHtml(action.url)}">${escapeHtml(action.url)}</a></p>`
    : "";
  return `<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#0f172a;background:#f8fafc;padding:24px"><div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:32px"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>${body}${button}<p style="margin:24px 0 0;font-size:12px;color:#94a3b8">${PRODUCT}</p></div></body></html>`;
}

function greeting(user: Recipient): string {
  return user.name ? `Hi ${user.name},` : "Hi,";
}

export function verificationEmail(user: Recipient, url: string): MailMessage {
  const lines = [
    greeting(user),
    `Please confirm your e-mail address to finish creating your ${PRODUCT} account.`,
    "This link expires in 24 hours. If you did not sign up, you can ignore this message.",
  ];
  return {
    to: user.email,
    subject: `Verify your e-mail address for ${PRODUCT}`,
    text: `${lines[0]}\n\n${lines[1]}\n\nVerify your e-mail: ${url}\n\n${lines[2]}\n`,
    html: layoutHtml("Verify your e-mail address", lines, { label: "Verify e-mail", url }),
  };
}

export function resetPasswordEmail(user: Recipient, url: string): MailMessage {
  const lines = [
    greeting(user),
    `We received a request to reset the password of your ${PRODUCT} account.`,
    "This link can be used once and expires in 1 hour. If you did not ask for it, you can ignore this message; your password stays the same.",
  ];
  return {
    to: user.email,
    subject: `Reset your ${PRODUCT} password`,
    text: `${lines[0]}\n\n${lines[1]}\n\nReset your password: ${url}\n\n${lines[2]}\n`,
    html: layoutHtml("Reset your password", lines, { label: "Reset password", url }),
  };
}

/** Sent instead of an error when someone registers with an address that already has an account. */
export function existingAccountEmail(user: Recipient, appUrl: string): MailMessage {
  const lines = [
    greeting(user),
    `Someone tried to create a ${PRODUCT} account with this e-mail address, which already has one.`,
    "If it was you, sign in or reset your password. If not, you can ignore this message.",
  ];
  const url = `${appUrl}/login`;
  return {
    to: user.email,
    subject: `You already have a ${PRODUCT} account`,
    text: `${lines[0]}\n\n${lines[1]}\n\nSign in: ${url}\nForgot your password? ${appUrl}/forgot-password\n\n${lines[2]}\n`,
    html: layoutHtml("You already have an account", lines, { label: "Sign in", url }),
  };
}

/** Sent when support answers a ticket or changes its status. */
export function ticketUpdateEmail(
  user: Recipient,
  ticket: { subject: string; status: string; shortId: string },
  url: string,
  response: string | null,
): MailMessage {
  const lines = [
    greeting(user),
    response
      ? `Our support team replied to your ticket #${ticket.shortId} "${ticket.subject}":`
      : `Your ticket #${ticket.shortId} "${ticket.subject}" was updated.`,
    ...(response ? [response] : []),
    `Status: ${ticket.status}.`,
  ];
  return {
    to: user.email,
    subject: `Update on your support ticket #${ticket.shortId}: ${ticket.subject}`,
    text: `${lines.join("\n\n")}\n\nView the ticket: ${url}\n`,
    html: layoutHtml("Your support ticket was updated", lines, { label: "View ticket", url }),
  };
}
