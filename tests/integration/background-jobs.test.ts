import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { GET as jobGET } from "@/app/api/jobs/[id]/route";
import { db } from "@/lib/db";
import { backgroundJobs } from "@/lib/db/schema";
import { resetEnvForTests } from "@/lib/env";
import { getBoss, QUEUES } from "@/lib/queue/boss";
import { runAttempt } from "@/lib/queue/attempt";
import type { WorkData } from "@/lib/queue/enqueue";
import { listOutbox, outboxDriver } from "@/lib/mail/outbox-driver";
import { resetResendClientForTests } from "@/lib/mail/resend-driver";
import { MailBatchError } from "@/lib/mail/types";
import { MAIL_CHUNK } from "@/lib/services/background-jobs/bulk-email-job";
import { runJob } from "@/lib/services/background-jobs/run-job";
import { startFakeResend } from "../fakes/resend-api";
import { hasValidSignature, type WebhookReceiver } from "../fakes/webhook-receiver";
import { newUser, type TestUser } from "../support/ai";
import { adminApi, insertUser, newAdmin, uniqueTag } from "../support/admin";
import { closeDatabase, setupTestDatabase } from "../support/db";
import { STRONG_PASSWORD, uniqueEmail } from "../support/factories";
import { callRoute, registerAndVerify } from "../support/http";
import { deliveriesOf, hooksApi, rowsOf, setWebhookEnv, startReceiverForMode } from "../support/webhooks";

// Admin bulk e-mail and webhook exports above 2,000 rows run as background jobs: a job row with
// persisted progress plus a pg-boss job. The tests run the jobs the way the worker does (runJob),
// stop one between chunks as a crash would, and let a second worker continue.

type H = Record<string, string> | undefined;
const jobStatus = (h: H, id: string) =>
  callRoute(jobGET, { url: `/api/jobs/${encodeURIComponent(id)}`, headers: h, params: { id } });

let admin: Awaited<ReturnType<typeof newAdmin>>;
let rx: WebhookReceiver;
const backoff = MAIL_CHUNK.backoffMs;

beforeAll(async () => {
  await setupTestDatabase();
  admin = await newAdmin("Jobs Admin");
  rx = await startReceiverForMode();
});
beforeEach(() => {
  rx.reset();
  setWebhookEnv({ allowPrivate: "1", zapierPrefix: `${rx.origin}/` });
  MAIL_CHUNK.backoffMs = 5;
});
afterEach(() => {
  vi.restoreAllMocks();
  MAIL_CHUNK.backoffMs = backoff;
});
afterAll(async () => {
  await rx?.close();
  await closeDatabase();
});

/** The lease of a "crashed" worker lapses (instead of waiting 2 minutes). */
const expireLease = (jobId: string) =>
  db
    .update(backgroundJobs)
    .set({ leaseUntil: sql`now() - interval '1 minute'` })
    .where(eq(backgroundJobs.id, jobId));

async function recipients(n: number, tag = uniqueTag("Reader")) {
  const people = [];
  for (let i = 0; i < n; i++) people.push(await insertUser({ name: `${tag} ${i}` }));
  return people;
}

const mailsTo = async (email: string, subject: string) =>
  (await listOutbox(email)).filter((m) => m.subject === subject);

/** The pg-boss job a route enqueued for a background job. */
async function queuedBossJob(queue: string, jobId: string) {
  const boss = await getBoss();
  const jobs = await boss.fetch<WorkData>(queue, { batchSize: 50, includeMetadata: true });
  const mine = jobs.find((j) => j.data.id === jobId);
  expect(mine, `pg-boss job for ${jobId}`).toBeDefined();
  return mine!;
}

