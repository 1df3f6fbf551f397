import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { GET as configGET, PUT as configPUT } from "@/app/api/ai/config/route";
import { GET as statusGET } from "@/app/api/ai/batch-status/[id]/route";
import { POST as bulkPOST } from "@/app/api/ai/bulk-batched/route";
import { POST as cancelPOST } from "@/app/api/ai/cancel-batch/[id]/route";
import { POST as generatePOST } from "@/app/api/ai/generate/route";
import { GET as templateGET } from "@/app/api/ai/templates/[id]/route";
import { POST as templatesPOST } from "@/app/api/ai/templates/route";
import { GET as rowUsageGET } from "@/app/api/csv/[id]/rows/[rowId]/usage/route";
import { DEFAULT_JSON_SCHEMA } from "@/lib/ai/defaults";
import { DEFAULT_OPENAI_MODELS } from "../fakes/ai-provider";
import { promptTemplateHash } from "@/lib/ai/prompt-hash";
import { costOfUsage } from "@/lib/ai/usage";
import { db } from "@/lib/db";
import { batchItems, batches, generationUsage } from "@/lib/db/schema";
import { getCredits } from "@/lib/services/credits/credits";
import { runBatch } from "@/lib/services/generation/run-batch";
import { addConnection, newUser, userRow, withFakeProviderAndDatabase, type TestUser } from "../support/ai";
import { csvApi, importFile } from "../support/csv";
import { callRoute, type AnyJson } from "../support/http";

const fake = withFakeProviderAndDatabase();
beforeEach(() => fake.reset());

const PROMPT = "Write a cold email to {{Name}} at {{Company}}.";
const ROWS = (n: number) => Array.from({ length: n }, (_, i) => ({ Name: `Prospect ${i}`, Company: `Co ${i}` }));

interface Setup {
  user: TestUser;
  csvId: string;
  rowIds: number[];
  body: (extra?: Record<string, unknown>) => Record<string, unknown>;
}

async function setup(rows = 3): Promise<Setup> {
  const user = await newUser("usage");
  const conn = await addConnection(user, "OpenAI", undefined, "Usage key");
  const file = await importFile(user, ROWS(rows));
  const rowIds = (await csvApi.get(user, file._id)).json.rowIds as number[];
  const body = (extra: Record<string, unknown> = {}) => ({
    prompt: PROMPT,
    jsonSchema: DEFAULT_JSON_SCHEMA,
    model: "gpt-4o-mini",
    useCase: "content_creation",
    connectionId: conn.json._id,
    csvId: file._id,
    ...extra,
  });
  return { user, csvId: file._id, rowIds, body };
}

const post = (handler: typeof generatePOST, url: string, u: TestUser, body: unknown) =>
  callRoute(handler, { method: "POST", url, headers: u.headers, body });
const generate = (s: Setup, extra?: Record<string, unknown>) =>
  post(generatePOST, "/api/ai/generate", s.user, s.body({ selectedRowIndex: 0, ...extra }));
const bulk = (s: Setup, extra?: Record<string, unknown>) =>
  post(bulkPOST, "/api/ai/bulk-batched", s.user, s.body(extra));
const status = async (u: TestUser, id: string) =>
  (await callRoute(statusGET, { url: `/api/ai/batch-status/${id}`, headers: u.headers, params: { id } })).json;
const rowUsage = (u: TestUser, id: string, rowId: number | string) =>
  callRoute(rowUsageGET, {
    url: `/api/csv/${id}/rows/${rowId}/usage`,
    headers: u.headers,
    params: { id, rowId: String(rowId) },
  });
const ledgerOf = (where: ReturnType<typeof eq>) => db.select().from(generationUsage).where(where);
const sum = (rows: Array<{ costUsd: number | null }>) => rows.reduce((a, r) => a + (r.costUsd ?? 0), 0);

