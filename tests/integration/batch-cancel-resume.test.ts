import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { GET as statusGET } from "@/app/api/ai/batch-status/[id]/route";
import { POST as cancelPOST } from "@/app/api/ai/cancel-batch/[id]/route";
import { ProviderError } from "@/lib/ai/errors";
import { generateStructured } from "@/lib/ai/generate";
import type { GenerationOutput, GenerationRequest } from "@/lib/ai/generation-types";
import { db } from "@/lib/db";
import { batches } from "@/lib/db/schema";
import { runBatch } from "@/lib/services/generation/run-batch";
import { newUser, type TestUser, withFakeProviderAndDatabase } from "../support/ai";
import { startRowsRun } from "../support/runs";
import { callRoute } from "../support/http";

const fake = withFakeProviderAndDatabase();
beforeEach(() => fake.reset());

type Generate = (req: GenerationRequest) => Promise<GenerationOutput>;

const setup = (n: number) => startRowsRun("cancel", n);

const cancel = (u: TestUser, id: string) =>
  callRoute(cancelPOST, { method: "POST", url: `/api/ai/cancel-batch/${id}`, headers: u.headers, params: { id } });
const status = async (u: TestUser, id: string) =>
  (await callRoute(statusGET, { url: `/api/ai/batch-status/${id}`, headers: u.headers, params: { id } })).json;
const rowOf = (req: GenerationRequest) => /Write to (Row\d+) at/.exec(req.prompt)![1]!;

interface Deferred {
  promise: Promise<void>;
  resolve: () => void;
}
function deferred(): Deferred {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe("cancel", () => {
  it("while running: cancelling, then cancelled; only rows never started are refunded", async () => {
    fake.setOptions({ latencyMs: 300 });
    const b = await setup(20);
    expect(await b.used()).toBe(20);
    let delivered = 0;
    const fourDone = deferred();
    const generate: Generate = async (req) => {
      const out = await generateStructured(req);
      if (++delivered === 4) fourDone.resolve();
      return out;
    };
    const run = runBatch(b.batchId, { workerId: "w-cancel", fixedConcurrency: 2, generate });
    await fourDone.promise;
    const res = await cancel(b.user, b.batchId);
    expect(res.status, res.text).toBe(200);
    expect(["cancelling", "cancelled"]).toContain(res.json.status);
    expect(res.json.creditsRefunded).toBeGreaterThanOrEqual(20 - 4 - 2);

    expect(await run).toBe("done");
    const s = await status(b.user, b.batchId);
    expect(s.status).toBe("cancelled");
    const processed = s.progress.processed as number;
    expect(processed).toBeGreaterThanOrEqual(4);
    expect(processed).toBeLessThanOrEqual(4 + 2);
    expect(s.creditsRefunded).toBe(20 - processed);
    expect(await b.used()).toBe(processed);
    expect(fake.stats.calls.length).toBe(processed);
    const generated = (await b.rows()).filter((r) => r["Subject Line"]);
    expect(generated).toHaveLength(processed);
  });

  it("a queued batch is cancelled at once with everything refunded; cancelling again refunds nothing", async () => {
    const b = await setup(7);
    const res = await cancel(b.user, b.batchId);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "cancelled", creditsRefunded: 7, progress: { processed: 0, total: 7 } });
    expect(await b.used()).toBe(0);
    expect(await runBatch(b.batchId, { workerId: "w-late" })).toBe("busy");
    const again = await cancel(b.user, b.batchId);
    expect(again.json).toMatchObject({ status: "cancelled", creditsRefunded: 7 });
    expect(await b.used()).toBe(0);
    expect(fake.stats.calls).toHaveLength(0);
  });

  it("is owner-only (404 for another user, 401 without a session)", async () => {
    const b = await setup(2);
    const other = await newUser("cancel-other");
    expect((await cancel(other, b.batchId)).status).toBe(404);
    expect(
      (
        await callRoute(cancelPOST, {
          method: "POST",
          url: `/api/ai/cancel-batch/${b.batchId}`,
          params: { id: b.batchId },
        })
      ).status,
    ).toBe(401);
    expect((await status(b.user, b.batchId)).status).toBe("queued");
    expect(await b.used()).toBe(2);
  });

  it("an in-flight row that fails transiently after the cancel is refunded too, and the batch ends 'cancelled'", async () => {
    const b = await setup(4);
    const gates = new Map<string, Deferred>();
    const started = deferred();
    const generate: Generate = async (req) => {
      const gate = deferred();
      gates.set(rowOf(req), gate);
      if (gates.size === 2) started.resolve();
      await gate.promise;
      if (rowOf(req) === "Row0")
        throw new ProviderError("server_error", "OpenAI had a server error (500). Please try again.", undefined, 500);
      return generateStructured(req);
    };
    const run = runBatch(b.batchId, { workerId: "w-transient", fixedConcurrency: 2, generate });
    await started.promise;
    const res = await cancel(b.user, b.batchId);
    expect(res.json).toMatchObject({ status: "cancelling", creditsRefunded: 2 });
    for (const gate of gates.values()) gate.resolve();
    expect(await run).toBe("done");
    const s = await status(b.user, b.batchId);
    expect(s).toMatchObject({ status: "cancelled", progress: { processed: 1, total: 4 }, creditsRefunded: 3 });
    expect(await b.used()).toBe(1);
  });

  it("a batch failed by a bad key also refunds a row that fails transiently afterwards", async () => {
    const b = await setup(3);
    const gates = new Map<string, Deferred>();
    const started = deferred();
    const generate: Generate = async (req) => {
      const gate = deferred();
      gates.set(rowOf(req), gate);
      if (gates.size === 2) started.resolve();
      await gate.promise;
      if (rowOf(req) === "Row0")
        throw new ProviderError("invalid_key", "The OpenAI API key is invalid or has been revoked.", undefined, 401);
      throw new ProviderError("overloaded", "OpenAI is overloaded right now.", 10, 529);
    };
    const run = runBatch(b.batchId, { workerId: "w-fatal", fixedConcurrency: 2, generate });
    await started.promise;
    gates.get("Row0")!.resolve();
    await vi.waitFor(async () => expect((await status(b.user, b.batchId)).status).toBe("failed"), {
      timeout: 5000,
      interval: 20,
    });
    gates.get("Row1")!.resolve();
    expect(await run).toBe("done");
    const s = await status(b.user, b.batchId);
    expect(s).toMatchObject({ status: "failed", creditsRefunded: 3 });
    expect(s.error).toMatch(/API key is invalid/);
    expect(await b.used()).toBe(0);
  });
});

