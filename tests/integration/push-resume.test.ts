import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { runAttempt } from "@/lib/queue/attempt";
import { getBoss, QUEUES } from "@/lib/queue/boss";
import type { WorkData } from "@/lib/queue/enqueue";
import { giveUpPush, runPush } from "@/lib/services/sending/push-job";
import { SENDING_TOOL_CLIENTS } from "@/lib/services/sending/tools";
import { markSent, reserveCall, windowMargin } from "@/lib/services/sending/tool-pacer";
import { newUser, withFakeProviderAndDatabase } from "../support/ai";
import { connectedCampaign, generatedFile, generatedRow } from "../support/push-files";
import { sendingApi, withFakeSendingTools } from "../support/sending";

// Pushes to a sending tool: a push resumes from its receipts (never re-sending a recorded call), can be
// cancelled between calls, and every worker paces one tool key together.

withFakeProviderAndDatabase();
const tools = withFakeSendingTools();
afterEach(() => vi.restoreAllMocks());

const rows = (count: number, from = 0) => Array.from({ length: count }, (_, i) => generatedRow(from + i));

/** After `calls` add-lead calls of the tool have been answered, runs `then` (stopping a worker, cancelling). */
function afterCalls(service: "lemlist" | "instantly", calls: number, then: () => Promise<void> | void) {
  const client = SENDING_TOOL_CLIENTS[service];
  const original = client.addLeads.bind(client);
  let made = 0;
  vi.spyOn(client, "addLeads").mockImplementation(async (...args) => {
    const outcome = await original(...args);
    if (++made === calls) await then();
    return outcome;
  });
}

async function startedPush(tag: string, count: number) {
  const user = await newUser(tag);
  const c = await connectedCampaign(tools(), user, "lemlist");
  const file = await generatedFile(user, rows(count));
  const res = await sendingApi.push(user, file.csvId, c);
  expect(res.status, res.text).toBe(202);
  return { user, c, file, pushId: res.json.pushId as string };
}

const received = (campaignId: string) =>
  tools()
    .lemlist.leads(campaignId)
    .map((l) => l.email);

describe("a push resumes from its receipts", () => {
  it("a worker stopped midway hands over: the next one sends only the rows without a receipt", async () => {
    const { user, c, pushId } = await startedPush("push-stop", 6);
    const stop = new AbortController();
    afterCalls("lemlist", 2, () => stop.abort());
    expect(await runPush(pushId, { workerId: "w-first", signal: stop.signal })).toBe("yielded");
    expect((await sendingApi.get(user, pushId)).json).toMatchObject({ status: "running", pushed: 2 });
    expect((await sendingApi.rows(user, pushId)).json.rows).toHaveLength(2);
    vi.restoreAllMocks();
    expect(await runPush(pushId, { workerId: "w-second" })).toBe("done");
    expect((await sendingApi.get(user, pushId)).json).toMatchObject({ status: "completed", pushed: 6, failed: 0 });
    expect(received(c.campaignId)).toEqual(rows(6).map((r) => r.Email));
  });

  it("a worker that died (its lease lapsed) is taken over; a live lease keeps other workers out", async () => {
    const { user, c, pushId } = await startedPush("push-dead", 4);
    await db.execute(sql`update pushes set status = 'running', lease_owner = 'dead', lease_until = now() + interval '1 minute'
      where id = ${pushId}`);
    expect(await runPush(pushId, { workerId: "w-other" })).toBe("done");
    expect(received(c.campaignId)).toEqual([]);
    await db.execute(sql`update pushes set lease_until = now() - interval '1 second' where id = ${pushId}`);
    expect(await runPush(pushId, { workerId: "w-heir" })).toBe("done");
    expect((await sendingApi.get(user, pushId)).json).toMatchObject({ status: "completed", pushed: 4 });
    expect(received(c.campaignId)).toHaveLength(4);
  });

  it("a tool that stays unreachable throws for the queue to retry; the recorded calls are not sent again", async () => {
    const { user, c, pushId } = await startedPush("push-down", 3);
    afterCalls("lemlist", 1, () => tools().lemlist.failNext(503, 503, 503, 503, 503));
    await expect(runPush(pushId, { workerId: "w-down" })).rejects.toThrow("lemlist could not be reached (HTTP 503)");
    expect((await sendingApi.get(user, pushId)).json).toMatchObject({ status: "running", pushed: 1 });
    vi.restoreAllMocks();
    expect(await runPush(pushId, { workerId: "w-up" })).toBe("done");
    expect(received(c.campaignId)).toEqual(rows(3).map((r) => r.Email));
    expect((await sendingApi.get(user, pushId)).json).toMatchObject({ status: "completed", pushed: 3 });
  }, 60_000);

  it("after the queue's last retry the push ends failed with the message; a push whose key was deleted fails", async () => {
    const { user, pushId } = await startedPush("push-giveup", 2);
    await giveUpPush(pushId, "Stopped after repeated errors. Please try again.");
    expect((await sendingApi.get(user, pushId)).json).toMatchObject({
      status: "failed",
      error: "Stopped after repeated errors. Please try again.",
      finishedAt: expect.any(String),
    });
    const other = await startedPush("push-nokey", 2);
    await sendingApi.disconnect(other.user, other.c.connectionId);
    expect(await runPush(other.pushId, { workerId: "w-nokey" })).toBe("done");
    expect((await sendingApi.get(other.user, other.pushId)).json).toMatchObject({
      status: "failed",
      connectionId: null,
      error: "The connection of this push was deleted.",
    });
  });
});

