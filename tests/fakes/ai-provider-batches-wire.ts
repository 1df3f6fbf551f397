/** Wire formats of the fake Batch APIs (ai-provider-batches.ts): batch objects, result lines, multipart uploads. */
import { id, type FakeProvider, type Json } from "./ai-provider-wire";

export type Outcome =
  | { kind: "ok"; status: number; body: unknown }
  | { kind: "error"; status: number; body: unknown }
  | { kind: "expired" }
  | { kind: "canceled" };

export interface FakeBatch {
  provider: FakeProvider;
  id: string;
  apiKey: string;
  createdAt: number;
  requests: Array<{ customId: string; body: Json }>;
  outcomes: Outcome[];
  metadata: Json | null;
  inputFileId: string | null;
  cancelledAt: number | null;
  endedAt: number | null;
  status: "in_progress" | "cancelling" | "ended";
  endReason: "completed" | "expired" | "cancelled" | null;
  outputFileId: string | null;
  errorFileId: string | null;
}

export const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
export const secs = (ms: number | null) => (ms === null ? null : Math.floor(ms / 1000));
export const count = (b: FakeBatch, kind: Outcome["kind"]) => b.outcomes.filter((o) => o.kind === kind).length;

export function openAiResultLines(b: FakeBatch): { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  b.requests.forEach((r, i) => {
    const o = b.outcomes[i]!;
    if (o.kind === "expired" || o.kind === "canceled") {
      err.push(
        JSON.stringify({
          id: id("batch_req_"),
          custom_id: r.customId,
          response: null,
          error:
            o.kind === "expired"
              ? {
                  code: "batch_expired",
                  message: "This request could not be executed before the completion window expired.",
                }
              : {
                  code: "batch_cancelled",
                  message: "This request was not executed because the batch was cancelled.",
                },
        }),
      );
      return;
    }
    const line = JSON.stringify({
      id: id("batch_req_"),
      custom_id: r.customId,
      response: { status_code: o.status, request_id: id("req_"), body: o.body },
      error: null,
    });
    (o.kind === "ok" ? out : err).push(line);
  });
  return { out, err };
}

export function openAiBatchJson(b: FakeBatch, t: number): Json {
  const status =
    b.status === "ended"
      ? b.endReason!
      : b.status === "cancelling"
        ? "cancelling"
        : t - b.createdAt < 20
          ? "validating"
          : b.outcomes.length >= b.requests.length
            ? "finalizing"
            : "in_progress";
  return {
    id: b.id,
    object: "batch",
    endpoint: "/v1/chat/completions",
    errors: null,
    input_file_id: b.inputFileId,
    completion_window: "24h",
    status,
    output_file_id: b.outputFileId,
    error_file_id: b.errorFileId,
    created_at: secs(b.createdAt),
    in_progress_at: secs(b.createdAt),
    expires_at: secs(b.createdAt + 24 * 3600_000),
    finalizing_at: b.endedAt && b.endReason === "completed" ? secs(b.endedAt) : null,
    completed_at: b.endReason === "completed" ? secs(b.endedAt) : null,
    failed_at: null,
    expired_at: b.endReason === "expired" ? secs(b.endedAt) : null,
    cancelling_at: secs(b.cancelledAt),
    cancelled_at: b.endReason === "cancelled" ? secs(b.endedAt) : null,
    request_counts: { total: b.requests.length, completed: count(b, "ok"), failed: count(b, "error") },
    metadata: b.metadata,
  };
}

export function anthropicBatchJson(b: FakeBatch, baseUrl: string): Json {
  const ended = b.status === "ended";
  return {
    id: b.id,
    type: "message_batch",
    processing_status: ended ? "ended" : b.status === "cancelling" ? "canceling" : "in_progress",
    request_counts: {
      processing: b.requests.length - b.outcomes.length,
      succeeded: count(b, "ok"),
      errored: count(b, "error"),
      canceled: count(b, "canceled"),
      expired: count(b, "expired"),
    },
    ended_at: iso(b.endedAt),
    created_at: iso(b.createdAt),
    expires_at: iso(b.createdAt + 24 * 3600_000),
    archived_at: null,
    cancel_initiated_at: iso(b.cancelledAt),
    results_url: ended ? `${baseUrl}/v1/messages/batches/${b.id}/results` : null,
  };
}

export function anthropicResults(b: FakeBatch): string {
  return (
    b.requests
      .map((r, i) => {
        const o = b.outcomes[i]!;
        const result =
          o.kind === "ok"
            ? { type: "succeeded", message: o.body }
            : o.kind === "error"
              ? { type: "errored", error: o.body }
              : { type: o.kind };
        return JSON.stringify({ custom_id: r.customId, result });
      })
      .join("\n") + "\n"
  );
}

/** The parts of a multipart/form-data body: name → text. */
export function multipart(raw: Buffer, contentType: string): Map<string, { filename?: string; text: string }> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const parts = new Map<string, { filename?: string; text: string }>();
  if (!boundary) return parts;
  const text = raw.toString("utf8");
  for (const part of text.split(`--${boundary[1] ?? boundary[2]}`)) {
    const split = part.indexOf("\r\n\r\n");
    if (split < 0) continue;
    const head = part.slice(0, split);
    const name = /name="([^"]+)"/.exec(head)?.[1];
    if (!name) continue;
    const filename = /filename="([^"]*)"/.exec(head)?.[1];
    parts.set(name, { filename, text: part.slice(split + 4).replace(/\r\n$/, "") });
  }
  return parts;
}
