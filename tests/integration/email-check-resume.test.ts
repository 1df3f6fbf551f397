import { setTimeout as sleep } from "node:timers/promises";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { emailChecks } from "@/lib/db/schema";
import { giveUpEmailCheck, runEmailCheck } from "@/lib/services/email-checks/check-job";
import { newUser } from "../support/ai";
import { closeDatabase, setupTestDatabase } from "../support/db";
import { addressFile, checksApi, statusesOf, withFakeDns } from "../support/email-checks";

// Address checks: a check records its progress chunk by chunk (500 rows), resumes after a restart
// from its cursor, can be cancelled (what was checked stays), and is ended after the queue's last retry.

beforeAll(setupTestDatabase);
afterAll(closeDatabase);
const dns = withFakeDns(3000);

beforeEach(() => {
  dns().reset();
  dns().set("acme.test", { mx: ["mx.acme.test"] });
  // The second chunk's domain answers after 1.5 s, the third's after 2.5 s (both within DNS_TIMEOUT_MS):
  // a worker stopped or cancelled once the first chunk is recorded still has the second in flight.
  dns().set("late.test", { mx: ["mx.late.test"], delayMs: 1500 });
  dns().set("later.test", { mx: ["mx.later.test"], delayMs: 2500 });
});

/** 1,200 addresses: 500 on acme.test, 500 on late.test, 200 on later.test, the last one repeating the first. */
const ADDRESSES = [
  ...Array.from({ length: 500 }, (_, i) => `a${i}@acme.test`),
  ...Array.from({ length: 500 }, (_, i) => `b${i}@late.test`),
  ...Array.from({ length: 199 }, (_, i) => `c${i}@later.test`),
  "A0@ACME.TEST",
];
const EXPECTED = [...ADDRESSES.slice(0, -1).map(() => "valid"), "duplicate"];

async function startedCheck(tag: string) {
  const user = await newUser(tag);
  const file = await addressFile(user, ADDRESSES);
  const res = await checksApi.start(user, file.csvId, {});
  expect(res.status, res.text).toBe(202);
  return { user, file, checkId: res.json.checkId as string };
}

/** Waits until the check has recorded at least `n` rows. */
async function untilChecked(checkId: string, n: number) {
  for (let i = 0; i < 1000; i++) {
    const [row] = await db
      .select({ checked: emailChecks.checked })
      .from(emailChecks)
      .where(eq(emailChecks.id, checkId));
    if ((row?.checked ?? 0) >= n) return;
    await sleep(10);
  }
  throw new Error(`the check never reached ${n} rows`);
}

describe("progress and restarts", () => {
  it("a worker stopped midway records the chunk in flight and hands over; the next one continues after the cursor", async () => {
    const { user, file, checkId } = await startedCheck("check-stop");
    const stop = new AbortController();
    const first = runEmailCheck(checkId, { workerId: "w-first", signal: stop.signal });
    await untilChecked(checkId, 500);
    stop.abort();
    expect(await first).toBe("yielded");
    const halfway = (await checksApi.get(user, checkId)).json;
    expect(halfway).toMatchObject({ status: "running", total: 1200, checked: 1000, counts: { valid: 1000 } });
    const partly = (await statusesOf(user, file.csvId)).statuses;
    expect(partly.slice(0, 1000).every((s) => s === "valid")).toBe(true);
    expect(partly.slice(1000).every((s) => s === "")).toBe(true);

    expect(await runEmailCheck(checkId, { workerId: "w-second" })).toBe("done");
    expect((await statusesOf(user, file.csvId)).statuses).toEqual(EXPECTED);
    expect((await checksApi.get(user, checkId)).json).toMatchObject({
      status: "completed",
      checked: 1200,
      counts: { valid: 1199, duplicate: 1 },
    });
    // The second worker looked up only the domains of the rows it still had (the repeated address's included).
    expect(dns().queries("late.test")).toBe(1);
    expect(dns().queries("later.test")).toBe(2);
    expect(dns().queries("acme.test")).toBe(2);
  });

  it("a worker that died (its lease lapsed) is taken over; a live lease keeps other workers out", async () => {
    const { user, checkId } = await startedCheck("check-dead");
    await db.execute(sql`update email_checks set status = 'running', lease_owner = 'dead',
      lease_until = now() + interval '1 minute' where id = ${checkId}`);
    expect(await runEmailCheck(checkId, { workerId: "w-other" })).toBe("done");
    expect((await checksApi.get(user, checkId)).json).toMatchObject({ status: "running", checked: 0 });
    expect(dns().queries()).toBe(0);
    await db.execute(sql`update email_checks set lease_until = now() - interval '1 second' where id = ${checkId}`);
    expect(await runEmailCheck(checkId, { workerId: "w-heir" })).toBe("done");
    expect((await checksApi.get(user, checkId)).json).toMatchObject({ status: "completed", checked: 1200 });
  });

  it("after the queue's last retry the check ends failed with the message; the rows checked keep their status", async () => {
    const { user, file, checkId } = await startedCheck("check-giveup");
    const stop = new AbortController();
    const first = runEmailCheck(checkId, { workerId: "w-giveup", signal: stop.signal });
    await untilChecked(checkId, 500);
    stop.abort();
    await first;
    await giveUpEmailCheck(checkId, "Stopped after repeated errors. Please try again.");
    expect((await checksApi.get(user, checkId)).json).toMatchObject({
      status: "failed",
      checked: 1000,
      error: "Stopped after repeated errors. Please try again.",
      finishedAt: expect.any(String),
    });
    expect((await statusesOf(user, file.csvId)).statuses.filter((s) => s === "valid")).toHaveLength(1000);
    expect(await runEmailCheck(checkId, { workerId: "w-late" })).toBe("done");
    expect((await checksApi.get(user, checkId)).json.checked).toBe(1000);
  });
});

describe("cancel", () => {
  it("a queued check cancelled checks nothing", async () => {
    const { user, file, checkId } = await startedCheck("check-cancel-q");
    const cancelled = (await checksApi.cancel(user, checkId)).json;
    expect(cancelled).toMatchObject({ status: "cancelled", checked: 0, finishedAt: expect.any(String) });
    expect(await runEmailCheck(checkId, { workerId: "w-q" })).toBe("done");
    expect(dns().queries()).toBe(0);
    expect((await statusesOf(user, file.csvId)).columns).not.toContain("Email Status");
  });

  it("a running check stops after the chunk in flight, which is kept with what was checked", async () => {
    const { user, file, checkId } = await startedCheck("check-cancel-r");
    const running = runEmailCheck(checkId, { workerId: "w-r" });
    await untilChecked(checkId, 500);
    expect((await checksApi.cancel(user, checkId)).json.status).toBe("cancelled");
    expect(await running).toBe("done");
    const check = (await checksApi.get(user, checkId)).json;
    expect(check).toMatchObject({ status: "cancelled", checked: 1000, counts: { valid: 1000 } });
    const statuses = (await statusesOf(user, file.csvId)).statuses;
    expect(statuses.slice(0, 1000).every((s) => s === "valid")).toBe(true);
    expect(statuses.slice(1000).every((s) => s === "")).toBe(true);
    // A finished check is answered as it is.
    expect((await checksApi.cancel(user, checkId)).json).toMatchObject({ status: "cancelled", checked: 1000 });
  });
});
