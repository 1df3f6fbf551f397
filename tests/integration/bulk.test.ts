import { asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { GET as statusGET } from "@/app/api/ai/batch-status/[id]/route";
import { POST as bulkPOST } from "@/app/api/ai/bulk-batched/route";
import { DEFAULT_JSON_SCHEMA } from "@/lib/ai/defaults";
import { db } from "@/lib/db";
import { batchItems, batches, users } from "@/lib/db/schema";
import { getBoss } from "@/lib/queue/boss";
import { getCsvFile } from "@/lib/services/csv/csv-files";
import { importCsv } from "@/lib/services/csv/csv-import";
import { getCredits, reserveCredits } from "@/lib/services/credits/credits";
import { runBatch } from "@/lib/services/generation/run-batch";
import { startBatch } from "@/lib/services/generation/start-batch";
import type { BulkInput } from "@/lib/services/generation/schemas";
import type { FakeProviderHandle, RequestInfo } from "../fakes/ai-provider";
import { addConnection, newUser, startFakeProviderForApp, userRow, type TestUser } from "../support/ai";
import { closeDatabase, setupTestDatabase } from "../support/db";
import { callRoute } from "../support/http";

let fake: FakeProviderHandle;
let bossStarted = false;
beforeAll(async () => {
  await setupTestDatabase();
  fake = await startFakeProviderForApp();
});
afterAll(async () => {
  if (bossStarted) await (await getBoss()).stop({ graceful: false }).catch(() => undefined);
  await fake?.close();
  await closeDatabase();
});
beforeEach(() => fake.reset());
afterEach(() => vi.restoreAllMocks());

/** Rows "Prospect i"; every third row (i % 3 === 2) has no Email. */
const ROWS = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    Name: `Prospect ${i}`,
    Email: i % 3 === 2 ? "" : `p${i}@example.test`,
    Company: `Co ${i}`,
  }));

interface Ctx {
  user: TestUser;
  csvId: string;
  connectionId: string;
  input: (extra?: Partial<BulkInput>) => BulkInput;
}

async function setup(n = 6, apiKey?: string): Promise<Ctx> {
  const user = await newUser("bulk");
  const conn = await addConnection(user, "OpenAI", apiKey);
  const file = (await importCsv(user.id, { fileName: "bulk.csv", rows: ROWS(n) })) as { _id: string };
  const input = (extra: Partial<BulkInput> = {}): BulkInput => ({
    prompt: "Write to {{Name}} at {{Company}}",
    jsonSchema: DEFAULT_JSON_SCHEMA,
    model: "gpt-4o-mini",
    useCase: "content_creation",
    connectionId: conn.json._id,
    csvId: file._id,
    rowsToProcess: n,
    ...extra,
  });
  return { user, csvId: file._id, connectionId: conn.json._id, input };
}

const start = async (c: Ctx, extra?: Partial<BulkInput>) => startBatch(await userRow(c.user.id), c.input(extra));
const used = async (c: Ctx) => (await getCredits(await userRow(c.user.id))).credits.used;
const status = (u: TestUser, id: string) =>
  callRoute(statusGET, { url: `/api/ai/batch-status/${id}`, headers: u.headers, params: { id } });
const bulk = (u: TestUser, body: unknown) =>
  callRoute(bulkPOST, { method: "POST", url: "/api/ai/bulk-batched", headers: u.headers, body });
const itemRows = async (batchId: string) =>
  (
    await db
      .select({ i: batchItems.rowIndex })
      .from(batchItems)
      .where(eq(batchItems.batchId, batchId))
      .orderBy(asc(batchItems.rowIndex))
  ).map((r) => r.i);
const rowsOf = async (c: Ctx) => (await getCsvFile(c.user.id, c.csvId)).rows;
/** Fails requests whose prompt mentions one of these names with the given status. */
const failFor = (names: string[], status: number) => (info: RequestInfo) =>
  names.some((n) => info.prompt.includes(`${n} at`)) ? { status } : undefined;

