import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getBoss, QUEUES } from "@/lib/queue/boss";
import { runAttempt } from "@/lib/queue/attempt";
import type { WorkData } from "@/lib/queue/enqueue";
import { runEmailCheck } from "@/lib/services/email-checks/check-job";
import { newUser } from "../support/ai";
import { ageRows, csvApi } from "../support/csv";
import { closeDatabase, setupTestDatabase } from "../support/db";
import { addressFile, checksApi, statusesOf, withFakeDns } from "../support/email-checks";

// Address checks: the local checks' statuses, each domain looked up once, the counts, the Email
// Status column, change polling, the request's rules, the queue.

beforeAll(setupTestDatabase);
afterAll(closeDatabase);
const TIMEOUT_MS = 800;
const dns = withFakeDns(TIMEOUT_MS);

beforeEach(() => {
  dns().reset();
  dns().set("acme.test", { mx: ["mx1.acme.test", "mx2.acme.test"] });
  dns().set("a-only.test", { a: ["192.0.2.10"] });
  dns().set("v6.test", { aaaa: ["2001:db8::10"] });
  dns().set("gone.test", { nxdomain: true });
  dns().set("bare.test", {});
  dns().set("null.test", { nullMx: true });
  dns().set("broken.test", { servfail: true });
  dns().set("slow.test", { mx: ["mx.slow.test"], delayMs: 5000 });
});

/** Each address and the status it must get ("": no status, the cell stays empty). */
const CASES: [string, string][] = [
  ["ann@acme.test", "valid"],
  ["not-an-address", "invalid"],
  ["", ""],
  ["ANN@Acme.test", "duplicate"],
  ["info@acme.test", "role"],
  ["x@mailinator.com", "disposable"],
  ["bob@a-only.test", "valid"],
  ["cy@v6.test", "valid"],
  ["dee@gone.test", "no_mx"],
  ["sales@gone.test", "no_mx"],
  ["eve@bare.test", "no_mx"],
  ["fay@null.test", "no_mx"],
  ["gus@broken.test", "unknown"],
  ["hal@slow.test", "unknown"],
  ["support@slow.test", "role"],
  ["x@mailinator.com", "disposable"],
  [" ivy@acme.test ", "valid"],
  ["not-an-address", "invalid"],
];

async function startedCheck(tag: string, emails: readonly string[], body: Record<string, unknown> = {}) {
  const user = await newUser(tag);
  const file = await addressFile(user, emails);
  const res = await checksApi.start(user, file.csvId, body);
  expect(res.status, res.text).toBe(202);
  return { user, file, checkId: res.json.checkId as string };
}

