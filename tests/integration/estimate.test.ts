import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { POST as bulkPOST } from "@/app/api/ai/bulk-batched/route";
import { POST as estimatePOST } from "@/app/api/ai/estimate/route";
import { DEFAULT_JSON_SCHEMA } from "@/lib/ai/defaults";
import { findModel } from "@/lib/ai/models";
import { promptTemplateHash } from "@/lib/ai/prompt-hash";
import { costOfUsage } from "@/lib/ai/usage";
import { db } from "@/lib/db";
import { batchItems, batches, generationUsage, users } from "@/lib/db/schema";
import { getCredits } from "@/lib/services/credits/credits";
import { importCsv } from "@/lib/services/csv/csv-import";
import { runBatch } from "@/lib/services/generation/run-batch";
import type { BulkInput } from "@/lib/services/generation/schemas";
import { startBatch } from "@/lib/services/generation/start-batch";
import { DEFAULT_OPENAI_MODELS, type Json } from "../fakes/ai-provider-wire";
import { reportedInputTokens } from "../fakes/ai-provider-tokens";
import type { FakeProviderHandle } from "../fakes/ai-provider";
import { addConnection, newUser, startFakeProviderForApp, userRow, type TestUser } from "../support/ai";
import { closeDatabase, setupTestDatabase } from "../support/db";
import { callRoute } from "../support/http";
import type { EstimateJson } from "@/lib/responses/usage";

/** A price for the test's priced model even before the catalogue carries prices (the registry's branch adds them). */
const TEST_PRICE = { inputPerMTok: 0.15, outputPerMTok: 0.6, cachedInputPerMTok: 0.075, batchDiscount: 0.5 };
vi.mock("@/lib/ai/models", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/ai/models")>();
  return {
    ...actual,
    findModel: (id: string) => {
      const model = actual.findModel(id);
      return model && id === "gpt-4o-mini" ? { ...model, price: model.price ?? TEST_PRICE } : model;
    },
  };
});

/** A model the provider lists but the catalogue does not know: its price is unknown. */
const UNPRICED = "gpt-estimate-unpriced";

let fake: FakeProviderHandle;
beforeAll(async () => {
  await setupTestDatabase();
  fake = await startFakeProviderForApp({ openaiModels: [...DEFAULT_OPENAI_MODELS, UNPRICED] });
});
afterAll(async () => {
  await fake?.close();
  await closeDatabase();
});
beforeEach(() => fake.reset());

const PROMPT =
  "Write a short, friendly cold email to {{First Name}} at {{Company}}. Mention their work in {{Industry}} " +
  "and that we help similar teams book more qualified meetings. End with a low-pressure question.";

/** Rows with realistic values; every third row (i % 3 === 2) has no Email. */
const ROWS = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    "First Name": ["Anna", "Bartholomew", "Chen", "Dolores", "Eskil"][i % 5]!,
    Company: `${["Northwind", "Globex International", "Initech", "Umbrella Logistics"][i % 4]} ${i}`,
    Industry: ["renewable energy consulting", "B2B payments", "freight", "veterinary clinics"][i % 4]!,
    Email: i % 3 === 2 ? "" : `p${i}@example.test`,
  }));

interface Ctx {
  user: TestUser;
  csvId: string;
  connectionId: string;
  input: (extra?: Partial<BulkInput>) => BulkInput;
}

async function setup(n: number, provider: "OpenAI" | "Anthropic" = "OpenAI"): Promise<Ctx> {
  const user = await newUser("estimate");
  const conn = await addConnection(user, provider);
  const file = (await importCsv(user.id, { fileName: "estimate.csv", rows: ROWS(n) })) as { _id: string };
  const input = (extra: Partial<BulkInput> = {}): BulkInput => ({
    prompt: PROMPT,
    jsonSchema: DEFAULT_JSON_SCHEMA,
    model: provider === "OpenAI" ? "gpt-4o-mini" : "claude-sonnet-4-5-20250929",
    useCase: "content_creation",
    connectionId: conn.json._id,
    csvId: file._id,
    rowsToProcess: n,
    ...extra,
  });
  return { user, csvId: file._id, connectionId: conn.json._id, input };
}

const estimate = (u: TestUser, body: unknown) =>
  callRoute<EstimateJson>(estimatePOST, { method: "POST", url: "/api/ai/estimate", headers: u.headers, body });
const bulk = (u: TestUser, body: unknown) =>
  callRoute(bulkPOST, { method: "POST", url: "/api/ai/bulk-batched", headers: u.headers, body });

