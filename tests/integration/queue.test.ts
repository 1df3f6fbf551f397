import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { JobWithMetadata } from "pg-boss";
import { generateStructured } from "@/lib/ai/generate";
import { db } from "@/lib/db";
import { backgroundJobs, batches } from "@/lib/db/schema";
import { GAVE_UP, runAttempt } from "@/lib/queue/attempt";
import { getBoss, QUEUES } from "@/lib/queue/boss";
import type { WorkData } from "@/lib/queue/enqueue";
import { WORK } from "@/lib/queue/work";
import { createJob } from "@/lib/services/background-jobs/jobs";
import { resumeBatch, pauseBatch } from "@/lib/services/generation/batch-control";
import { runBatch } from "@/lib/services/generation/run-batch";
import { newUser, withFakeProviderAndDatabase } from "../support/ai";
import { startRowsRun } from "../support/runs";

// One queue for every kind of background work (docs/architecture.md): the job is queued in the
// transaction that records the work, pg-boss's heartbeat finds a dead worker, a retry continues from
// the recorded progress, and the last retry's failure ends the work instead of leaving it running.

const fake = withFakeProviderAndDatabase();
beforeEach(() => fake.reset());
afterEach(() => vi.restoreAllMocks());

async function startRun(n: number) {
  const run = await startRowsRun("queue", n);
  return { ...run, batch: async () => (await db.select().from(batches).where(eq(batches.id, run.batchId)))[0]! };
}

/** Takes the run's job from the queue as a worker does (the other files' jobs are left alone). */
async function takeRunJob(batchId: string): Promise<JobWithMetadata<WorkData>> {
  const boss = await getBoss();
  const [job] = await boss.findJobs<WorkData>(QUEUES.run, { data: { id: batchId }, queued: true });
  expect(job, `a queued job for run ${batchId}`).toBeDefined();
  await db.execute(sql`update pgboss.job set priority = 1000 where id = ${job!.id}`);
  const fetched = await boss.fetch<WorkData>(QUEUES.run, { batchSize: 1, includeMetadata: true, priority: true });
  expect(fetched.map((j) => j.id)).toEqual([job!.id]);
  return fetched[0]!;
}

