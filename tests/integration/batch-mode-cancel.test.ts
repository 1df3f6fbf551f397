import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { GET as statusGET } from "@/app/api/ai/batch-status/[id]/route";
import { POST as cancelPOST } from "@/app/api/ai/cancel-batch/[id]/route";
import { DEFAULT_JSON_SCHEMA } from "@/lib/ai/defaults";
import { db } from "@/lib/db";
import { batches, generationUsage } from "@/lib/db/schema";
import { resetEnvForTests } from "@/lib/env";
import { runDueWork } from "@/lib/queue/cron";
import { listOutbox } from "@/lib/mail/outbox-driver";
import { getCredits } from "@/lib/services/credits/credits";
import { importCsv } from "@/lib/services/csv/csv-import";
import { runBatch } from "@/lib/services/generation/run-batch";
import { startBatch } from "@/lib/services/generation/start-batch";
import { startFakeProviderForApp, addConnection, newUser, userRow, type TestUser } from "../support/ai";
import type { FakeProviderHandle } from "../fakes/ai-provider";
import { closeDatabase, setupTestDatabase } from "../support/db";
import { callRoute } from "../support/http";
import { privateDatabase } from "../support/private-db";

// The cron test runs every due batch: with a shared PostgreSQL it would take other files' batches.
const database = privateDatabase("batchmode");
let fake: FakeProviderHandle;
beforeAll(async () => {
  await database.create();
  await setupTestDatabase();
  fake = await startFakeProviderForApp();
});
afterAll(async () => {
  await fake?.close();
  await closeDatabase();
  await database.drop();
});
beforeEach(() => fake.reset());

const FAST = { timing: { firstPollSeconds: 1, holdMs: 60_000, stepMs: 50 } };

async function setupRun(n: number, provider: "OpenAI" | "Anthropic") {
  const user = await newUser("bmc");
  const conn = (await addConnection(user, provider)).json as { _id: string };
  const rows = Array.from({ length: n }, (_, i) => ({ Name: `Row${i}`, Company: `Co${i}` }));
  const file = (await importCsv(user.id, { fileName: "bmc.csv", rows })) as { _id: string };
  const { batchId } = await startBatch(await userRow(user.id), {
    csvId: file._id,
    prompt: "Write to {{Name}} at {{Company}}",
    jsonSchema: DEFAULT_JSON_SCHEMA,
    connectionId: conn._id,
    model: provider === "OpenAI" ? "gpt-4o-mini" : "claude-haiku-4-5-20251001",
    useCase: "content_creation",
    rowsToProcess: n,
    maxCostUsd: null,
    mode: "batch",
  });
  return {
    user,
    batchId,
    used: async () => (await getCredits(await userRow(user.id))).credits.used,
    ledger: () => db.select().from(generationUsage).where(eq(generationUsage.batchId, batchId)),
  };
}

const status = async (u: TestUser, id: string) =>
  (await callRoute(statusGET, { url: `/api/ai/batch-status/${id}`, headers: u.headers, params: { id } })).json;
const cancel = (u: TestUser, id: string) =>
  callRoute(cancelPOST, { method: "POST", url: `/api/ai/cancel-batch/${id}`, headers: u.headers, params: { id } });