async function footprint(userId: string) {
  const rows = async (table: typeof generationUsage | typeof batches) =>
    (await db.select({ n: count() }).from(table).where(eq(table.userId, userId)))[0]!.n;
  const items = await db
    .select({ n: count() })
    .from(batchItems)
    .innerJoin(batches, eq(batches.id, batchItems.batchId))
    .where(eq(batches.userId, userId));
  return {
    ledger: await rows(generationUsage),
    batches: await rows(batches),
    items: items[0]!.n,
    credits: (await getCredits(await userRow(userId))).credits.used,
  };
}

describe("POST /api/ai/estimate: shape and rules", () => {
  it("answers the contract's shape for the rows the bulk run would take, writing nothing", async () => {
    const c = await setup(9);
    const before = await footprint(c.user.id);
    const res = await estimate(c.user, c.input());
    expect(res.status).toBe(200);
    const e = res.json;
    expect(Object.keys(e).sort()).toEqual(
      [
        "cachedInputTokens",
        "costUsd",
        "credits",
        "durationSeconds",
        "inputTokens",
        "model",
        "modes",
        "outputTokens",
        "rows",
        "skippedInvalidEmail",
        "thinRows",
      ].sort(),
    );
    // Instructions and schema alone are too short to be cached: no cached tokens without examples.
    expect(e.cachedInputTokens).toBe(0);
    expect(e).toMatchObject({ rows: 9, credits: 9, skippedInvalidEmail: 0, thinRows: 0, model: "gpt-4o-mini" });
    expect(e.inputTokens).toBeGreaterThan(9 * 50);
    expect(e.outputTokens).toBeGreaterThan(9 * 100);
    expect(e.costUsd!.low).toBeLessThan(e.costUsd!.expected);
    expect(e.costUsd!.expected).toBeLessThan(e.costUsd!.high);
    expect(e.costUsd!.expected).toBe(
      costOfUsage("gpt-4o-mini", { inputTokens: e.inputTokens, outputTokens: e.outputTokens, cachedInputTokens: 0 }),
    );
    expect(e.modes.standard).toEqual({ costUsd: e.costUsd, durationSeconds: e.durationSeconds });
    const discount = findModel("gpt-4o-mini")!.price!.batchDiscount;
    expect(e.modes.batch!.costUsd!.expected).toBeCloseTo(e.costUsd!.expected * (1 - discount), 8);
    expect(e.modes.batch!.durationSeconds).toBeNull();
    expect(e.durationSeconds).toBeGreaterThan(0);

    expect(await footprint(c.user.id)).toEqual(before);
    expect(fake.stats.calls).toHaveLength(0);
  });

  it("counts the rows after rowsToProcess, Only Run If and maxRows, like the bulk run", async () => {
    const c = await setup(9);
    const rows = async (extra: Partial<BulkInput>) => (await estimate(c.user, c.input(extra))).json.rows;
    expect(await rows({ rowsToProcess: [4, 0, 4, 7, 99] })).toBe(3);
    expect(await rows({ onlyRunIf: "!{{Email}}" })).toBe(3);
    expect(await rows({ onlyRunIf: "!{{Email}}", maxRows: 2 })).toBe(2);
    expect(await rows({ rowsToProcess: undefined })).toBe(9); // the saved maxRows (10) caps it
    expect(await rows({ rowsToProcess: undefined, maxRows: 4 })).toBe(4);
    const one = await estimate(c.user, c.input({ rowsToProcess: [0] }));
    const two = await estimate(c.user, c.input({ rowsToProcess: [0, 1] }));
    expect(two.json.inputTokens).toBeGreaterThan(one.json.inputTokens);
  });

  it("uses no credits on a lifetime plan; refuses batch mode for web research; null cost when the price is unknown", async () => {
    const c = await setup(4);
    await db.update(users).set({ subscription: "lifetime" }).where(eq(users.id, c.user.id));
    const lifetime = (await estimate(c.user, c.input())).json;
    expect(lifetime).toMatchObject({ rows: 4, credits: 0 });

    const research = (await estimate(c.user, c.input({ useCase: "web_research" }))).json;
    expect(research.modes.batch).toBeNull();
    expect(research.modes.standard.costUsd).not.toBeNull();
    expect(research.inputTokens).toBeGreaterThan(lifetime.inputTokens);
    expect(research.durationSeconds!).toBeGreaterThan(lifetime.durationSeconds!);

    const unpriced = (await estimate(c.user, c.input({ model: UNPRICED }))).json;
    expect(unpriced).toMatchObject({ rows: 4, model: UNPRICED, costUsd: null });
    expect(unpriced.modes.standard.costUsd).toBeNull();
    expect(unpriced.modes.batch).toEqual({ costUsd: null, durationSeconds: null });
    expect(unpriced.inputTokens).toBeGreaterThan(0);
  });

  it("answers the bulk call's errors with the same status and message", async () => {
    const c = await setup(3);
    const other = await newUser("estimate-other");
    const cases: Array<[TestUser, Record<string, unknown>]> = [
      [c.user, { prompt: "" }],
      [c.user, { jsonSchema: "" }],
      [c.user, { jsonSchema: "{nope" }],
      [c.user, { csvId: undefined }],
      [c.user, { onlyRunIf: "!{{Email}}", rowsToProcess: [0, 1] }],
      [c.user, { rowsToProcess: [50, 60] }],
      [c.user, { prompt: "Hi {{Name}} from {{Region}}" }],
      [c.user, { model: "claude-3-opus-20240229" }],
      [c.user, { model: "claude-sonnet-4-5-20250929" }],
      [c.user, { useCase: "poetry" }],
      [c.user, { connectionId: "4b7c2f0e-8d2a-4c1e-9f3b-2a6d5e7f8a90" }],
      [c.user, { csvId: "4b7c2f0e-8d2a-4c1e-9f3b-2a6d5e7f8a90" }],
      [other, {}],
    ];
    for (const [u, extra] of cases) {
      const body = { ...c.input(), ...extra };
      const [est, run] = [await estimate(u, body), await bulk(u, body)];
      expect(run.status, JSON.stringify(extra)).toBeGreaterThanOrEqual(400);
      expect({ status: est.status, body: est.json }, JSON.stringify(extra)).toEqual({
        status: run.status,
        body: run.json,
      });
    }
    const anonymous = await callRoute(estimatePOST, { method: "POST", url: "/api/ai/estimate", body: c.input() });
    expect(anonymous.status).toBe(401);
  });
});

