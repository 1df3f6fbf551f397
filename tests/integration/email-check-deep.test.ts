import { setTimeout as sleep } from "node:timers/promises";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { emailChecks } from "@/lib/db/schema";
import { runEmailCheck } from "@/lib/services/email-checks/check-job";
import { newUser } from "../support/ai";
import { closeDatabase, setupTestDatabase } from "../support/db";
import { addressFile, checksApi, statusesOf, withFakeDns, zeroBounceConnection } from "../support/email-checks";
import { connectedCampaign } from "../support/push-files";
import { sendingApi, withFakeSendingTools } from "../support/sending";

// The ZeroBounce deep check of the locally valid addresses — POST /v2/validatebatch,
// at most 200 a call, statuses mapped by name, the key never in a log line or an answer.

beforeAll(setupTestDatabase);
afterAll(closeDatabase);
const dns = withFakeDns(1000);
const tools = withFakeSendingTools();

beforeEach(() => {
  dns().reset();
  dns().set("acme.test", { mx: ["mx.acme.test"] });
  dns().set("gone.test", { nxdomain: true });
});

type Batch = { api_key: string; email_batch: { email_address: string; ip_address: string }[] };
const batchesOf = (apiKey: string) =>
  tools()
    .zerobounce.calls.filter((c) => c.method === "POST" && c.path === "/v2/validatebatch")
    .map((c) => c.body as Batch)
    .filter((b) => b.api_key === apiKey);

/** 450 locally valid addresses (v0…v449@acme.test) with, every 50 rows, one the local checks settle. */
function mixedList(tag: string) {
  const settled = ["not-an-address", "info@acme.test", "x@mailinator.com", "dee@gone.test", `${tag}v0@ACME.test`];
  const list: string[] = [];
  for (let i = 0; i < 450; i++) {
    if (i % 50 === 49) list.push(settled[((i / 50) % settled.length) | 0]!);
    list.push(`${tag}v${i}@acme.test`);
  }
  return list;
}

async function deepCheck(tag: string) {
  const user = await newUser(tag);
  const zb = await zeroBounceConnection(tools(), user);
  const emails = mixedList(tag);
  const file = await addressFile(user, emails);
  const res = await checksApi.start(user, file.csvId, { connectionId: zb.connectionId });
  expect(res.status, res.text).toBe(202);
  return { user, zb, emails, file, checkId: res.json.checkId as string };
}

