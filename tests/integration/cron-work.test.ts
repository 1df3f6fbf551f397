import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as bulkPOST } from "@/app/api/ai/bulk-batched/route";
import { GET as cronGET, POST as cronPOST } from "@/app/api/cron/work/route";
import { DEFAULT_JSON_SCHEMA } from "@/lib/ai/defaults";
import { db } from "@/lib/db";
import { batchItems, batches, workerHeartbeats } from "@/lib/db/schema";
import { resetEnvForTests } from "@/lib/env";
import { getBoss, QUEUES } from "@/lib/queue/boss";
import type { WorkData } from "@/lib/queue/enqueue";
import { getCredits } from "@/lib/services/credits/credits";
import { getCsvFile } from "@/lib/services/csv/csv-files";
import { importCsv } from "@/lib/services/csv/csv-import";
import * as batchItemsModule from "@/lib/services/generation/batch-items";
import type { FakeProviderHandle } from "../fakes/ai-provider";
import { addConnection, newUser, startFakeProviderForApp, userRow, type TestUser } from "../support/ai";
import { closeDatabase, setupTestDatabase } from "../support/db";
import { callRoute } from "../support/http";
import { privateDatabase } from "../support/private-db";

// WORKER_MODE=cron: no background loop; batches advance only through /api/cron/work.
const SECRET = "cron-secret-0123456789abcdef";
const e = process.env;
let fake: FakeProviderHandle;
// The cron route runs every due batch: with a shared PostgreSQL it would take other files' batches.
const database = privateDatabase("cron");

beforeAll(async () => {
  e.WORKER_MODE = "cron";
  e.CRON_SECRET = SECRET;
  // A tiny budget and two requests in flight, against a provider answering in 200 ms: a 16-row
  // batch needs several calls.
  e.CRON_BUDGET_SECONDS = "1";
  e.GENERATION_CONCURRENCY = "2";
  resetEnvForTests();
  await database.create();
  await setupTestDatabase();
  fake = await startFakeProviderForApp({ latencyMs: 200 });
});
afterAll(async () => {
  await (await getBoss()).stop({ graceful: false }).catch(() => undefined);
  await fake?.close();
  await closeDatabase();
  await database.drop();
  for (const k of ["WORKER_MODE", "CRON_SECRET", "CRON_BUDGET_SECONDS", "GENERATION_CONCURRENCY"]) delete e[k];
  resetEnvForTests();
});
afterEach(() => vi.restoreAllMocks());

const cron = (headers: Record<string, string> = { authorization: `Bearer ${SECRET}` }, method = "GET") =>
  callRoute(method === "GET" ? cronGET : cronPOST, { method, url: "/api/cron/work", headers });

async function startBulk(user: TestUser, rows: number): Promise<string> {
  const conn = await addConnection(user, "OpenAI");
  const data = Array.from({ length: rows }, (_, i) => ({ Name: `Prospect ${i}`, Company: `Co ${i}` }));
  const file = (await importCsv(user.id, { fileName: "cron.csv", rows: data })) as { _id: string };
  const res = await callRoute(bulkPOST, {
    method: "POST",
    url: "/api/ai/bulk-batched",
    headers: user.headers,
    body: {
      prompt: "Write to {{Name}} at {{Company}}",
      jsonSchema: DEFAULT_JSON_SCHEMA,
      model: "gpt-4o-mini",
      useCase: "content_creation",
      connectionId: conn.json._id,
      csvId: file._id,
      rowsToProcess: rows,
    },
  });
  expect(res.status, res.text).toBe(200);
  return res.json.batchId as string;
}

/** Calls the cron route until nothing is left; the answers of every call. */
async function cronUntilDone(maxCalls = 40): Promise<Array<{ processed: number; remaining: number }>> {
  const answers: Array<{ processed: number; remaining: number }> = [];
  for (let i = 0; i < maxCalls; i++) {
    const res = await cron();
    expect(res.status, res.text).toBe(200);
    answers.push(res.json);
    if (res.json.remaining === 0) return answers;
  }
  throw new Error(`Still work left after ${maxCalls} cron calls: ${JSON.stringify(answers)}`);
}

describe("/api/cron/work authentication", () => {
  it("answers 401 {msg, code} without the secret, with a wrong one, or not as a Bearer token", async () => {
    const cases: Array<Record<string, string>> = [
      {},
      { authorization: "Bearer wrong-secret-0123456789abcdef" },
      { authorization: `Bearer ${SECRET}x` },
      { authorization: SECRET },
      { authorization: `Basic ${Buffer.from(`x:${SECRET}`).toString("base64")}` },
      { "x-auth-token": SECRET },
    ];
    for (const headers of cases) {
      for (const method of ["GET", "POST"]) {
        const res = await cron(headers, method);
        expect(res.status, JSON.stringify(headers)).toBe(401);
        expect(res.json).toEqual({ msg: "Invalid or missing cron secret", code: "unauthenticated" });
      }
    }
    expect(await db.select().from(workerHeartbeats)).toHaveLength(0);
  });

  it("with the secret (GET or POST) answers { processed, remaining } and records a cron heartbeat", async () => {
    for (const method of ["GET", "POST"]) {
      const res = await cron({ authorization: `Bearer ${SECRET}` }, method);
      expect(res.status, res.text).toBe(200);
      expect(res.json).toEqual({ processed: 0, remaining: 0 });
    }
    const beats = await db.select().from(workerHeartbeats);
    expect(beats).toHaveLength(1);
    expect(beats[0]).toMatchObject({ workerId: expect.stringMatching(/^cron:/), kind: "cron" });
  });
});