describe("usage of a single generation", () => {
  it("answers usage with its cost, records a ledger row, and the AI Response viewer's endpoint reads it", async () => {
    const s = await setup();
    const res = await generate(s);
    expect(res.status, res.text).toBe(200);
    const usage = res.json.usage as AnyJson;
    expect(usage.inputTokens).toBeGreaterThan(0);
    expect(usage.outputTokens).toBeGreaterThan(0);
    expect(usage.cachedInputTokens).toBe(0);
    expect(usage.costUsd).toBeCloseTo(costOfUsage("gpt-4o-mini", usage as never)!, 10);

    const [entry, ...more] = await ledgerOf(eq(generationUsage.userId, s.user.id));
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      kind: "single",
      connectionName: "Usage key",
      batchId: null,
      csvFileId: s.csvId,
      rowId: s.rowIds[0],
      provider: "OpenAI",
      model: "gpt-4o-mini",
      inputTokens: usage.inputTokens,
      outputTokens: usage.outputTokens,
      costUsd: usage.costUsd,
      promptHash: promptTemplateHash(PROMPT),
      ok: true,
    });
    expect(entry!.latencyMs).toBeGreaterThanOrEqual(0);

    const viewer = await rowUsage(s.user, s.csvId, s.rowIds[0]!);
    expect(viewer.status).toBe(200);
    expect(viewer.json).toEqual({
      usage,
      model: "gpt-4o-mini",
      latencyMs: entry!.latencyMs,
      createdAt: entry!.createdAt.toISOString(),
    });
    expect((await rowUsage(s.user, s.csvId, s.rowIds[1]!)).json).toEqual({ usage: null });
    // Owner only; rows of another file, and malformed ids, are 404.
    const other = await newUser("usage-other");
    expect((await rowUsage(other, s.csvId, s.rowIds[0]!)).status).toBe(404);
    expect((await rowUsage(s.user, s.csvId, 999_999_999)).status).toBe(404);
    expect((await rowUsage(s.user, s.csvId, "abc")).status).toBe(404);
  });

  it("an unparseable answer the provider billed is recorded (ok false) and answered with its usage", async () => {
    const s = await setup();
    fake.setOptions({ malformed: true });
    const res = await generate(s);
    expect(res.status, res.text).toBe(200);
    expect(res.json.usage.outputTokens).toBeGreaterThan(0);
    const rows = await ledgerOf(eq(generationUsage.userId, s.user.id));
    expect(rows).toMatchObject([{ ok: false, outputTokens: res.json.usage.outputTokens }]);
  });

  it("a provider error that billed nothing records nothing", async () => {
    const s = await setup();
    fake.failNext(1, 400);
    expect((await generate(s)).status).toBeGreaterThanOrEqual(400);
    expect(await ledgerOf(eq(generationUsage.userId, s.user.id))).toHaveLength(0);
  });
});

describe("usage of a bulk batch", () => {
  it("status carries the ledger's totals, an eta while running and stopReason", async () => {
    const s = await setup(6);
    const started = await bulk(s, { rowsToProcess: 6 });
    expect(started.status, started.text).toBe(200);
    const { batchId } = started.json as { batchId: string };
    expect(await status(s.user, batchId)).toMatchObject({
      usage: { inputTokens: 0, outputTokens: 0, cachedInputTokens: 0, costUsd: null },
      etaSeconds: null,
      stopReason: null,
    });

    // Stop the worker after two rows, as a crash would: the batch is still running.
    const stop = new AbortController();
    let calls = 0;
    fake.setOptions({ onRequest: () => void (++calls >= 2 && stop.abort()) });
    expect(await runBatch(batchId, { workerId: "w-usage", fixedConcurrency: 1, signal: stop.signal })).toBe("stopped");
    const midway = await status(s.user, batchId);
    expect(midway.status).toBe("running");
    expect(midway.progress.processed).toBeGreaterThanOrEqual(2);
    expect(midway.etaSeconds).toEqual(expect.any(Number));
    expect(midway.etaSeconds).toBeGreaterThanOrEqual(0);
    expect(midway.stopReason).toBeNull();

    fake.setOptions({ onRequest: undefined });
    expect(await runBatch(batchId, { workerId: "w-usage" })).toBe("done");
    const done = await status(s.user, batchId);
    const ledger = await ledgerOf(eq(generationUsage.batchId, batchId));
    expect(ledger).toHaveLength(6);
    expect(ledger.every((r) => r.kind === "bulk" && r.ok && r.rowId !== null && r.csvFileId === s.csvId)).toBe(true);
    expect(new Set(ledger.map((r) => r.rowId))).toEqual(new Set(s.rowIds));
    expect(done).toMatchObject({
      status: "completed",
      etaSeconds: null,
      stopReason: null,
      usage: {
        inputTokens: ledger.reduce((a, r) => a + r.inputTokens, 0),
        outputTokens: ledger.reduce((a, r) => a + r.outputTokens, 0),
        cachedInputTokens: 0,
      },
    });
    expect(done.usage.costUsd).toBeCloseTo(sum(ledger), 10);
    // The AI Response viewer sees the bulk row's usage.
    expect((await rowUsage(s.user, s.csvId, s.rowIds[3]!)).json.usage.inputTokens).toBeGreaterThan(0);
  });

  it("stopReason: cancelled when the user stops it, fatal when the key is refused", async () => {
    const s = await setup(3);
    const { batchId } = (await bulk(s, { rowsToProcess: 3 })).json as { batchId: string };
    await callRoute(cancelPOST, {
      method: "POST",
      url: `/api/ai/cancel-batch/${batchId}`,
      headers: s.user.headers,
      params: { id: batchId },
    });
    expect(await status(s.user, batchId)).toMatchObject({ status: "cancelled", stopReason: "cancelled" });

    const failing = (await bulk(s, { rowsToProcess: 3 })).json as { batchId: string };
    fake.setOptions({ isValidKey: () => false });
    await runBatch(failing.batchId, { workerId: "w-fatal" });
    expect(await status(s.user, failing.batchId)).toMatchObject({ status: "failed", stopReason: "fatal" });
  });
});

