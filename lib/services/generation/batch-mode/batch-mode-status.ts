import "server-only";
import { runModeOf } from "../run-mode";
import { providerBatchesOf } from "./provider-batch-store";

/** `provider` of `GET /ai/batch-status/{id}` in batch mode (docs/api.md "Batch mode"). */
export interface ProviderStatusJson {
  /** The provider batches submitted so far: the provider's id and its own status. */
  batches: Array<{ id: string; status: string }>;
  /** Requests submitted to the provider. */
  submitted: number;
  /** Requests whose result or error came back (cancelled and expired ones not counted). */
  returned: number;
}

async function providerStatusOf(batchId: string): Promise<ProviderStatusJson> {
  const rows = await providerBatchesOf(batchId);
  const submitted = rows.filter((r) => r.providerBatchId !== null);
  return {
    batches: submitted.map((r) => ({ id: r.providerBatchId!, status: r.providerStatus ?? "submitted" })),
    submitted: submitted.reduce((sum, r) => sum + r.requestCount, 0),
    returned: submitted.reduce((sum, r) => sum + r.returnedCount, 0),
  };
}

/** Adds the provider block to a batch-mode run's status (one more query, batch mode only). */
export async function withProviderStatus<T extends { batchId: string }>(
  json: T,
  settings: unknown,
): Promise<T & { provider?: ProviderStatusJson }> {
  if (runModeOf(settings) !== "batch") return json;
  return { ...json, provider: await providerStatusOf(json.batchId) };
}
