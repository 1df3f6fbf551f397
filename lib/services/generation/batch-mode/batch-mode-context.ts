import "server-only";
import type { PreparedRun } from "../prepare-run";

/** What the submission and collection steps of one provider-batch run need: the prepared run and more. */
export interface BatchModeContext extends PreparedRun {
  maxOutputTokens: number;
  /** Per provider batch: BATCH_MAX_REQUESTS (or the provider's limit) and the provider's size limit. */
  limits: { maxRequests: number; maxBytes: number };
  /** Seconds from submission to the first poll. */
  firstPollSeconds: number;
  /** Runs a long provider call while the batch's lease is renewed. */
  keepLease<T>(fn: () => Promise<T>): Promise<T>;
}

/** The providers' limits per batch (docs/api.md "Batch mode"). */
export const PROVIDER_LIMITS = {
  OpenAI: { maxRequests: 50_000, maxBytes: 200 * 1024 * 1024 },
  Anthropic: { maxRequests: 100_000, maxBytes: 256 * 1024 * 1024 },
} as const;