describe("cancel in batch mode", () => {
  for (const provider of ["OpenAI", "Anthropic"] as const) {
    it(`${provider}: cancels at the provider; returned rows are charged, the rest refunded exactly`, async () => {
      // 20 requests over 4 s of the fake's own clock (one every 200 ms), which the test moves: 7 are
      // done when the cancel arrives, and the batch ends 100 ms after the fake has received the cancel.
      let fakeNow = Date.now();
      fake.setOptions({ now: () => fakeNow, batch: { completeAfterMs: 4_000, cancelAfterMs: 100 } });
      const run = await setupRun(20, provider);
      const worker = runBatch(run.batchId, { workerId: "wc", ...FAST });
      await vi.waitFor(async () => expect((await status(run.user, run.batchId)).provider?.submitted).toBe(20), {
        timeout: 20_000,
        interval: 50,
      });
      fakeNow += 1_500;
      const res = await cancel(run.user, run.batchId);
      expect(res.status).toBe(200);
      expect(res.json.status).toBe("cancelling");
      expect(res.json.mode).toBe("batch");
      const cancels = () => Object.keys(fake.stats.byEndpoint).filter((k) => k.endsWith("/cancel")).length;
      await vi.waitFor(() => expect(cancels()).toBe(1), { timeout: 20_000, interval: 50 });
      fakeNow += 200;
      expect(await worker).toBe("done");
      const s = await status(run.user, run.batchId);
      expect(s.status).toBe("cancelled");
      const returned = s.progress.processed as number;
      expect(returned).toBeGreaterThan(0);
      expect(returned).toBeLessThan(20);
      expect(s.provider.returned).toBe(returned);
      expect(s.provider.batches[0].status).toBe(provider === "OpenAI" ? "cancelled" : "ended");
      expect(s.creditsRefunded).toBe(20 - returned);
      expect(await run.used()).toBe(returned);
      expect(await run.ledger()).toHaveLength(returned);
      expect(Object.keys(fake.stats.byEndpoint).filter((k) => k.endsWith("/cancel"))).toHaveLength(1);
      const mails = await listOutbox(run.user.email);
      expect(mails.filter((m) => m.subject.startsWith("Your batch run was cancelled"))).toHaveLength(1);
    });
  }

  it("a parked run (between polls) is woken by the cancel; nothing returned: everything refunded", async () => {
    fake.setOptions({ batch: { completeAfterMs: 1e12, cancelAfterMs: 50 } });
    const run = await setupRun(6, "OpenAI");
    // holdMs 0: the run submits, then parks the batch until its first poll and returns.
    expect(await runBatch(run.batchId, { workerId: "wp", timing: { firstPollSeconds: 60, holdMs: 0 } })).toBe("done");
    const [parked] = await db.select().from(batches).where(eq(batches.id, run.batchId));
    expect(parked!.leaseOwner).toBeNull();
    expect(parked!.leaseUntil!.getTime()).toBeGreaterThan(Date.now() + 30_000);
    expect((await status(run.user, run.batchId)).provider).toMatchObject({ submitted: 6, returned: 0 });
    const res = await cancel(run.user, run.batchId);
    expect(res.json.status).toBe("cancelling");
    const [woken] = await db.select().from(batches).where(eq(batches.id, run.batchId));
    expect(woken!.leaseUntil).toBeNull();
    expect(await runBatch(run.batchId, { workerId: "wp2", ...FAST })).toBe("done");
    const s = await status(run.user, run.batchId);
    expect(s).toMatchObject({ status: "cancelled", creditsRefunded: 6, progress: { processed: 0, total: 6 } });
    expect(await run.used()).toBe(0);
  });
});

describe("cancel before submission", () => {
  it("cancelled at once, everything refunded, one e-mail; nothing reaches the provider", async () => {
    const run = await setupRun(4, "OpenAI");
    const res = await cancel(run.user, run.batchId);
    expect(res.json).toMatchObject({ status: "cancelled", creditsRefunded: 4, mode: "batch" });
    await cancel(run.user, run.batchId);
    expect(await runBatch(run.batchId, { workerId: "wq", ...FAST })).toBe("busy");
    expect(await run.used()).toBe(0);
    const mails = (await listOutbox(run.user.email)).filter((m) => m.subject.startsWith("Your batch run"));
    expect(mails.map((m) => m.subject)).toEqual(["Your batch run was cancelled: 0 of 4 rows"]);
    expect(fake.stats.byEndpoint["openai POST /v1/batches"]).toBeUndefined();
  });
});

describe("WORKER_MODE=cron", () => {
  it("a batch-mode run is submitted, polled and collected by /api/cron/work calls", async () => {
    process.env.WORKER_MODE = "cron";
    process.env.CRON_SECRET = "cron-secret-0123456789abcdef";
    resetEnvForTests();
    try {
      fake.setOptions({ batch: { completeAfterMs: 100 } });
      const run = await setupRun(5, "Anthropic");
      // First call: submission, then the run waits in place for its first poll (10 s) and collects.
      const first = await runDueWork(25_000);
      expect(first.processed).toBeGreaterThanOrEqual(1);
      const s = await status(run.user, run.batchId);
      expect(s).toMatchObject({ status: "completed", progress: { processed: 5, total: 5 } });
      expect(await run.ledger()).toHaveLength(5);
      expect((await runDueWork(2_000)).remaining).toBe(0);
    } finally {
      delete process.env.WORKER_MODE;
      delete process.env.CRON_SECRET;
      resetEnvForTests();
    }
  }, 60_000);
});