describe("admin bulk e-mail as a background job", () => {
  it("sends every recipient once through the outbox driver's batch path, 100 per call, with progress; a restart continues after the recorded chunks", async () => {
    const people = await recipients(250);
    const subject = `Digest ${uniqueTag()}`;
    const send = vi.spyOn(outboxDriver, "send");
    const original = outboxDriver.sendBatch.bind(outboxDriver);
    const crash = new AbortController();
    const batch = vi.spyOn(outboxDriver, "sendBatch").mockImplementation(async (messages, options) => {
      const result = await original(messages, options);
      if (batch.mock.calls.length === 2) crash.abort();
      return result;
    });

    const res = await adminApi.bulkEmail(admin.headers, {
      userIds: [...people.map((p) => p.id), "u_unknown_user", people[0]!.id],
      subject,
      message: "Hello there.\n\nSecond paragraph.",
    });
    expect(res.status, res.text).toBe(202);
    expect(res.json).toEqual({ jobId: expect.any(String), msg: "Sending your email to 250 users.", total: 250 });
    const { jobId } = res.json;
    const queued = await jobStatus(admin.headers, jobId);
    expect(queued.status).toBe(200);
    expect(queued.json).toEqual({
      jobId,
      kind: "bulk_email",
      status: "queued",
      total: 250,
      done: 0,
      failed: 0,
      failures: [],
      error: null,
      msg: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      startedAt: null,
      finishedAt: null,
    });

    // Worker 1 stops after its second batch call, as if its process died.
    expect(await runJob(jobId, { workerId: "w1", signal: crash.signal })).toBe("stopped");
    expect((await jobStatus(admin.headers, jobId)).json).toMatchObject({
      status: "running",
      done: 200,
      failed: 0,
      total: 250,
      startedAt: expect.any(String),
      finishedAt: null,
    });
    // While its lease is live nobody else may take the job.
    expect(await runJob(jobId, { workerId: "w2" })).toBe("busy");

    await expireLease(jobId);
    expect(await runJob(jobId, { workerId: "w2" })).toBe("done");
    expect(batch.mock.calls.map(([messages]) => messages.length)).toEqual([100, 100, 50]);
    expect(batch.mock.calls.map(([, options]) => options?.idempotencyKey)).toEqual([
      `bulk-email/${jobId}/0`,
      `bulk-email/${jobId}/100`,
      `bulk-email/${jobId}/200`,
    ]);
    expect(send).not.toHaveBeenCalled();

    const done = (await jobStatus(admin.headers, jobId)).json;
    expect(done).toMatchObject({
      status: "completed",
      total: 250,
      done: 250,
      failed: 0,
      failures: [],
      error: null,
      msg: "Your email has been sent successfully.",
      finishedAt: expect.any(String),
    });
    for (const person of people) {
      const mails = await mailsTo(person.email, subject);
      expect(mails, person.email).toHaveLength(1);
      expect(mails[0]!.text).toContain(`Hi ${person.name},`);
      expect(mails[0]!.text).toContain("Second paragraph.");
    }
    // A finished job is not run again.
    expect(await runJob(jobId, { workerId: "w3" })).toBe("busy");
    expect(batch).toHaveBeenCalledTimes(3);
  });

  it("the pg-boss job the route enqueued is run by the worker's attempt runner", async () => {
    const people = await recipients(2);
    const subject = `Boss ${uniqueTag()}`;
    const res = await adminApi.bulkEmail(admin.headers, { userIds: people.map((p) => p.id), subject, message: "Hi" });
    expect(res.status, res.text).toBe(202);
    expect(res.json.msg).toBe("Sending your email to 2 users.");
    const bossJob = await queuedBossJob(QUEUES.bulk_email, res.json.jobId);
    expect(await runAttempt("bulk_email", bossJob, { workerId: `w-boss:${bossJob.id}` })).toBe("done");
    expect((await jobStatus(admin.headers, res.json.jobId)).json).toMatchObject({
      status: "completed",
      done: 2,
      msg: "Your email has been sent successfully.",
    });
    for (const p of people) expect(await mailsTo(p.email, subject)).toHaveLength(1);
  });

  it('lists refused addresses ("Sent X of Y emails."), and repeats a rate-limited batch with the same idempotency key', async () => {
    const [a, b, c] = await recipients(3);
    const subject = `Partial ${uniqueTag()}`;
    const original = outboxDriver.sendBatch.bind(outboxDriver);
    const batch = vi
      .spyOn(outboxDriver, "sendBatch")
      .mockImplementationOnce(async () => {
        throw new MailBatchError("Resend refused the batch: rate limited", true);
      })
      .mockImplementationOnce(async (messages, options) => {
        await original(
          messages.filter((m) => m.to !== b!.email),
          options,
        );
        return { refused: [{ to: b!.email, reason: "Invalid `to` field." }] };
      });
    const res = await adminApi.bulkEmail(admin.headers, { userIds: [a!.id, b!.id, c!.id], subject, message: "Hi" });
    expect(await runJob(res.json.jobId, { workerId: "w-partial" })).toBe("done");
    expect(batch).toHaveBeenCalledTimes(2);
    expect(batch.mock.calls[0]![1]).toEqual(batch.mock.calls[1]![1]);
    expect((await jobStatus(admin.headers, res.json.jobId)).json).toMatchObject({
      status: "completed",
      total: 3,
      done: 2,
      failed: 1,
      failures: [b!.email],
      msg: "Sent 2 of 3 emails.",
      error: null,
    });
    expect(await mailsTo(a!.email, subject)).toHaveLength(1);
    expect(await mailsTo(b!.email, subject)).toHaveLength(0);
  });

  it("a provider that refuses every batch fails the job with the product's failure text", async () => {
    const people = await recipients(2);
    vi.spyOn(outboxDriver, "sendBatch").mockRejectedValue(
      new MailBatchError("Resend refused the batch: API key is invalid", false),
    );
    const res = await adminApi.bulkEmail(admin.headers, {
      userIds: people.map((p) => p.id),
      subject: "Nope",
      message: "Hi",
    });
    expect(await runJob(res.json.jobId, { workerId: "w-refused" })).toBe("done");
    const status = (await jobStatus(admin.headers, res.json.jobId)).json;
    expect(status).toMatchObject({
      status: "failed",
      done: 0,
      failed: 2,
      msg: "Failed to send emails. Please try again.",
      error: "Resend refused the batch: API key is invalid",
    });
    // Recipients go out in sign-up order; two users created in the same millisecond are ordered by id.
    expect([...status.failures].sort()).toEqual(people.map((p) => p.email).sort());
  });

  it("with no known recipient the job is done at once", async () => {
    const res = await adminApi.bulkEmail(admin.headers, { userIds: ["u_nobody"], subject: "Empty", message: "Hi" });
    expect(res.status).toBe(202);
    expect(res.json).toMatchObject({ msg: "Sending your email to 0 users.", total: 0 });
    expect((await jobStatus(admin.headers, res.json.jobId)).json).toMatchObject({
      status: "completed",
      total: 0,
      done: 0,
      msg: "Your email has been sent successfully.",
    });
  });

  it("through Resend: one batch call per 100 recipients, and a chunk repeated after a crash is not sent twice", async () => {
    const resend = await startFakeResend();
    const keys = ["MAIL_DRIVER", "RESEND_API_KEY", "MAIL_FROM", "RESEND_BASE_URL"] as const;
    const saved = Object.fromEntries(keys.map((k) => [k, process.env[k]]));
    Object.assign(process.env, {
      MAIL_DRIVER: "resend",
      RESEND_API_KEY: "re_test_key",
      MAIL_FROM: "News <news@example.test>",
      RESEND_BASE_URL: resend.url,
    });
    resetEnvForTests();
    resetResendClientForTests();
    try {
      const people = await recipients(150);
      const res = await adminApi.bulkEmail(admin.headers, {
        userIds: people.map((p) => p.id),
        subject: "Via Resend",
        message: "Hi",
      });
      const { jobId } = res.json;
      expect(await runJob(jobId, { workerId: "w-resend" })).toBe("done");
      expect(resend.calls.map((c) => [c.path, (c.body as unknown[]).length, c.headers["idempotency-key"]])).toEqual([
        ["/emails/batch", 100, `bulk-email/${jobId}/0`],
        ["/emails/batch", 50, `bulk-email/${jobId}/100`],
      ]);
      expect(new Set(resend.sent.map((e) => e.to)).size).toBe(150);

      // A worker that died after sending but before recording: the next one repeats the chunks with their keys.
      await db
        .update(backgroundJobs)
        .set({
          status: "running",
          cursor: 0,
          done: 0,
          leaseOwner: "dead",
          leaseUntil: sql`now() - interval '1 minute'`,
        })
        .where(eq(backgroundJobs.id, jobId));
      expect(await runJob(jobId, { workerId: "w-resend-2" })).toBe("done");
      expect(resend.calls).toHaveLength(4);
      expect(resend.sent).toHaveLength(150);
    } finally {
      for (const k of keys) {
        if (saved[k] === undefined) delete process.env[k];
        else process.env[k] = saved[k];
      }
      resetEnvForTests();
      resetResendClientForTests();
      await resend.close();
    }
  });
});