describe("one queue for background work", () => {
  it("a started run is queued with it (same transaction); a paused one is queued again when resumed", async () => {
    const run = await startRun(2);
    const boss = await getBoss();
    const queued = () => boss.findJobs<WorkData>(QUEUES.run, { data: { id: run.batchId }, queued: true });
    expect(await queued()).toHaveLength(1);
    await pauseBatch(run.user.id, run.batchId);
    const job = await takeRunJob(run.batchId);
    // The paused run is not taken: its job ends, and nothing is left queued.
    expect(await runAttempt("run", job, { workerId: `w:${job.id}` })).toBe("done");
    await boss.complete(QUEUES.run, job);
    expect(await queued()).toHaveLength(0);
    await resumeBatch(run.user.id, run.batchId);
    expect(await queued()).toHaveLength(1);
    const again = await takeRunJob(run.batchId);
    expect(await runAttempt("run", again, { workerId: `w:${again.id}` })).toBe("done");
    expect(await run.batch()).toMatchObject({ status: "completed", processed: 2 });
  });

  it("a worker that dies mid-run stops beating: pg-boss retries the job and the next worker finishes the run, every row once", async () => {
    fake.setOptions({ latencyMs: 100 });
    const run = await startRun(8);
    const job = await takeRunJob(run.batchId);
    // Worker A runs the job and "dies" after 3 rows: no more heartbeat, its lease not released.
    const crash = new AbortController();
    let delivered = 0;
    const calls = new Map<string, number>();
    const generate: typeof generateStructured = async (req) => {
      const out = await generateStructured(req);
      const row = /Write to (Row\d+)/.exec(req.prompt)![1]!;
      calls.set(row, (calls.get(row) ?? 0) + 1);
      if (++delivered === 3) crash.abort();
      return out;
    };
    await runBatch(run.batchId, { workerId: `A:${job.id}`, fixedConcurrency: 1, generate, signal: crash.signal });
    expect((await run.batch()).processed).toBe(3);

    // Time passes: the job's heartbeat and the run's lease lapse; pg-boss's supervisor puts the job back.
    await db.execute(sql`update pgboss.job set heartbeat_on = now() - interval '5 minutes' where id = ${job.id}`);
    await db
      .update(batches)
      .set({ leaseUntil: sql`now() - interval '1 minute'` })
      .where(eq(batches.id, run.batchId));
    // pg-boss supervises a queue at most once a minute (any process): that minute has passed.
    await db.execute(
      sql`update pgboss.queue set monitor_claim_on = null, monitor_on = null where name = ${QUEUES.run}`,
    );
    const boss = await getBoss();
    await boss.supervise(QUEUES.run);
    const [retried] = await boss.findJobs<WorkData>(QUEUES.run, { id: job.id });
    expect(retried).toMatchObject({ state: "retry", output: { value: { message: "job heartbeat timeout" } } });

    // Worker B takes the retried job and finishes the run.
    await db.execute(sql`update pgboss.job set start_after = now() where id = ${job.id}`);
    const again = await takeRunJob(run.batchId);
    expect(again).toMatchObject({ id: job.id, retryCount: 1 });
    vi.spyOn(WORK.run, "handle").mockImplementationOnce(async (id, ctx) =>
      (await runBatch(id, { workerId: ctx.workerId, generate })) === "yielded" ? "yielded" : "done",
    );
    expect(await runAttempt("run", again, { workerId: `B:${again.id}` })).toBe("done");
    expect(await run.batch()).toMatchObject({ status: "completed", processed: 8, failed: 0, creditsRefunded: 0 });
    expect(await run.used()).toBe(8);
    for (let i = 0; i < 8; i++) expect(calls.get(`Row${i}`), `Row${i}`).toBe(1);
  });

  it("the last retry's failure ends the run failed with every unwritten row refunded", async () => {
    const run = await startRun(4);
    const job = await takeRunJob(run.batchId);
    vi.spyOn(WORK.run, "handle").mockRejectedValue(new Error("connection terminated"));
    await expect(runAttempt("run", { ...job, retryCount: 2 }, { workerId: "w" })).rejects.toThrow("connection");
    expect((await run.batch()).status).toBe("queued");
    await expect(runAttempt("run", { ...job, retryCount: job.retryLimit }, { workerId: "w" })).rejects.toThrow();
    expect(await run.batch()).toMatchObject({ status: "failed", error: GAVE_UP, creditsRefunded: 4 });
    expect(await run.used()).toBe(0);
  });

  it("a background job the queue gave up on ends failed with the message, whoever held it", async () => {
    const user = await newUser("queue-job");
    const job = await createJob({
      userId: user.id,
      kind: "webhook_export",
      total: 1,
      payload: { target: "make", rows: [] },
    });
    const [queued] = await (
      await getBoss()
    ).findJobs<WorkData>(QUEUES.webhook_export, { data: { id: job.id }, queued: true });
    expect(queued).toBeDefined();
    await db.update(backgroundJobs).set({ status: "running", leaseOwner: "dead" }).where(eq(backgroundJobs.id, job.id));
    vi.spyOn(WORK.webhook_export, "handle").mockRejectedValue(new Error("connection terminated"));
    const last = { ...queued!, retryCount: queued!.retryLimit };
    await expect(runAttempt("webhook_export", last, { workerId: "w" })).rejects.toThrow("connection");
    const [after] = await db.select().from(backgroundJobs).where(eq(backgroundJobs.id, job.id));
    expect(after).toMatchObject({ status: "failed", msg: GAVE_UP, error: GAVE_UP, leaseOwner: null });
  });
});