describe("a check of a file", () => {
  it("gives each row its status, looks each domain up once, counts, adds the Email Status column", async () => {
    const { user, file, checkId } = await startedCheck(
      "check-cases",
      CASES.map(([e]) => e),
    );
    await ageRows(file.csvId);
    const since = new Date().toISOString();
    expect((await checksApi.get(user, checkId)).json).toMatchObject({
      id: checkId,
      csvId: file.csvId,
      column: "Email",
      connectionId: null,
      status: "queued",
      total: CASES.length,
      checked: 0,
      error: null,
      finishedAt: null,
    });
    const started = Date.now();
    expect(await runEmailCheck(checkId, { workerId: "w-cases" })).toBe("done");
    // The slow domain answers after 5 s: it is unknown once DNS_TIMEOUT_MS has passed.
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 2000);

    const { columns, statuses } = await statusesOf(user, file.csvId);
    expect(columns).toEqual(["Name", "Email", "Email Status"]);
    expect(statuses).toEqual(CASES.map(([, s]) => s));
    const check = (await checksApi.get(user, checkId)).json;
    expect(check).toMatchObject({ status: "completed", total: CASES.length, checked: CASES.length, error: null });
    expect(check.finishedAt).toEqual(expect.any(String));
    expect(check.counts).toEqual({
      valid: 4,
      invalid: 2,
      no_mx: 4,
      disposable: 2,
      role: 2,
      duplicate: 1,
      unknown: 2,
      catch_all: 0,
      spamtrap: 0,
      abuse: 0,
      do_not_mail: 0,
    });

    // One lookup per domain: MX, and A/AAAA only for a domain without MX. No query for a disposable domain.
    const types = (name: string) =>
      dns()
        .log.filter((q) => q.name === name)
        .map((q) => q.type);
    expect(types("acme.test")).toEqual(["MX"]);
    expect(types("a-only.test")).toEqual(["MX", "A"]);
    expect(types("v6.test")).toEqual(["MX", "A", "AAAA"]);
    expect(types("gone.test")).toEqual(["MX"]);
    expect(types("slow.test")).toEqual(["MX"]);
    expect(types("mailinator.com")).toEqual([]);

    // Change polling shows the checked rows (and the new column).
    const changes = (await csvApi.changes(user, file.csvId, since)).json;
    expect(changes.columns).toContain("Email Status");
    const changed = new Map(changes.rows.map((r: { _id: number; data: Record<string, string> }) => [r._id, r.data]));
    expect(changed.get(file.rowIds[0])).toMatchObject({ "Email Status": "valid" });
    expect(changed.has(file.rowIds[2])).toBe(false);
  });

  it("a second check rewrites the statuses in the same column; an emptied cell loses its status", async () => {
    const { user, file, checkId } = await startedCheck("check-again", ["ann@acme.test", "bob@gone.test"]);
    await runEmailCheck(checkId, { workerId: "w-again-1" });
    expect((await csvApi.patchRow(user, file.csvId, file.rowIds[0]!, { data: { Email: "" } })).status).toBe(200);
    dns().set("gone.test", { mx: ["mx.gone.test"] });
    const again = await checksApi.start(user, file.csvId, {});
    await runEmailCheck(again.json.checkId, { workerId: "w-again-2" });
    const { columns, statuses } = await statusesOf(user, file.csvId);
    expect(columns).toEqual(["Name", "Email", "Email Status"]);
    expect(statuses).toEqual(["", "valid"]);
    const list = (await checksApi.list(user, file.csvId)).json.checks;
    expect(list.map((c: { id: string }) => c.id)).toEqual([again.json.checkId, checkId]);
  });

  it("rowIds: only those rows are checked, and an address in an earlier row not chosen still makes a duplicate", async () => {
    const { user, file } = await startedCheck("check-rows", ["ann@acme.test", "bob@acme.test", "ANN@acme.test"]);
    const res = await checksApi.start(user, file.csvId, { rowIds: [file.rowIds[2]] });
    expect(res.status, res.text).toBe(202);
    await runEmailCheck(res.json.checkId, { workerId: "w-rows" });
    expect((await statusesOf(user, file.csvId)).statuses).toEqual(["", "", "duplicate"]);
    expect((await checksApi.get(user, res.json.checkId)).json).toMatchObject({ total: 1, checked: 1 });
  });

  it("a column other than the default, named by the request", async () => {
    const user = await newUser("check-column");
    const file = await addressFile(user, ["ann@acme.test"], "Work address");
    const none = await checksApi.start(user, file.csvId, {});
    expect(none.status).toBe(400);
    expect(none.json.msg).toContain("no e-mail column");
    const res = await checksApi.start(user, file.csvId, { column: "Work address" });
    expect(res.status, res.text).toBe(202);
    await runEmailCheck(res.json.checkId, { workerId: "w-column" });
    expect((await statusesOf(user, file.csvId)).statuses).toEqual(["valid"]);
  });
});

describe("the request", () => {
  it("a missing column or a row of another file is a 400 naming it; bad types are a 400", async () => {
    const user = await newUser("check-400");
    const file = await addressFile(user, ["ann@acme.test"]);
    const other = await addressFile(user, ["bob@acme.test"]);
    expect((await checksApi.start(user, file.csvId, { column: "Mail" })).json).toEqual({
      msg: 'Column "Mail" is not a column of this file',
      code: "invalid_input",
    });
    expect((await checksApi.start(user, file.csvId, { rowIds: [other.rowIds[0]] })).json).toEqual({
      msg: `Row ${other.rowIds[0]} is not a row of this file`,
      code: "invalid_input",
    });
    for (const body of [{ rowIds: "all" }, { column: 5 }, { rowIds: [-1] }, "not json"])
      expect((await checksApi.start(user, file.csvId, body)).status).toBe(400);
    expect((await checksApi.list(user, file.csvId)).json).toEqual({ checks: [] });
  });

  it("another user's check, file or connection is a 404", async () => {
    const { user, file, checkId } = await startedCheck("check-owner", ["ann@acme.test"]);
    const other = await newUser("check-stranger");
    for (const res of [await checksApi.get(other, checkId), await checksApi.cancel(other, checkId)])
      expect(res.json).toEqual({ msg: "Address check not found", code: "not_found" });
    expect((await checksApi.start(other, file.csvId, {})).json).toEqual({
      msg: "CSV file not found",
      code: "not_found",
    });
    expect((await checksApi.list(other, file.csvId)).status).toBe(404);
    expect((await checksApi.get(other, "not-an-id")).status).toBe(404);
    expect((await checksApi.get(null, checkId)).status).toBe(401);
    expect((await checksApi.get(user, checkId)).status).toBe(200);
  });
});

describe("the queue", () => {
  it("a check is queued with its job and done by the worker's handler", async () => {
    const { user, file, checkId } = await startedCheck("check-queue", ["ann@acme.test", "dee@gone.test"]);
    const boss = await getBoss();
    const jobs = await boss.fetch<WorkData>(QUEUES.email_check, { batchSize: 50, includeMetadata: true });
    const job = jobs.find((j) => j.data.id === checkId)!;
    expect(job).toBeDefined();
    expect(await runAttempt("email_check", job, { workerId: `w:${job.id}` })).toBe("done");
    expect((await checksApi.get(user, checkId)).json).toMatchObject({ status: "completed", checked: 2 });
    expect((await statusesOf(user, file.csvId)).statuses).toEqual(["valid", "no_mx"]);
  });
});