describe("starting a batch: validation", () => {
  it("answers the product's messages", async () => {
    const c = await setup(3);
    const cases: Array<[Record<string, unknown>, RegExp | string]> = [
      [{ prompt: "" }, "Configuration error: Prompt cannot be empty"],
      [{ prompt: "   " }, "Configuration error: Prompt cannot be empty"],
      [{ jsonSchema: "" }, "Configuration error: JSON Schema cannot be empty"],
      [{ jsonSchema: "{nope" }, /JSON Schema is not valid JSON/],
      [{ jsonSchema: '{"type":"string"}' }, /must describe an object/],
      [{ jsonSchema: "[1]" }, /must be a JSON object/],
      [{ csvId: undefined }, /csvId is required/],
      [{ onlyRunIf: "!{{Name}}" }, "No rows match the criteria"],
      [{ rowsToProcess: [50, 60] }, "No rows match the criteria"],
      [{ prompt: "Hi {{Name}} from {{Industry}}" }, /\{\{Industry\}\}/],
      [{ model: "claude-3-opus-20240229" }, /retired/],
      [{ rowsToProcess: "all" }, /.+/],
      [{ useCase: "poetry" }, "Use case must be web_research or content_creation"],
    ];
    for (const [extra, msg] of cases) {
      const res = await bulk(c.user, { ...c.input(), ...extra });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      if (typeof msg === "string") expect(res.json.msg).toBe(msg);
      else expect(res.json.msg).toMatch(msg);
    }
    expect(await db.select().from(batches).where(eq(batches.userId, c.user.id))).toHaveLength(0);
    expect(await used(c)).toBe(0);
    expect(fake.stats.calls).toHaveLength(0);
  });
});

describe("starting a batch: row selection and credits", () => {
  it("rowsToProcess as indices, as N, onlyRunIf '!{{Email}}' and maxRows pick the right rows", async () => {
    const c = await setup(9);
    expect(await itemRows((await start(c, { rowsToProcess: [4, 0, 4, 7, 99] })).batchId)).toEqual([0, 4, 7]);
    expect(await itemRows((await start(c, { rowsToProcess: 3 })).batchId)).toEqual([0, 1, 2]);
    expect(await itemRows((await start(c, { onlyRunIf: "!{{Email}}" })).batchId)).toEqual([2, 5, 8]);
    expect(
      await itemRows((await start(c, { onlyRunIf: "!{{ email }}", rowsToProcess: [0, 1, 2, 5] })).batchId),
    ).toEqual([2, 5]);
    expect(await itemRows((await start(c, { onlyRunIf: "!{{Email}}", maxRows: 2 })).batchId)).toEqual([2, 5]);
    expect(
      await itemRows((await start(c, { onlyRunIf: "Email is empty", rowsToProcess: undefined, maxRows: 4 })).batchId),
    ).toEqual([0, 1, 2, 3]);
    // Neither rowsToProcess nor maxRows: the saved maxRows (default 10) caps the run.
    expect(await itemRows((await start(c, { rowsToProcess: undefined })).batchId)).toHaveLength(9);
  });

  it("reserves every row's credit up front; 403 with the figures when not enough, nothing recorded", async () => {
    const c = await setup(6);
    const { batchId, total } = await start(c);
    expect(total).toBe(6);
    expect(await used(c)).toBe(6);
    const [b] = await db.select().from(batches).where(eq(batches.id, batchId));
    expect(b).toMatchObject({ status: "queued", total: 6, creditsReserved: 6, processed: 0 });

    expect((await reserveCredits(await userRow(c.user.id), 90)).ok).toBe(true); // 96 used, 4 left
    const res = await bulk(c.user, c.input());
    expect(res.status).toBe(403);
    expect(res.json).toEqual({
      msg: "Credit limit exceeded",
      code: "credit_limit",
      availableCredits: 4,
      requestedCredits: 6,
    });
    expect(await used(c)).toBe(96);
    expect(await db.select().from(batches).where(eq(batches.userId, c.user.id))).toHaveLength(1);
    // Exactly what is left is fine.
    expect((await start(c, { rowsToProcess: 4 })).total).toBe(4);
    expect(await used(c)).toBe(100);
  });

  it("a lifetime user is never limited nor charged", async () => {
    const c = await setup(5);
    await db.update(users).set({ subscription: "lifetime" }).where(eq(users.id, c.user.id));
    expect((await reserveCredits(await userRow(c.user.id), 100)).ok).toBe(true);
    const { batchId } = await start(c);
    const [b] = await db.select().from(batches).where(eq(batches.id, batchId));
    expect(b!.creditsReserved).toBe(0);
    expect(await runBatch(batchId, { workerId: "w-life" })).toBe("done");
    expect((await status(c.user, batchId)).json).toMatchObject({
      status: "completed",
      progress: { processed: 5, total: 5 },
      creditsRefunded: 0,
    });
    const credits = (await getCredits(await userRow(c.user.id))).credits;
    expect(credits).toMatchObject({ daily: null, remaining: null, unlimited: true });
  });
});

