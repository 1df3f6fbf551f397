import { layoutHtml } from "./templates";
import type { MailMessage } from "./types";

export interface FinishedRun {
  status: "completed" | "failed" | "cancelled";
  done: number;
  failed: number;
  total: number;
  fileName: string | null;
  error: string | null;
  costUsd: number | null;
}

const n = (value: number) => value.toLocaleString("en-US");

/** Sent when a batch-mode run (provider Batch API) has finished: completed, failed or cancelled. */
export function batchFinishedEmail(
  user: { name?: string | null; email: string },
  run: FinishedRun,
  url: string,
): MailMessage {
  const written = run.done;
  const subject =
    run.status === "cancelled"
      ? `Your batch run was cancelled: ${n(written)} of ${n(run.total)} rows`
      : run.status === "failed"
        ? `Your batch run failed: ${n(written)} of ${n(run.total)} rows`
        : `Your batch run finished: ${n(written)} of ${n(run.total)} rows`;
  const lines = [
    user.name ? `Hi ${user.name},` : "Hi,",
    `Your batch-mode run${run.fileName ? ` on ${run.fileName}` : ""} is ${run.status}: ${n(written)} of ${n(run.total)} rows written${run.failed ? `, ${n(run.failed)} failed (Retry them from the table; their credits were refunded)` : ""}.`,
    ...(run.error ? [run.error] : []),
    ...(run.costUsd !== null ? [`Provider cost at the batch price: $${run.costUsd.toFixed(4)}.`] : []),
  ];
  return {
    to: user.email,
    subject,
    text: `${lines.join("\n\n")}\n\nOpen the results: ${url}\n`,
    html: layoutHtml(subject, lines, { label: "Open the results", url }),
  };
}