describe("spending cap", () => {
  it("stops before a row could take the batch past its cap; cancelled, spend_cap, the rest refunded", async () => {
    const s = await setup(20);
    // What one row costs here: a one-row batch.
    const probe = (await bulk(s, { rowsToProcess: [10] })).json as { batchId: string };
    await runBatch(probe.batchId, { workerId: "w-probe" });
    const rowCost = (await status(s.user, probe.batchId)).usage.costUsd as number;
    expect(rowCost).toBeGreaterThan(0);
    const creditsBefore = (await getCredits(await userRow(s.user.id))).credits.used;

    const cap = rowCost * 5.5;
    const started = await bulk(s, { rowsToProcess: 20, maxCostUsd: cap });
    expect(started.status, started.text).toBe(200);
    const { batchId } = started.json as { batchId: string };
    expect(await runBatch(batchId, { workerId: "w-cap", maxConcurrency: 4 })).toBe("done");

    const ledger = await ledgerOf(eq(generationUsage.batchId, batchId));
    const spent = sum(ledger);
    const final = await status(s.user, batchId);
    expect(spent).toBeLessThanOrEqual(cap);
    expect(ledger.length).toBeGreaterThanOrEqual(3);
    expect(ledger.length).toBeLessThan(20);
    expect(fake.stats.calls.length).toBe(1 + ledger.length); // the probe, then no row beyond the cap
    const done = final.progress.processed as number;
    expect(done).toBe(ledger.length);
    expect(final).toMatchObject({
      status: "cancelled",
      stopReason: "spend_cap",
      creditsRefunded: 20 - done,
      etaSeconds: null,
    });
    expect(final.error).toMatch(
      new RegExp(`^Stopped at the \\$[0-9.]+ spending cap after ${done} of 20 rows \\(\\$[0-9.]+ spent\\)\\.$`),
    );
    expect(final.usage.costUsd).toBeCloseTo(spent, 10);
    expect((await getCredits(await userRow(s.user.id))).credits.used).toBe(creditsBefore + done);
    const open = await db
      .select()
      .from(batchItems)
      .where(and(eq(batchItems.batchId, batchId), eq(batchItems.status, "pending")));
    expect(open).toHaveLength(0);
  });

  it("maxCostUsd is validated; an unknown price refuses a capped run naming the model", async () => {
    const s = await setup(2);
    for (const bad of [0, -1, "abc", true]) {
      const res = await bulk(s, { rowsToProcess: 2, maxCostUsd: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.json.msg).toMatch(/Spending cap/);
    }
    fake.setOptions({ openaiModels: [...DEFAULT_OPENAI_MODELS, "gpt-6-preview"] });
    const unknown = await bulk(s, { rowsToProcess: 2, maxCostUsd: 1, model: "gpt-6-preview" });
    expect(unknown.status, unknown.text).toBe(400);
    expect(unknown.json.msg).toMatch(/gpt-6-preview/);
    // Without a cap the unpriced model runs (its cost is then unknown).
    expect((await bulk(s, { rowsToProcess: 2, model: "gpt-6-preview" })).status).toBe(200);
    expect(await db.select().from(batches).where(eq(batches.userId, s.user.id))).toHaveLength(1);
  });

  it("is saved in the AI config and templates, and the saved cap applies to a bulk run without one", async () => {
    const s = await setup(2);
    const put = (body: unknown) =>
      callRoute(configPUT, { method: "PUT", url: "/api/ai/config", headers: s.user.headers, body });
    expect((await put({ maxCostUsd: 0 })).status).toBe(400);
    expect((await put({ maxCostUsd: "2.5" })).json.aiConfig.maxCostUsd).toBe(2.5);
    const read = await callRoute(configGET, { url: "/api/ai/config", headers: s.user.headers });
    expect(read.json.aiConfig.maxCostUsd).toBe(2.5);

    const { batchId } = (await bulk(s, { rowsToProcess: 1 })).json as { batchId: string };
    const [b] = await db.select().from(batches).where(eq(batches.id, batchId));
    expect((b!.settings as { maxCostUsd: number }).maxCostUsd).toBe(2.5);
    const uncapped = (await bulk(s, { rowsToProcess: 1, maxCostUsd: null })).json as { batchId: string };
    const [u] = await db.select().from(batches).where(eq(batches.id, uncapped.batchId));
    expect((u!.settings as { maxCostUsd: number | null }).maxCostUsd).toBeNull();
    expect((await put({ maxCostUsd: null })).json.aiConfig.maxCostUsd).toBeNull();

    const created = await post(templatesPOST, "/api/ai/templates", s.user, { name: "Capped", maxCostUsd: 0.75 });
    expect(created.status, created.text).toBe(201);
    expect(created.json.maxCostUsd).toBe(0.75);
    const id = created.json._id as string;
    const again = await callRoute(templateGET, {
      url: `/api/ai/templates/${id}`,
      headers: s.user.headers,
      params: { id },
    });
    expect(again.json.maxCostUsd).toBe(0.75);
  });
});