describe("a batch driven only by cron calls", () => {
  it("finishes over several calls; every row written once and charged once", async () => {
    const user = await newUser("cron");
    const complete = vi.spyOn(batchItemsModule, "completeItem");
    const batchId = await startBulk(user, 16);
    const usedBefore = (await getCredits(await userRow(user.id))).credits.used;
    expect(usedBefore).toBe(16);
    // Nothing runs the batch on its own in cron mode.
    expect((await db.select().from(batches).where(eq(batches.id, batchId)))[0]).toMatchObject({
      status: "queued",
      processed: 0,
    });

    const answers = await cronUntilDone();
    // At most two requests in flight for the first 0.7 s of each call: the 16 rows cannot fit in one.
    expect(answers.length).toBeGreaterThanOrEqual(2);
    expect(answers[0]).toMatchObject({ processed: 1, remaining: 1 });
    expect(answers.at(-1)).toEqual({ processed: 1, remaining: 0 });

    const [b] = await db.select().from(batches).where(eq(batches.id, batchId));
    expect(b).toMatchObject({
      status: "completed",
      processed: 16,
      failed: 0,
      total: 16,
      creditsReserved: 16,
      creditsRefunded: 0,
      leaseOwner: null,
    });
    // Each row completed exactly once, charged once (the reservation, nothing refunded or taken again).
    const completed = complete.mock.calls.map((call) => call[1]);
    expect(completed).toHaveLength(16);
    expect(new Set(completed).size).toBe(16);
    const items = await db
      .select({ status: batchItems.status })
      .from(batchItems)
      .where(eq(batchItems.batchId, batchId));
    expect(items.map((i) => i.status)).toEqual(Array(16).fill("done"));
    expect((await getCredits(await userRow(user.id))).credits.used).toBe(16);
    const file = await getCsvFile(user.id, b!.csvFileId!);
    expect(file.rows).toHaveLength(16);
    for (const [i, row] of file.rows.entries())
      expect(row["Subject Line"]).toBe(`Re: Write to Prospect ${i} at Co ${i}`);
    expect(fake.stats.calls.filter((c) => !c.endpoint.startsWith("models")).length).toBeGreaterThanOrEqual(16);
  });

  it("a call that died mid-run: the next call puts its job back (its heartbeat lapsed) and a later call finishes the run", async () => {
    const user = await newUser("cron-dead");
    const batchId = await startBulk(user, 3);
    const boss = await getBoss();
    // A call takes the run's job and dies before settling it: the job stays active, its beats stop.
    const [job] = await boss.fetch<WorkData>(QUEUES.run, { batchSize: 1, includeMetadata: true });
    expect(job?.data.id).toBe(batchId);
    // Time passes: its heartbeat lapses, and pg-boss's supervision of the queue (at most once a minute) is due.
    await db.execute(sql`update pgboss.job set heartbeat_on = now() - interval '5 minutes' where id = ${job!.id}`);
    await db.execute(
      sql`update pgboss.queue set monitor_claim_on = null, monitor_on = null where name = ${QUEUES.run}`,
    );
    expect((await cron()).json).toEqual({ processed: 0, remaining: 1 });
    const [retried] = await boss.findJobs<WorkData>(QUEUES.run, { id: job!.id });
    expect(retried).toMatchObject({ state: "retry", output: { value: { message: "job heartbeat timeout" } } });
    // Its retry is due after the queue's retry delay (moved to now instead of waiting for it).
    await db.execute(sql`update pgboss.job set start_after = now() where id = ${job!.id}`);
    await cronUntilDone();
    const [b] = await db.select().from(batches).where(eq(batches.id, batchId));
    expect(b).toMatchObject({ status: "completed", processed: 3, creditsRefunded: 0 });
    expect((await getCredits(await userRow(user.id))).credits.used).toBe(3);
  });

  it("a batch sent to the queue under another mode finishes under cron", async () => {
    e.WORKER_MODE = "inline";
    resetEnvForTests();
    const user = await newUser("cron-switch");
    const batchId = await startBulk(user, 4); // a pg-boss job is sent; no worker runs here
    e.WORKER_MODE = "cron";
    resetEnvForTests();
    await cronUntilDone();
    const [b] = await db.select().from(batches).where(eq(batches.id, batchId));
    expect(b).toMatchObject({ status: "completed", processed: 4, creditsRefunded: 0 });
  });
});