describe("the deep check", () => {
  it("sends only the locally valid addresses, 200 a call; maps ZeroBounce's statuses; the key never in a log line", async () => {
    const tag = "deep-map-";
    const verdicts = { 0: "catch-all", 1: "spamtrap", 2: "abuse", 3: "do_not_mail", 4: "invalid", 5: "unknown" };
    for (const [i, status] of Object.entries(verdicts)) tools().zerobounce.setStatus(`${tag}v${i}@acme.test`, status);
    const { user, zb, emails, file, checkId } = await deepCheck(tag);
    const lines: string[] = [];
    const original = console.log;
    console.log = (...args: unknown[]) => lines.push(args.map(String).join(" "));
    tools().zerobounce.failNext(500);
    try {
      expect(await runEmailCheck(checkId, { workerId: "w-deep" })).toBe("done");
    } finally {
      console.log = original;
    }
    const batches = batchesOf(zb.apiKey);
    // The 500 was retried with the same batch.
    expect(batches.map((b) => b.email_batch.length)).toEqual([200, 200, 200, 50]);
    expect(batches[1]).toEqual(batches[0]);
    const sent = batches.slice(1).flatMap((b) => b.email_batch);
    expect(sent.map((e) => e.email_address)).toEqual(emails.filter((e) => /^deep-map-v\d+@acme\.test$/.test(e)));
    expect(sent.every((e) => e.ip_address === "")).toBe(true);
    expect(lines.some((line) => line.includes("tool call retried"))).toBe(true);
    expect(lines.filter((line) => line.includes(zb.apiKey))).toEqual([]);

    const statuses = (await statusesOf(user, file.csvId)).statuses;
    const at = (address: string) => statuses[emails.indexOf(address)];
    expect([0, 1, 2, 3, 4, 5, 6].map((i) => at(`${tag}v${i}@acme.test`))).toEqual([
      "catch_all",
      "spamtrap",
      "abuse",
      "do_not_mail",
      "invalid",
      "unknown",
      "valid",
    ]);
    expect(["not-an-address", "info@acme.test", "x@mailinator.com", "dee@gone.test"].map(at)).toEqual([
      "invalid",
      "role",
      "disposable",
      "no_mx",
    ]);
    const check = (await checksApi.get(user, checkId)).json;
    expect(check).toMatchObject({ status: "completed", connectionId: zb.connectionId, total: 459, checked: 459 });
    expect(check.counts).toMatchObject({ valid: 444, catch_all: 1, spamtrap: 1, abuse: 1, do_not_mail: 1, unknown: 1 });
    expect(check.counts.invalid).toBe(3);
    expect(JSON.stringify(check)).not.toContain(zb.apiKey);
  });

  it("a worker stopped after a call hands over: no address is sent twice", async () => {
    const { user, zb, checkId } = await deepCheck("deep-stop-");
    const stop = new AbortController();
    const first = runEmailCheck(checkId, { workerId: "w-deep-1", signal: stop.signal });
    for (let i = 0; i < 1000 && batchesOf(zb.apiKey).length === 0; i++) await sleep(5);
    stop.abort();
    await first;
    const [row] = await db.select().from(emailChecks).where(eq(emailChecks.id, checkId));
    expect(row!.checked).toBeGreaterThan(0);
    expect(await runEmailCheck(checkId, { workerId: "w-deep-2" })).toBe("done");
    const sent = batchesOf(zb.apiKey).flatMap((b) => b.email_batch.map((e) => e.email_address));
    expect(sent).toHaveLength(450);
    expect(new Set(sent).size).toBe(450);
    expect((await checksApi.get(user, checkId)).json).toMatchObject({ status: "completed", checked: 459 });
  });

  it("a key ZeroBounce refuses (no credits) fails the check naming the key problem, never the key", async () => {
    const { user, zb, file, checkId } = await deepCheck("deep-refused-");
    tools().zerobounce.setCredits(zb.apiKey, 0);
    expect(await runEmailCheck(checkId, { workerId: "w-refused" })).toBe("done");
    const check = (await checksApi.get(user, checkId)).json;
    expect(check).toMatchObject({ status: "failed", checked: 0 });
    expect(check.error).toContain("ZeroBounce refused the API key");
    expect(check.error).toContain("ran out of credits");
    expect(check.error).not.toContain(zb.apiKey);
    expect((await statusesOf(user, file.csvId)).columns).not.toContain("Email Status");
  });

  it("a deleted connection fails the check; another user's connection is a 404, a sending tool's a 400", async () => {
    const { user, zb, checkId } = await deepCheck("deep-deleted-");
    await sendingApi.disconnect(user, zb.connectionId);
    expect(await runEmailCheck(checkId, { workerId: "w-deleted" })).toBe("done");
    expect((await checksApi.get(user, checkId)).json).toMatchObject({
      status: "failed",
      connectionId: null,
      error: "The ZeroBounce connection of this check was deleted.",
    });

    const other = await newUser("deep-stranger");
    const theirs = await zeroBounceConnection(tools(), other);
    const file = await addressFile(user, ["ann@acme.test"]);
    expect((await checksApi.start(user, file.csvId, { connectionId: theirs.connectionId })).json).toEqual({
      msg: "Connection not found",
      code: "not_found",
    });
    const instantly = await connectedCampaign(tools(), user, "instantly");
    const res = await checksApi.start(user, file.csvId, { connectionId: instantly.connectionId });
    expect(res.status).toBe(400);
    expect(res.json.msg).toBe("Instantly is a sending tool: a deep check needs a ZeroBounce connection");
  });
});