describe("GET /api/jobs/{id}", () => {
  it("shows a job to its owner, admin jobs to every admin, and answers 404 to anyone else", async () => {
    const [person] = await recipients(1);
    const bulk = (await adminApi.bulkEmail(admin.headers, { userIds: [person!.id], subject: "Seen", message: "Hi" }))
      .json.jobId as string;
    const owner = await makeUser();
    const exportJob = (await hooksApi.sendMake(owner, { data: rowsOf(2001) })).json.jobId as string;
    const stranger = await newUser("jobs-other");

    expect((await jobStatus(undefined, bulk)).json).toEqual({
      msg: "Authentication required",
      code: "unauthenticated",
    });
    expect((await jobStatus({ "x-auth-token": "nope" }, bulk)).status).toBe(401);
    expect((await jobStatus(owner.headers, exportJob)).json).toMatchObject({
      jobId: exportJob,
      kind: "webhook_export",
      total: 2001,
    });
    for (const [who, id] of [
      [stranger.headers, bulk],
      [stranger.headers, exportJob],
      [admin.headers, exportJob],
      [owner.headers, bulk],
      [admin.headers, "not-a-uuid"],
      [admin.headers, "00000000-0000-4000-8000-000000000000"],
    ] as const) {
      const res = await jobStatus(who, id);
      expect(res.status, id).toBe(404);
      expect(res.json).toEqual({ msg: "Job not found", code: "not_found" });
    }

    // A second admin follows the first one's bulk e-mail.
    const email = uniqueEmail("admin2");
    process.env.ADMIN_EMAILS = `${admin.email},${email}`;
    resetEnvForTests();
    const second = await registerAndVerify(email, STRONG_PASSWORD, "Second Admin");
    expect((await jobStatus({ "x-auth-token": second.token }, bulk)).json).toMatchObject({
      jobId: bulk,
      kind: "bulk_email",
    });
  });
});