describe("a cron call", () => {
  it("takes no new call after its start-by time: the push is queued again and the next call finishes it", async () => {
    const { user, c, pushId } = await startedPush("push-cron", 25);
    const boss = await getBoss();
    const jobOf = async () =>
      (await boss.fetch<WorkData>(QUEUES.push, { batchSize: 50, includeMetadata: true })).find(
        (j) => j.data.id === pushId,
      )!;
    // lemlist's limit makes 25 calls take over 2 seconds: the call's start-by time comes first.
    const first = await jobOf();
    const deadline = { startBy: Date.now() + 1500 };
    expect(await runAttempt("push", first, { workerId: `cron-1:${first.id}`, deadline })).toBe("yielded");
    const partial = (await sendingApi.get(user, pushId)).json;
    expect(partial.status).toBe("running");
    expect(partial.pushed).toBeGreaterThan(0);
    expect(partial.pushed).toBeLessThan(25);
    const second = await jobOf();
    expect(await runAttempt("push", second, { workerId: `cron-2:${second.id}` })).toBe("done");
    expect(received(c.campaignId)).toEqual(rows(25).map((r) => r.Email));
    expect((await sendingApi.get(user, pushId)).json).toMatchObject({ status: "completed", pushed: 25 });
  });
});

describe("cancel", () => {
  it("a queued push cancelled sends nothing; a running one stops after the call in flight, which is recorded", async () => {
    const queued = await startedPush("push-cancel-q", 3);
    const cancelled = await sendingApi.cancel(queued.user, queued.pushId);
    expect(cancelled.json).toMatchObject({ status: "cancelled", finishedAt: expect.any(String) });
    expect(await runPush(queued.pushId, { workerId: "w-q" })).toBe("done");
    expect(received(queued.c.campaignId)).toEqual([]);

    const running = await startedPush("push-cancel-r", 5);
    afterCalls("lemlist", 2, async () => {
      expect((await sendingApi.cancel(running.user, running.pushId)).json.status).toBe("cancelled");
    });
    expect(await runPush(running.pushId, { workerId: "w-r" })).toBe("done");
    expect(received(running.c.campaignId)).toHaveLength(2);
    expect((await sendingApi.get(running.user, running.pushId)).json).toMatchObject({ status: "cancelled", pushed: 2 });
    expect(
      (await sendingApi.rows(running.user, running.pushId)).json.rows.map((r: { status: string }) => r.status),
    ).toEqual(["pushed", "pushed"]);
    // A finished push is answered as it is.
    expect((await sendingApi.cancel(running.user, running.pushId)).json.status).toBe("cancelled");
  });
});