describe("running a batch", () => {
  it("through the route: batchId returned, run by the worker, status shape, owner only", async () => {
    const c = await setup(4);
    const res = await bulk(c.user, { ...c.input(), jsonSchema: JSON.parse(DEFAULT_JSON_SCHEMA), data: ROWS(4) });
    bossStarted = true;
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({
      batchId: expect.any(String),
      total: 4,
      skippedApproved: 0,
      skipped: { invalidEmail: 0, thinInput: 0 },
    });
    const { batchId } = res.json;
    const queued = await status(c.user, batchId);
    expect(queued.json).toMatchObject({
      status: "queued",
      progress: { processed: 0, total: 4 },
      error: null,
      creditsRefunded: 0,
    });

    expect(await runBatch(batchId, { workerId: "w-route" })).toBe("done");
    const done = await status(c.user, batchId);
    expect(done.status).toBe(200);
    expect(done.json).toEqual({
      batchId,
      status: "completed",
      progress: { processed: 4, total: 4 },
      failed: 0,
      error: null,
      creditsRefunded: 0,
      usage: {
        inputTokens: expect.any(Number),
        outputTokens: expect.any(Number),
        cachedInputTokens: 0,
        costUsd: expect.any(Number),
      },
      etaSeconds: null,
      stopReason: null,
      mode: "standard",
    });
    for (const [i, row] of (await rowsOf(c)).entries()) {
      expect(row["Subject Line"]).toContain(`Prospect ${i} at Co ${i}`);
      expect(JSON.parse(row["AI Response"]!)).toHaveProperty("email_body");
    }
    expect(await used(c)).toBe(4);

    const other = await newUser("bulk-other");
    expect((await status(other, batchId)).status).toBe(404);
    expect((await status(c.user, "not-a-uuid")).status).toBe(404);
    expect((await status(c.user, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect(
      (await callRoute(statusGET, { url: `/api/ai/batch-status/${batchId}`, params: { id: batchId } })).status,
    ).toBe(401);
  });

  it("rows failing with a 400 are refunded and show 'Error'; the rest complete", async () => {
    const c = await setup(6);
    fake.setOptions({ onRequest: failFor(["Prospect 1", "Prospect 4"], 400) });
    const { batchId } = await start(c);
    expect(await runBatch(batchId, { workerId: "w-fail" })).toBe("done");
    expect((await status(c.user, batchId)).json).toMatchObject({
      status: "completed",
      progress: { processed: 6, total: 6 },
      failed: 2,
      creditsRefunded: 2,
    });
    const rows = await rowsOf(c);
    expect(rows[1]!["Subject Line"]).toMatch(/^Error: OpenAI rejected the request/);
    expect(rows[4]!["Subject Line"]).toMatch(/^Error/);
    expect(rows[0]!["Subject Line"]).toContain("Prospect 0");
    expect(await used(c)).toBe(4);
    // a 400 is not retried
    expect(fake.stats.calls.filter((x) => x.status === 400)).toHaveLength(2);
  });

  it("transient 500s are retried with backoff and succeed", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0); // shortest backoff: 0.5 s, 1 s
    const c = await setup(3);
    const attempts = new Map<string, number>();
    fake.setOptions({
      onRequest: (info) => {
        const n = (attempts.get(info.prompt) ?? 0) + 1;
        attempts.set(info.prompt, n);
        return info.prompt.includes("Prospect 1 at") && n <= 2 ? { status: 500 } : undefined;
      },
    });
    const { batchId } = await start(c);
    expect(await runBatch(batchId, { workerId: "w-500" })).toBe("done");
    expect((await status(c.user, batchId)).json).toMatchObject({ status: "completed", failed: 0, creditsRefunded: 0 });
    expect(attempts.get("Write to Prospect 1 at Co 1")).toBe(3);
    expect((await rowsOf(c))[1]!["Subject Line"]).toContain("Prospect 1");
    expect(await used(c)).toBe(3);
  });

  it("persistent 500s fail the row after a bounded number of attempts, refunded", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0); // 0.5 s + 1 s + 2 s of backoff
    const c = await setup(2);
    fake.setOptions({ onRequest: failFor(["Prospect 0"], 500) });
    const { batchId } = await start(c);
    expect(await runBatch(batchId, { workerId: "w-500p" })).toBe("done");
    expect((await status(c.user, batchId)).json).toMatchObject({
      status: "completed",
      progress: { processed: 2, total: 2 },
      failed: 1,
      creditsRefunded: 1,
    });
    expect(fake.stats.calls.filter((x) => x.prompt.includes("Prospect 0") && x.status === 500)).toHaveLength(4);
    expect((await rowsOf(c))[0]!["Subject Line"]).toMatch(/^Error: OpenAI had a server error \(500\)/);
    expect(await used(c)).toBe(1);
  }, 20_000);

  it("429 with retry-after is waited for and retried until success", async () => {
    const c = await setup(3);
    fake.failNext(2, 429); // retry-after: 1
    const { batchId } = await start(c);
    const t0 = Date.now();
    expect(await runBatch(batchId, { workerId: "w-429" })).toBe("done");
    expect(Date.now() - t0).toBeGreaterThanOrEqual(900);
    expect(fake.stats.byStatus[429]).toBe(2);
    expect((await status(c.user, batchId)).json).toMatchObject({ status: "completed", failed: 0, creditsRefunded: 0 });
    for (const row of await rowsOf(c)) expect(row["Subject Line"]).toMatch(/^Re: Write to Prospect/);
    expect(await used(c)).toBe(3);
  });

  it("an invalid key fails the batch naming the key and refunds every unprocessed credit", async () => {
    const c = await setup(12, "sk-revoked-00000000000000");
    const { batchId } = await start(c);
    expect(await used(c)).toBe(12);
    expect(await runBatch(batchId, { workerId: "w-key" })).toBe("done");
    const s = (await status(c.user, batchId)).json;
    expect(s).toMatchObject({ status: "failed", creditsRefunded: 12 });
    expect(s.error).toMatch(/OpenAI API key is invalid/);
    expect(fake.stats.calls.length).toBeLessThanOrEqual(4); // stops after the first answers
    expect(await used(c)).toBe(0);
    const failedRows = (await rowsOf(c)).filter((r) =>
      (r["Subject Line"] ?? "").startsWith("Error: The OpenAI API key is invalid"),
    );
    expect(failedRows.length).toBe(fake.stats.calls.length);
  });

  it("malformed answers are '(Parse Error)' rows, refunded; a batch where every row fails is 'failed'", async () => {
    const c = await setup(3);
    fake.setOptions({ malformed: true });
    const { batchId } = await start(c);
    expect(await runBatch(batchId, { workerId: "w-bad" })).toBe("done");
    const s = (await status(c.user, batchId)).json;
    expect(s).toMatchObject({ status: "failed", failed: 3, creditsRefunded: 3 });
    expect(s.error).toMatch(/not valid JSON/);
    expect((await rowsOf(c)).map((r) => r["Subject Line"])).toEqual([
      "(Parse Error)",
      "(Parse Error)",
      "(Parse Error)",
    ]);
    expect(await used(c)).toBe(0);
  });
});
