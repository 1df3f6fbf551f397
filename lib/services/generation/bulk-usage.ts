import "server-only";
import type { GenerationOutput } from "@/lib/ai/generation-types";
import { batchUsageTotals, type UsageEntry } from "@/lib/services/usage/record-usage";
import type { BatchSettings } from "./batch-settings";
import { SpendCap } from "./spend-cap";

interface BulkCall {
  userId: string;
  batchId: string;
  csvFileId: string;
  rowId: number;
  settings: BatchSettings;
  connectionName: string;
  latencyMs: number;
}

/** The ledger entry of one bulk row's provider call; undefined when the provider sent no usage report. */
export function bulkUsageEntry(result: GenerationOutput, ok: boolean, call: BulkCall): UsageEntry | undefined {
  if (!result.usage) return undefined;
  return {
    kind: "bulk",
    userId: call.userId,
    connectionId: call.settings.connectionId,
    connectionName: call.connectionName,
    batchId: call.batchId,
    csvFileId: call.csvFileId,
    rowId: call.rowId,
    provider: call.settings.provider,
    model: call.settings.model,
    usage: result.usage,
    latencyMs: call.latencyMs,
    promptTemplate: call.settings.prompt,
    ok,
  };
}

/** The cap of a batch, knowing what earlier runs of it (before a restart or hand-over) have spent. */
export async function spendCapOf(batchId: string, capUsd: number): Promise<SpendCap> {
  const totals = await batchUsageTotals(batchId);
  const spent = totals.usage.costUsd ?? 0;
  return new SpendCap(capUsd, spent, totals.calls > 0 ? spent / totals.calls : 0);
}