describe("pacing per tool key", () => {
  it("two workers pushing on one lemlist key keep to 20 calls in any 2 seconds, with no 429", async () => {
    const user = await newUser("push-pace");
    const c = await connectedCampaign(tools(), user, "lemlist");
    const second = tools().lemlist.addCampaign(c.apiKey, { name: "second" });
    const a = await generatedFile(user, rows(18));
    const b = await generatedFile(user, rows(18, 100));
    const pushA = (await sendingApi.push(user, a.csvId, c)).json.pushId;
    const pushB = (await sendingApi.push(user, b.csvId, { ...c, campaignId: String(second.id) })).json.pushId;
    const limited = tools().lemlist.rateLimited();
    const from = tools().lemlist.calls.length;
    await Promise.all([runPush(pushA, { workerId: "w-a" }), runPush(pushB, { workerId: "w-b" })]);
    expect(tools().lemlist.rateLimited()).toBe(limited);
    const times = tools()
      .lemlist.calls.slice(from)
      .filter((call) => call.method === "POST")
      .map((call) => call.at);
    expect(times).toHaveLength(36);
    for (let i = 20; i < times.length; i++) expect(times[i]! - times[i - 20]!).toBeGreaterThanOrEqual(2000);
  }, 60_000);

  it("a call that left later than its turn counts from when it left", async () => {
    const key = `late-${Date.now()}`;
    const limits = [{ requests: 1, windowMs: 1000 }];
    const first = await reserveCall(key, limits, 1_000_000);
    expect(first).toBe(1_000_000);
    await markSent(key, first, 1_000_400);
    expect(await reserveCall(key, limits, 1_000_500)).toBe(1_000_400 + 1000 + windowMargin(1000));
    // On time (within 5 ms): nothing moves.
    const third = await reserveCall(key, limits, 1_002_000);
    await markSent(key, third, third + 3);
    expect(await reserveCall(key, limits, third)).toBe(third + 1000 + windowMargin(1000));
  });

  it("a 429 waits for its Retry-After before the same call again", async () => {
    const { user, pushId } = await startedPush("push-429", 2);
    tools().lemlist.failNext(429); // Retry-After: 1
    const from = tools().lemlist.calls.length;
    expect(await runPush(pushId, { workerId: "w-429" })).toBe("done");
    const posts = tools()
      .lemlist.calls.slice(from)
      .filter((call) => call.method === "POST");
    expect(posts.map((call) => call.status)).toEqual([429, 200, 200]);
    expect(posts[1]!.at - posts[0]!.at).toBeGreaterThanOrEqual(1000);
    expect(posts[1]!.body).toEqual(posts[0]!.body);
    expect((await sendingApi.get(user, pushId)).json).toMatchObject({ status: "completed", pushed: 2 });
  });
});

describe("another user's resources", () => {
  it("are a 404: their push, its rows, report and cancel, their file, their connection", async () => {
    const { user, c, file, pushId } = await startedPush("push-owner", 1);
    const other = await newUser("push-stranger");
    for (const res of [
      await sendingApi.get(other, pushId),
      await sendingApi.rows(other, pushId),
      await sendingApi.report(other, pushId),
      await sendingApi.cancel(other, pushId),
    ])
      expect(res.json).toEqual({ msg: "Push not found", code: "not_found" });
    expect((await sendingApi.push(other, file.csvId, c)).json).toEqual({
      msg: "CSV file not found",
      code: "not_found",
    });
    expect((await sendingApi.pushes(other, file.csvId)).status).toBe(404);
    expect((await sendingApi.receipts(other, file.csvId)).status).toBe(404);
    const own = await generatedFile(other, rows(1));
    expect((await sendingApi.push(other, own.csvId, c)).json).toEqual({
      msg: "Connection not found",
      code: "not_found",
    });
    expect((await sendingApi.get(user, pushId)).status).toBe(200);
  });
});
