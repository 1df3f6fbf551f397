/**
 * Token-bound keys: a bulk run reaches at least 0.9 of what the key's token limit allows, on every path
 * (OpenAI web research through the Responses API, OpenAI content creation through Chat Completions,
 * Anthropic with its separate output-token bucket). The fake counts tokens as each provider documents it
 * (tests/fakes/ai-provider-limits.ts); the share is measured on the fake's own clock: when the run's calls
 * arrived, against when an ideal client would have started them from the same full bucket.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_JSON_SCHEMA } from "@/lib/ai/defaults";
import { db } from "@/lib/db";
import { users } from "@/lib/db/schema";
import { importCsv } from "@/lib/services/csv/csv-import";
import { runBatch } from "@/lib/services/generation/run-batch";
import { startBatch } from "@/lib/services/generation/start-batch";
import type { FakeProviderHandle, RequestInfo } from "../fakes/ai-provider";
import { addConnection, newUser, startFakeProviderForApp, userRow, validKey, type TestUser } from "../support/ai";
import { closeDatabase, setupTestDatabase } from "../support/db";

/**
 * Rows a minute the binding bucket allows; the run outlasts the bucket's burst by 18 s (the pacer keeps 1 % of a
 * bucket, 0.6 s, unused).
 */
const ROWS_PER_MINUTE = 60;
const ROWS = 78;

let fake: FakeProviderHandle;
/** max_tokens / max_output_tokens of each generation request, in arrival order (the output bucket's costs). */
let caps: number[] = [];
beforeAll(async () => {
  await setupTestDatabase();
  fake = await startFakeProviderForApp({
    onRequest: (info: RequestInfo) => {
      const cap = info.body?.max_tokens ?? info.body?.max_output_tokens ?? info.body?.max_completion_tokens;
      if (typeof cap === "number") caps.push(cap);
    },
  });
});
afterAll(async () => {
  await fake?.close();
  await closeDatabase();
});
beforeEach(() => {
  fake.reset();
  caps = [];
});

type Case = { provider: "OpenAI" | "Anthropic"; model: string; useCase: "web_research" | "content_creation" };

/** One run of `rows` rows on a fresh key of its own; the calls the fake answered. */
async function run(user: TestUser, c: Case, rows: number, tag: string) {
  const key = `${validKey(c.provider)}-${tag}-${Date.now()}`;
  const conn = await addConnection(user, c.provider, key);
  // Names of one length: every row costs the same tokens.
  const data = Array.from({ length: rows }, (_, i) => ({ Name: `P${String(i).padStart(4, "0")}`, Company: "Acme" }));
  const file = (await importCsv(user.id, { fileName: `${tag}.csv`, rows: data })) as { _id: string };
  const started = await startBatch(await userRow(user.id), {
    prompt: "Write to {{Name}} at {{Company}}",
    jsonSchema: DEFAULT_JSON_SCHEMA,
    model: c.model,
    useCase: c.useCase,
    connectionId: conn.json._id,
    csvId: file._id,
    rowsToProcess: rows,
  });
  expect(await runBatch(started.batchId, { workerId: `token-pacing-${tag}` })).toBe("done");
  return fake.stats.calls.filter((call) => call.apiKey === key && call.status === 200);
}

/** When an ideal client could start the last of these calls: from a full bucket of `limit` a minute. */
function idealLastStartMs(costs: number[], limit: number): number {
  let level = limit;
  let t = 0;
  for (const cost of costs) {
    if (level < cost) {
      t += ((cost - level) * 60_000) / limit;
      level = cost;
    }
    level -= cost;
  }
  return t;
}

describe("token-bound keys are paced at their limit", () => {
  const cases: Case[] = [
    { provider: "OpenAI", model: "gpt-4o-mini", useCase: "web_research" },
    { provider: "OpenAI", model: "gpt-4o-mini", useCase: "content_creation" },
    { provider: "Anthropic", model: "claude-haiku-4-5-20251001", useCase: "content_creation" },
    // Two calls a row (the search turn, then the follow-up that writes the email), both paced: on a fresh key the
    // follow-up of the first row must not wait for the probe (its own row) to end.
    { provider: "Anthropic", model: "claude-haiku-4-5-20251001", useCase: "web_research" },
  ];
  for (const c of cases) {
    it(`${c.provider}, ${c.useCase}: at least 0.9 of what the key's tokens allow, under 1 % of calls answered 429`, async () => {
      const user = await newUser("tokens");
      await db.update(users).set({ subscription: "lifetime" }).where(eq(users.id, user.id));
      // What a call costs, on a key without a binding limit: OpenAI's one token bucket, Anthropic's output bucket.
      fake.setOptions({ tokenLimitPerMinute: 1e9, outputTokenLimitPerMinute: 1e9 });
      const callsPerRow = c.provider === "Anthropic" && c.useCase === "web_research" ? 2 : 1;
      const [trial] = await run(user, c, 1, "trial");
      const perRow = c.provider === "OpenAI" ? trial!.tokens : caps.slice(0, callsPerRow).reduce((a, b) => a + b, 0);
      expect(perRow).toBeGreaterThan(0);
      fake.reset();
      caps = [];
      const limit = Math.round(perRow * ROWS_PER_MINUTE);
      fake.setOptions(
        c.provider === "OpenAI"
          ? { rateLimitPerMinute: 10_000, rateLimitAlgorithm: "token-bucket", tokenLimitPerMinute: limit }
          : {
              rateLimitPerMinute: 10_000,
              rateLimitAlgorithm: "token-bucket",
              inputTokenLimitPerMinute: 1_000_000,
              outputTokenLimitPerMinute: limit,
            },
      );
      const calls = await run(user, c, ROWS, "bound");
      expect(calls).toHaveLength(ROWS * callsPerRow);
      const costs = c.provider === "OpenAI" ? calls.map((call) => call.tokens) : caps.slice(-ROWS * callsPerRow);
      const ideal = idealLastStartMs(costs, limit);
      const arrivals = calls.map((call) => call.at);
      const actual = Math.max(...arrivals) - Math.min(...arrivals);
      const share = ideal / actual;
      process.stdout.write(
        `[token-pacing] ${c.provider} ${c.useCase}: ${perRow} tokens a row, limit ${limit}/min; last call at ` +
          `${(actual / 1000).toFixed(1)} s, ideal ${(ideal / 1000).toFixed(1)} s: ${share.toFixed(3)} of the key; ` +
          `${fake.stats.rateLimited} × 429\n`,
      );
      expect(ideal).toBeGreaterThan(3_000); // the run outlasts the bucket's burst: the limit binds
      expect(share).toBeGreaterThanOrEqual(0.9);
      expect(fake.stats.rateLimited).toBeLessThan(0.01 * ROWS);
    }, 90_000);
  }
});
