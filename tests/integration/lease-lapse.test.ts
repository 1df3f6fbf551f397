import { eq, getTableName, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { JobWithMetadata } from "pg-boss";
import { db } from "@/lib/db";
import { backgroundJobs, batches, emailChecks, pushes } from "@/lib/db/schema";
import { runAttempt } from "@/lib/queue/attempt";
import { getBoss, QUEUES, type WorkKind } from "@/lib/queue/boss";
import { enqueue, type WorkData } from "@/lib/queue/enqueue";
import { DEFAULT_JSON_SCHEMA } from "@/lib/ai/defaults";
import { createJob } from "@/lib/services/background-jobs/jobs";
import { newUser, withFakeProviderAndDatabase } from "../support/ai";
import { addressFile, checksApi, withFakeDns } from "../support/email-checks";
import { connectedCampaign, generatedFile, generatedRow } from "../support/push-files";
import { startRowsRun } from "../support/runs";
import { sendingApi, withFakeSendingTools } from "../support/sending";

// Work whose lease another worker holds comes back when that lease lapses. A worker killed mid-work keeps
// its lease (a run's 30 s, a push's 120 s) after the queue has already handed its job out again (30 s of
// missed heartbeat): the job that finds the lease held must queue the work again for when it lapses, or
// the work stays "running" for ever. Every leased kind: runs, pushes, address checks, background jobs.

withFakeProviderAndDatabase();
const tools = withFakeSendingTools();
const dns = withFakeDns();
beforeEach(() => dns().set("acme.test", { mx: ["mx.acme.test"] }));

const TABLES = { run: batches, push: pushes, email_check: emailChecks, webhook_export: backgroundJobs } as const;
type Kind = keyof typeof TABLES;

/** Starts one piece of work of each kind, queued with its job; answers its id. */
const START: Record<Kind, () => Promise<string>> = {
  run: async () => (await startRowsRun("lease-run", 3)).batchId,
  push: async () => {
    const user = await newUser("lease-push");
    const campaign = await connectedCampaign(tools(), user, "lemlist");
    const file = await generatedFile(
      user,
      [0, 1, 2].map((i) => generatedRow(i)),
    );
    const res = await sendingApi.push(user, file.csvId, campaign);
    expect(res.status, res.text).toBe(202);
    return res.json.pushId as string;
  },
  email_check: async () => {
    const user = await newUser("lease-check");
    const file = await addressFile(user, ["a@acme.test", "b@acme.test"]);
    const res = await checksApi.start(user, file.csvId, {});
    expect(res.status, res.text).toBe(202);
    return res.json.checkId as string;
  },
  webhook_export: async () => {
    const user = await newUser("lease-job");
    return (
      await createJob({ userId: user.id, kind: "webhook_export", total: 1, payload: { target: "make", rows: [] } })
    ).id;
  },
};

/** How each piece of work ends here (an export whose user set no Make webhook ends failed: it ended). */
const ENDED: Record<Kind, string> = {
  run: "completed",
  push: "completed",
  email_check: "completed",
  webhook_export: "failed",
};

async function statusOf(kind: Kind, id: string): Promise<string> {
  const table = TABLES[kind];
  const [row] = await db.select({ status: table.status }).from(table).where(eq(table.id, id));
  return row!.status;
}

/** The work's jobs that will still run (waiting or waiting to retry; not the one running). */
async function waitingJobs(kind: WorkKind, id: string) {
  return (await getBoss()).findJobs<WorkData>(QUEUES[kind], { data: { id }, queued: true });
}

/** Takes the work's one waiting job as a worker does once its time has come. */
async function takeJob(kind: WorkKind, id: string): Promise<JobWithMetadata<WorkData>> {
  const [job] = await waitingJobs(kind, id);
  expect(job, `a waiting ${kind} job for ${id}`).toBeDefined();
  await db.execute(sql`update pgboss.job set priority = 1000, start_after = now() where id = ${job!.id}`);
  const boss = await getBoss();
  const fetched = await boss.fetch<WorkData>(QUEUES[kind], { batchSize: 1, includeMetadata: true, priority: true });
  expect(fetched.map((j) => j.id)).toEqual([job!.id]);
  return fetched[0]!;
}

/** Holds the work as a worker that died mid-work does: running, its lease valid for `seconds` more. */
async function holdByDeadWorker(kind: Kind, id: string, seconds: number): Promise<Date> {
  const table = sql.identifier(getTableName(TABLES[kind]));
  const result = await db.execute<{ lease_until: string | Date }>(sql`update ${table} set status = 'running',
      lease_owner = 'dead-worker', lease_until = now() + make_interval(secs => ${seconds})
    where id = ${id} returning lease_until`);
  return new Date(result.rows[0]!.lease_until);
}

async function lapseLease(kind: Kind, id: string): Promise<void> {
  const table = TABLES[kind];
  await db
    .update(table)
    .set({ leaseUntil: sql`now() - interval '1 second'` })
    .where(eq(table.id, id));
}

describe("work held by a dead worker's lease comes back when the lease lapses", () => {
  for (const kind of Object.keys(START) as Kind[]) {
    it(`${kind}: the job that finds it held queues it again for then; that job finishes it`, async () => {
      const id = await START[kind]();
      const first = await takeJob(kind, id);
      const leaseUntil = await holdByDeadWorker(kind, id, 90);
      expect(await runAttempt(kind, first, { workerId: `w1:${first.id}` })).toBe("done");
      await (await getBoss()).complete(QUEUES[kind], first.id);

      const [again] = await waitingJobs(kind, id);
      expect(again, "the work is queued again").toBeDefined();
      expect(again!.startAfter.getTime()).toBeGreaterThanOrEqual(leaseUntil.getTime());
      expect(again!.startAfter.getTime()).toBeLessThanOrEqual(leaseUntil.getTime() + 5_000);
      expect(await statusOf(kind, id)).toBe("running");

      await lapseLease(kind, id);
      const second = await takeJob(kind, id);
      expect(await runAttempt(kind, second, { workerId: `w2:${second.id}` })).toBe("done");
      await (await getBoss()).complete(QUEUES[kind], second.id);
      expect(await statusOf(kind, id)).toBe(ENDED[kind]);
      expect(await waitingJobs(kind, id)).toHaveLength(0);
    });
  }

  it("a provider-batch run held by a dead worker is queued again for the lease's end; that job finishes it", async () => {
    const { batchId: id } = await startRowsRun("lease-batch-mode", 3, undefined, {
      mode: "batch",
      jsonSchema: DEFAULT_JSON_SCHEMA,
      maxCostUsd: null,
    });
    const first = await takeJob("run", id);
    const leaseUntil = await holdByDeadWorker("run", id, 60);
    expect(await runAttempt("run", first, { workerId: `w1:${first.id}` })).toBe("done");
    await (await getBoss()).complete(QUEUES.run, first.id);
    const [again] = await waitingJobs("run", id);
    expect(again!.startAfter.getTime()).toBeGreaterThanOrEqual(leaseUntil.getTime());

    await lapseLease("run", id);
    const second = await takeJob("run", id);
    expect(await runAttempt("run", second, { workerId: `w2:${second.id}` })).toBe("done");
    await (await getBoss()).complete(QUEUES.run, second.id);
    const [run] = await db.select().from(batches).where(eq(batches.id, id));
    expect(run).toMatchObject({ status: "completed", processed: 3, leaseOwner: null });
    expect(await waitingJobs("run", id)).toHaveLength(0);
  });

  it("a live holder's own job still running: a second job that finds the work held queues nothing more", async () => {
    const id = await START.push();
    const holder = await takeJob("push", id);
    await db.execute(sql`update pushes set status = 'running', lease_owner = ${`w1:${holder.id}`},
        lease_until = now() + interval '2 minutes' where id = ${id}`);
    await enqueue("push", id);
    const duplicate = await takeJob("push", id);
    expect(await runAttempt("push", duplicate, { workerId: `w2:${duplicate.id}` })).toBe("done");
    expect(await waitingJobs("push", id)).toHaveLength(0);
    // The holder carries it out under its own lease.
    expect(await runAttempt("push", holder, { workerId: `w1:${holder.id}` })).toBe("done");
    expect(await statusOf("push", id)).toBe("completed");
    expect(await waitingJobs("push", id)).toHaveLength(0);
  });

  it("work that is over or free is not queued again", async () => {
    const id = await START.webhook_export();
    const job = await takeJob("webhook_export", id);
    expect(await runAttempt("webhook_export", job, { workerId: `w:${job.id}` })).toBe("done");
    expect(await statusOf("webhook_export", id)).toBe(ENDED.webhook_export);
    expect(await waitingJobs("webhook_export", id)).toHaveLength(0);
  });
});