describe("POST /api/ai/estimate: output tokens and duration from history", () => {
  it("expects this template's average output from the newest successful ledger rows", async () => {
    const c = await setup(5);
    const fromSchema = (await estimate(c.user, c.input())).json.outputTokens;
    const hash = promptTemplateHash(PROMPT);
    const row = { userId: c.user.id, kind: "bulk" as const, provider: "OpenAI", model: "gpt-4o-mini" };
    await db.insert(generationUsage).values([
      { ...row, promptHash: hash, outputTokens: 400 },
      { ...row, promptHash: hash, outputTokens: 600 },
      { ...row, promptHash: hash, outputTokens: 9_000, ok: false },
      { ...row, promptHash: promptTemplateHash("another template"), outputTokens: 5_000 },
    ]);
    const other = await newUser("estimate-ledger");
    await db.insert(generationUsage).values({ ...row, userId: other.id, promptHash: hash, outputTokens: 7_000 });

    const e = (await estimate(c.user, c.input())).json;
    expect(e.outputTokens).toBe(5 * 500);
    expect(e.outputTokens).not.toBe(fromSchema);
    // The hash is of the template, not of the rendered prompts: surrounding spaces do not matter.
    expect((await estimate(c.user, c.input({ prompt: `  ${PROMPT}  ` }))).json.outputTokens).toBe(2_500);
  });

  it("takes the duration from the connection's recent completed batches, else the default rate", async () => {
    const c = await setup(9);
    const rows = { rowsToProcess: 9 };
    expect((await estimate(c.user, c.input(rows))).json.durationSeconds).toBe(9); // 1 row/s, at least 8 s
    const finishedAt = new Date();
    await db.insert(batches).values({
      userId: c.user.id,
      csvFileId: c.csvId,
      status: "completed",
      total: 40,
      processed: 40,
      createdAt: new Date(finishedAt.getTime() - 400_000),
      finishedAt,
      settings: { connectionId: c.connectionId, useCase: "content_creation" },
    });
    expect((await estimate(c.user, c.input(rows))).json.durationSeconds).toBe(90); // 0.1 row/s
    // Another use case keeps the default.
    expect((await estimate(c.user, c.input({ ...rows, useCase: "web_research" }))).json.durationSeconds).toBe(36);
  });
});

describe("POST /api/ai/estimate: input tokens against the provider's reported usage", () => {
  for (const [provider, fakeName, endpoint] of [
    ["OpenAI", "openai", "chat.completions"],
    ["Anthropic", "anthropic", "messages"],
  ] as const) {
    it(`${provider}: within 35 % of the fake provider's prompt tokens for the same run`, async () => {
      const c = await setup(12, provider);
      const e = (await estimate(c.user, c.input())).json;
      const bodies: Json[] = [];
      fake.setOptions({ onRequest: (info) => void (info.endpoint === endpoint && bodies.push(info.body)) });
      const { batchId } = await startBatch(await userRow(c.user.id), c.input());
      expect(await runBatch(batchId, { workerId: `w-estimate-${fakeName}` })).toBe("done");
      expect(bodies).toHaveLength(12);
      const reported = bodies.reduce((sum, body) => sum + reportedInputTokens(fakeName, endpoint, body), 0);
      expect(Math.abs(e.inputTokens - reported) / reported).toBeLessThan(0.35);
    });
  }
});
