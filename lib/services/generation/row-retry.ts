import type { ProviderError } from "@/lib/ai/errors";
import { backoffMs } from "./backoff";

const MAX_TRANSIENT_ATTEMPTS = 4;
const MAX_RATE_LIMITED_ATTEMPTS = 25;
/** Failures that make every other row fail too: the run stops and refunds the rest. */
const FATAL = new Set(["invalid_key", "permission", "model_not_found"]);

/** A row waiting in a standard run's queue, with its failures so far. */
export interface QueueEntry {
  itemId: string;
  notBefore: number;
  transientFailures: number;
  rateLimited: number;
}

/**
 * What a failed provider call means for its row: back at the front of the queue (cut by the deadline,
 * which is not the row's fault; rate limited, at once when the key's pacer spaces the calls, else after
 * the answer's retry-after), back at the end after a jittered backoff (a transient failure), or failed
 * (`fatal`: every other row would fail the same way). Updates the entry's counts.
 */
export function afterFailedCall(
  entry: QueueEntry,
  error: ProviderError,
  call: { cut: boolean; paced: boolean; now: number },
): { requeue: "front" | "back" } | { fail: { fatal: boolean } } {
  if (error.kind === "timeout" && call.cut) return { requeue: "front" };
  if (error.kind === "rate_limited" && entry.rateLimited < MAX_RATE_LIMITED_ATTEMPTS) {
    entry.rateLimited++;
    entry.notBefore = call.now + (call.paced ? 0 : (error.retryAfterMs ?? 1000));
    return { requeue: "front" };
  }
  if (error.transient && entry.transientFailures + 1 < MAX_TRANSIENT_ATTEMPTS) {
    entry.transientFailures++;
    entry.notBefore = call.now + backoffMs(entry.transientFailures);
    return { requeue: "back" };
  }
  return { fail: { fatal: FATAL.has(error.kind) } };
}