describe("restart and resume", () => {
  it("a crashed worker's batch is finished by another: every row generated once, charged once", async () => {
    fake.setOptions({ latencyMs: 20 });
    const b = await setup(12);
    const successes = new Map<string, number>();
    const count = (req: GenerationRequest) => successes.set(rowOf(req), (successes.get(rowOf(req)) ?? 0) + 1);

    // Worker 1 "crashes" after 5 delivered results: later answers never arrive.
    const crash = new AbortController();
    const never = new Promise<never>(() => {});
    let delivered = 0;
    const generate1: Generate = async (req) => {
      if (crash.signal.aborted) return never;
      const out = await generateStructured(req);
      if (crash.signal.aborted) return never;
      count(req);
      if (++delivered === 5) crash.abort();
      return out;
    };
    void runBatch(b.batchId, { workerId: "w1", fixedConcurrency: 3, generate: generate1, signal: crash.signal });
    await vi.waitFor(async () => expect((await status(b.user, b.batchId)).progress.processed).toBe(5), {
      timeout: 10_000,
      interval: 20,
    });
    const afterCrash = await b.rows();
    const doneBefore = afterCrash.map((r, i) => [i, r["AI Response"]] as const).filter(([, ai]) => ai);
    expect(doneBefore).toHaveLength(5);
    expect((await status(b.user, b.batchId)).status).toBe("running");

    // While worker 1's lease is live nobody else may take the batch.
    expect(await runBatch(b.batchId, { workerId: "w2" })).toBe("busy");

    // The lease lapses (instead of waiting 30 s); worker 2 resumes.
    await db
      .update(batches)
      .set({ leaseUntil: sql`now() - interval '1 minute'` })
      .where(eq(batches.id, b.batchId));
    const seen2: string[] = [];
    const generate2: Generate = async (req) => {
      seen2.push(rowOf(req));
      const out = await generateStructured(req);
      count(req);
      return out;
    };
    expect(await runBatch(b.batchId, { workerId: "w2", generate: generate2 })).toBe("done");

    const s = await status(b.user, b.batchId);
    expect(s).toMatchObject({
      status: "completed",
      progress: { processed: 12, total: 12 },
      failed: 0,
      creditsRefunded: 0,
    });
    expect(await b.used()).toBe(12);
    const rows = await b.rows();
    for (let i = 0; i < 12; i++) {
      expect(rows[i]!["Subject Line"]).toContain(`Row${i} at Co${i}`);
      expect(successes.get(`Row${i}`), `Row${i}`).toBe(1);
    }
    // Finished items were neither redone nor rewritten.
    for (const [i, ai] of doneBefore) {
      expect(seen2).not.toContain(`Row${i}`);
      expect(rows[i]!["AI Response"]).toBe(ai);
    }
    expect(seen2).toHaveLength(7);
  });

  it("the lease is renewed while every request in flight is slow, so no other worker takes over", async () => {
    const b = await setup(2);
    const gate = deferred();
    const started = deferred();
    const generate: Generate = async (req) => {
      started.resolve();
      await gate.promise;
      return generateStructured(req);
    };
    const run = runBatch(b.batchId, { workerId: "w-slow", fixedConcurrency: 1, generate });
    await started.promise;
    const leaseLive = async () => {
      const { rows } = await db.execute<{ live: boolean }>(
        sql`select lease_until > now() as live from batches where id = ${b.batchId}`,
      );
      return rows[0]!.live;
    };
    // 11 s pass on the worker's clock (Date only; timers stay real) and the lease has lapsed in the database.
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
    try {
      vi.setSystemTime(Date.now() + 11_000);
      await db
        .update(batches)
        .set({ leaseUntil: sql`now() - interval '1 second'` })
        .where(eq(batches.id, b.batchId));
      await vi.waitFor(async () => expect(await leaseLive()).toBe(true), { timeout: 3000, interval: 50 });
    } finally {
      vi.useRealTimers();
    }
    expect(await runBatch(b.batchId, { workerId: "w-other" })).toBe("busy");
    gate.resolve();
    expect(await run).toBe("done");
    expect(await status(b.user, b.batchId)).toMatchObject({
      status: "completed",
      progress: { processed: 2, total: 2 },
    });
  });
});
