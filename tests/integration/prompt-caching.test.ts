import { and, asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { costOfUsage } from "@/lib/ai/usage";
import { db } from "@/lib/db";
import { generationUsage } from "@/lib/db/schema";
import { updateRowCells } from "@/lib/services/csv/csv-rows";
import { addConnection, withFakeProviderAndDatabase } from "../support/ai";
import { cleanAnswer, qualityApi as api, qualitySetup, runBulk, type QualityCtx } from "../support/quality";

// Prompt caching (issue 16): what is the same for every row (instructions, schema, the approved-row
// examples) comes first; Anthropic gets a cache_control breakpoint after it, OpenAI caches the prefix
// automatically. Cached input tokens are recorded per row, costed at the cached price, and estimated.

const fake = withFakeProviderAndDatabase({ respond: cleanAnswer });
beforeEach(() => fake.reset());

const LONG_BODY = (name: string) =>
  `Hi ${name},\n\n` +
  Array.from(
    { length: 30 },
    (_, i) =>
      `Point ${i + 1}: our planning notes for ${name} cover weekly goals, follow-ups and a calm review of the week.`,
  ).join(" ") +
  "\n\nBest,\nSam";

/** Rows 0–2 generated, given long bodies by hand and approved: the examples block is well over 1,024 tokens. */
async function withLongExamples(c: QualityCtx, connectionId: string, model: string) {
  await runBulk(c.user, c.input({ rowsToProcess: [0, 1, 2], connectionId, model }));
  const { rowIds } = await api.file(c.user, c.csvId);
  for (const i of [0, 1, 2]) {
    await updateRowCells(c.user.id, c.csvId, rowIds[i]!, { "Email Body": LONG_BODY(`Person ${i}`) });
    expect((await api.approve(c.user, c.csvId, rowIds[i]!)).status).toBe(200);
  }
}

async function bulkLedger(userId: string, batchId: string) {
  return db
    .select()
    .from(generationUsage)
    .where(and(eq(generationUsage.userId, userId), eq(generationUsage.batchId, batchId)))
    .orderBy(asc(generationUsage.createdAt));
}

describe.each([
  { provider: "OpenAI" as const, model: "gpt-4o-mini" },
  { provider: "Anthropic" as const, model: "claude-haiku-4-5-20251001" },
])("$provider", ({ provider, model }) => {
  it("rows after the first read the examples prefix from the cache, costed at the cached price; the estimate counts it", async () => {
    const c = await qualitySetup(6, `cache-${provider}`);
    const conn = provider === "OpenAI" ? { json: { _id: c.connectionId } } : await addConnection(c.user, provider);
    const connectionId = conn.json._id as string;
    await withLongExamples(c, connectionId, model);
    const input = c.input({ rowsToProcess: [3, 4, 5], connectionId, model, useApprovedExamples: true });

    const estimate = (await api.estimate(c.user, input)).json;
    expect(estimate.cachedInputTokens).toBeGreaterThan(2 * 1024);
    expect(estimate.cachedInputTokens).toBeLessThan(estimate.inputTokens);
    const plain = (await api.estimate(c.user, { ...input, useApprovedExamples: false })).json;
    expect(plain.cachedInputTokens).toBe(0);

    // One row at a time: the first writes the cache, the next two read it.
    const { batchId } = await runBulk(c.user, input, { fixedConcurrency: 1 });
    const ledger = await bulkLedger(c.user.id, batchId);
    expect(ledger).toHaveLength(3);
    expect(ledger[0]!.cachedInputTokens).toBe(0);
    for (const row of ledger.slice(1)) {
      expect(row.cachedInputTokens).toBeGreaterThanOrEqual(1024);
      expect(row.cachedInputTokens).toBeLessThan(row.inputTokens);
      const usage = {
        inputTokens: row.inputTokens,
        outputTokens: row.outputTokens,
        cachedInputTokens: row.cachedInputTokens,
      };
      expect(row.costUsd).toBeCloseTo(costOfUsage(model, usage)!, 8);
      expect(row.costUsd!).toBeLessThan(costOfUsage(model, { ...usage, cachedInputTokens: 0 })!);
    }
  });
});

it("Anthropic caches nothing without a breakpoint-sized prefix: a run without examples reads no cache", async () => {
  const c = await qualitySetup(3, "cache-none");
  const conn = await addConnection(c.user, "Anthropic");
  const { batchId } = await runBulk(
    c.user,
    c.input({ connectionId: conn.json._id, model: "claude-haiku-4-5-20251001" }),
    { fixedConcurrency: 1 },
  );
  const ledger = await bulkLedger(c.user.id, batchId);
  expect(ledger).toHaveLength(3);
  expect(ledger.every((row) => row.cachedInputTokens === 0)).toBe(true);
});
