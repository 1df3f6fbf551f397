import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { db, type DbOrTx } from "@/lib/db";
import { generationUsage, USAGE_KINDS } from "@/lib/db/schema";
import type { Provider } from "@/lib/ai/providers";
import { promptTemplateHash } from "@/lib/ai/prompt-hash";
import { costOfUsage, type TokenUsage, type UsageJson } from "@/lib/ai/usage";
import type { RowUsageJson } from "@/lib/responses/csv";

/** One provider call that the provider billed. */
export interface UsageEntry {
  kind: (typeof USAGE_KINDS)[number];
  userId: string;
  connectionId: string | null;
  connectionName: string | null;
  batchId?: string | null;
  csvFileId?: string | null;
  rowId?: number | null;
  provider: Provider;
  model: string;
  usage: TokenUsage;
  latencyMs: number;
  /** The prompt TEMPLATE (before {{variables}} were filled): its hash groups the runs of one template. */
  promptTemplate: string;
  /** False: the provider billed an answer that could not be used (not JSON, result not saved). */
  ok: boolean;
}

/**
 * Writes one ledger row (in the caller's transaction when given, so that it commits with the
 * row's result) and answers the call's `usage` with its cost (null when the price is unknown).
 */
export async function recordUsage(entry: UsageEntry, tx: DbOrTx = db): Promise<UsageJson> {
  const batch = entry.kind === "batch_api";
  const costUsd = costOfUsage(entry.model, entry.usage, { batch });
  await tx.insert(generationUsage).values({
    userId: entry.userId,
    connectionId: entry.connectionId,
    connectionName: entry.connectionName,
    batchId: entry.batchId ?? null,
    csvFileId: entry.csvFileId ?? null,
    rowId: entry.rowId ?? null,
    kind: entry.kind,
    provider: entry.provider,
    model: entry.model,
    inputTokens: entry.usage.inputTokens,
    outputTokens: entry.usage.outputTokens,
    cachedInputTokens: entry.usage.cachedInputTokens,
    costUsd,
    latencyMs: Math.max(0, Math.round(entry.latencyMs)),
    promptHash: promptTemplateHash(entry.promptTemplate),
    ok: entry.ok,
  });
  return { ...entry.usage, costUsd };
}

/** Summed usage of a batch so far (`costUsd` null when no call of it had a known price). */
export interface BatchUsageTotals {
  usage: UsageJson;
  /** Billed calls recorded. */
  calls: number;
  /** Epoch ms when the first recorded call was sent (its record time less its latency); null before any. */
  firstStartedAt: number | null;
}

/** The totals of one batch's ledger rows as ONE json value, up to the batch id it compares with. */
const TOTALS_SELECT = `select json_build_object(
    'input', sum(input_tokens), 'output', sum(output_tokens), 'cached', sum(cached_input_tokens),
    'cost', sum(cost_usd), 'calls', count(*),
    'first', min(created_at - make_interval(secs => coalesce(latency_ms, 0) / 1000.0)))
  from generation_usage where batch_id =`;

/** The totals as a sub-select around `batchIdSql`, an SQL expression of the batch id (`$1`...). */
export const batchUsageTotalsText = (batchIdSql: string) => `(${TOTALS_SELECT} ${batchIdSql})`;

/** The same sub-select for a Drizzle query. */
const batchUsageTotalsSql = (batchId: string) => sql<BatchUsageTotalsRow>`(${sql.raw(TOTALS_SELECT)} ${batchId}::uuid)`;

export type BatchUsageTotalsRow = {
  input: number | string | null;
  output: number | string | null;
  cached: number | string | null;
  cost: number | string | null;
  calls: number | string;
  first: string | Date | null;
};

export function toBatchUsageTotals(raw: BatchUsageTotalsRow | string | null | undefined): BatchUsageTotals {
  const row = (typeof raw === "string" ? JSON.parse(raw) : raw) as BatchUsageTotalsRow | null | undefined;
  const n = (v: unknown) => Number(v ?? 0);
  return {
    usage: {
      inputTokens: n(row?.input),
      outputTokens: n(row?.output),
      cachedInputTokens: n(row?.cached),
      costUsd: row?.cost === null || row?.cost === undefined ? null : Math.round(n(row.cost) * 1e8) / 1e8,
    },
    calls: n(row?.calls),
    firstStartedAt: row?.first ? new Date(row.first).getTime() : null,
  };
}

export async function batchUsageTotals(batchId: string, tx: DbOrTx = db): Promise<BatchUsageTotals> {
  const [row] = (
    await tx.execute<{ totals: BatchUsageTotalsRow }>(sql`select ${batchUsageTotalsSql(batchId)} as totals`)
  ).rows;
  return toBatchUsageTotals(row?.totals);
}

export async function latestRowUsage(userId: string, rowId: number): Promise<RowUsageJson> {
  const [row] = await db
    .select()
    .from(generationUsage)
    .where(and(eq(generationUsage.userId, userId), eq(generationUsage.rowId, rowId)))
    .orderBy(desc(generationUsage.createdAt))
    .limit(1);
  if (!row) return { usage: null };
  return {
    usage: {
      inputTokens: row.inputTokens,
      outputTokens: row.outputTokens,
      cachedInputTokens: row.cachedInputTokens,
      costUsd: row.costUsd,
    },
    model: row.model,
    latencyMs: row.latencyMs,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The usage of one direct provider call (a single generation, a preview row), when the provider reported
 * any: recorded in the ledger, with its cost. A failed ledger write is logged and never costs the caller
 * the answer it paid for (the usage is still answered).
 */
export async function recordCallUsage(
  call: Pick<UsageEntry, "kind" | "userId" | "csvFileId" | "rowId">,
  settings: { provider: Provider; model: string; connectionId: string; connectionName: string; prompt: string },
  result: { usage: TokenUsage | null; output: unknown },
  startedAt: number,
): Promise<UsageJson | null> {
  const usage = result.usage;
  if (!usage) return null;
  return recordUsage({
    ...call,
    connectionId: settings.connectionId,
    connectionName: settings.connectionName,
    provider: settings.provider,
    model: settings.model,
    usage,
    latencyMs: Date.now() - startedAt,
    promptTemplate: settings.prompt,
    ok: result.output !== null,
  }).catch((error: unknown) => {
    console.error(`[${call.kind}] could not record the usage of a call`, error);
    return { ...usage, costUsd: costOfUsage(settings.model, usage) };
  });
}
