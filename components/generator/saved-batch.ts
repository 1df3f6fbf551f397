import { isTerminalStatus } from "@/lib/client/queries/generation";
import type { BatchProgress } from "./progress-panel";
import type { BatchStatusJson } from "@/lib/responses/generation";

/** The running batch, kept in session storage so that a reload picks it up again. */
export interface SavedBatch {
  batchId: string;
  csvId: string;
  total: number;
  /** The provider the run was sent to ("OpenAI"), named in batch mode's progress. */
  provider?: string;
}

/** The saved batch in session storage's text, or null when there is none (or it is not one). */
export function readSavedBatch(text: string | null | undefined): SavedBatch | null {
  if (!text) return null;
  try {
    const saved = JSON.parse(text) as Partial<SavedBatch>;
    if (typeof saved.batchId !== "string" || typeof saved.csvId !== "string") return null;
    return { batchId: saved.batchId, csvId: saved.csvId, total: saved.total ?? 0, provider: saved.provider };
  } catch {
    return null;
  }
}

/**
 * The progress panel's view of the running batch from its last polled status (queued until the
 * first poll answers); null once it has ended.
 */
export function batchProgressOf(saved: SavedBatch, status: BatchStatusJson | undefined): BatchProgress | null {
  if (status && isTerminalStatus(status.status)) return null;
  return {
    id: saved.batchId,
    status: status?.status ?? "queued",
    processed: status?.progress.processed ?? 0,
    total: status?.progress.total ?? saved.total,
    costUsd: status?.usage.costUsd ?? null,
    etaSeconds: status?.etaSeconds ?? null,
    provider:
      status?.mode === "batch"
        ? {
            name: saved.provider ?? "the provider",
            submitted: status.provider?.submitted ?? 0,
            returned: status.provider?.returned ?? 0,
          }
        : null,
  };
}