const SECRET = "s3cret-for-signing";

async function makeUser(secret?: string): Promise<TestUser> {
  const user = await newUser("jobs");
  const res = await hooksApi.saveMake(user, { webhookUrl: rx.url, ...(secret ? { webhookSecret: secret } : {}) });
  expect(res.status, res.text).toBe(200);
  return user;
}

const jobsOf = (userId: string) =>
  db
    .select({ id: backgroundJobs.id })
    .from(backgroundJobs)
    .where(and(eq(backgroundJobs.userId, userId), eq(backgroundJobs.kind, "webhook_export")));
const chunkData = (r: WebhookReceiver) => r.requests.map((q) => (q.json as { data: unknown[] }).data);

describe("webhook exports above 2,000 rows", () => {
  it("2,000 rows are still sent at once (200, no job)", async () => {
    const user = await makeUser();
    const res = await hooksApi.sendMake(user, { data: rowsOf(2000) });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ msg: "Data sent to Make successfully", rows: 2000, requests: 4 });
    expect(chunkData(rx).map((d) => d.length)).toEqual([500, 500, 500, 500]);
    expect(await jobsOf(user.id)).toEqual([]);
  });

  it("2,500 rows: 202 and a job sending 500-row chunks with progress, each chunk received once; a restart continues after the recorded chunks", async () => {
    const user = await makeUser(SECRET);
    const rows = rowsOf(2500);
    const res = await hooksApi.sendMake(user, { data: rows });
    expect(res.status, res.text).toBe(202);
    expect(res.json).toEqual({ jobId: expect.any(String), msg: "Sending 2,500 rows to Make...", total: 2500 });
    const { jobId } = res.json;
    expect(rx.requests).toHaveLength(0);
    expect((await jobStatus(user.headers, jobId)).json).toMatchObject({
      kind: "webhook_export",
      status: "queued",
      total: 2500,
      done: 0,
    });

    // Worker 1 dies after its second chunk (stopped while the receiver is still answering it).
    rx.respondWith(200, { delayMs: 300 });
    const crash = new AbortController();
    const first = runJob(jobId, { workerId: "w1", signal: crash.signal });
    await rx.waitForRequests(2);
    crash.abort();
    expect(await first).toBe("stopped");
    expect((await jobStatus(user.headers, jobId)).json).toMatchObject({ status: "running", done: 1000, total: 2500 });
    expect(rx.requests).toHaveLength(2);

    await expireLease(jobId);
    expect(await runJob(jobId, { workerId: "w2" })).toBe("done");
    expect((await jobStatus(user.headers, jobId)).json).toMatchObject({
      status: "completed",
      done: 2500,
      total: 2500,
      error: null,
      msg: "Data sent to Make successfully",
    });

    expect(rx.requests).toHaveLength(5);
    expect(chunkData(rx).map((d) => d.length)).toEqual([500, 500, 500, 500, 500]);
    expect(chunkData(rx).flat()).toEqual(rows);
    expect(rx.requests.map((r) => [r.headers["x-chunk-index"], r.headers["x-chunk-count"]])).toEqual(
      [1, 2, 3, 4, 5].map((i) => [String(i), "5"]),
    );
    expect(rx.requests.map((r) => r.idempotencyKey)).toEqual([1, 2, 3, 4, 5].map((i) => `${jobId}:${i}`));
    expect(rx.deliveries()).toHaveLength(5);
    expect(rx.requests.every((r) => hasValidSignature(r, SECRET))).toBe(true);
    expect((await deliveriesOf(user.id)).map((d) => d.rowCount)).toEqual([500, 500, 500, 500, 500]);
  });

  it("a chunk that fails after its 3 attempts fails the job with the reason and the rows delivered before", async () => {
    const user = await makeUser();
    rx.respondWith(200, 200);
    rx.setFallback({ status: 500, body: "upstream broke" });
    const { jobId } = (await hooksApi.sendMake(user, { data: rowsOf(2500) })).json;
    expect(await runJob(jobId, { workerId: "w-fail" })).toBe("done");
    const text = "The webhook answered 500: upstream broke (1000 of 2500 rows were delivered before the failure)";
    expect((await jobStatus(user.headers, jobId)).json).toMatchObject({
      status: "failed",
      done: 1000,
      total: 2500,
      error: text,
      msg: text,
    });
    expect(rx.requests).toHaveLength(5);
    expect(rx.requests.slice(2).map((r) => r.idempotencyKey)).toEqual([`${jobId}:3`, `${jobId}:3`, `${jobId}:3`]);
  });

  it("Zapier too: the route enqueues the job and the worker's handler sends it", async () => {
    const user = await newUser("jobs-zap");
    await hooksApi.saveZapier(user, { webhookUrl: `${rx.origin}/hooks/catch/9` });
    const res = await hooksApi.sendZapier(user, { data: rowsOf(2001) });
    expect(res.status, res.text).toBe(202);
    expect(res.json).toMatchObject({ msg: "Sending 2,001 rows to Zapier...", total: 2001 });
    const bossJob = await queuedBossJob(QUEUES.webhook_export, res.json.jobId);
    expect(await runAttempt("webhook_export", bossJob, { workerId: `w-boss:${bossJob.id}` })).toBe("done");
    expect((await jobStatus(user.headers, res.json.jobId)).json).toMatchObject({
      status: "completed",
      done: 2001,
      msg: "Data sent to Zapier successfully",
    });
    expect(chunkData(rx).map((d) => d.length)).toEqual([500, 500, 500, 500, 1]);
  });

  it("still answers the product's errors at once: no data, not configured", async () => {
    const user = await newUser("jobs-none");
    expect((await hooksApi.sendMake(user, { data: rowsOf(2500) })).json).toEqual({
      msg: "Make integration not configured",
      code: "invalid_input",
    });
    expect(await jobsOf(user.id)).toEqual([]);
  });
});
