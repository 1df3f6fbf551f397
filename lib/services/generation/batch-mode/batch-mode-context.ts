import "server-only";
import type { JsonSchema } from "@/lib/ai/structured-output";
import type { BatchRef } from "../batch-items";
import type { BatchSettings } from "../batch-settings";

/** What the submission and collection steps of one batch-mode run need. */
export interface BatchModeContext {
  batchId: string;
  userId: string;
  ref: BatchRef;
  settings: BatchSettings;
  apiKey: string;
  connectionName: string;
  schema: JsonSchema;
  outputFields: string[];
  maxOutputTokens: number;
  /** Per provider batch: BATCH_MAX_REQUESTS (or the provider's limit) and the provider's size limit. */
  limits: { maxRequests: number; maxBytes: number };
  /** The openings of the file's generated rows (duplicate_opening flags). */
  openings: Map<string, number>;
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
