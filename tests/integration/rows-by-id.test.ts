import { beforeEach, describe, expect, it } from "vitest";
import { newUser, withFakeProviderAndDatabase } from "../support/ai";
import { csvApi } from "../support/csv";
import {
  answerPerName,
  cleanAnswer,
  creditsUsed,
  qualityApi as api,
  qualitySetup,
  runBulk,
  withPlaceholder,
} from "../support/quality";

// Rows named by id (docs/api.md "Response schemas"): the bulk payload's `rowIds`, and the flags and
// approval that `changes?since=` carries so a watched run needs no other read.

const fake = withFakeProviderAndDatabase({ respond: cleanAnswer });
beforeEach(() => fake.reset());

const PLACEHOLDER = {
  rule: "unresolved_placeholder",
  severity: "block",
  message: 'Unresolved placeholder "[First Name]"',
};

/** The names the fake was asked to write to, in any order. */
const recipients = () => fake.stats.calls.map((c) => /to (\w+) at/.exec(c.prompt)?.[1]).sort();

describe("bulk payload rowIds", () => {
  it("runs exactly the named rows, whatever onlyRunIf and maxRows say, and charges for those only", async () => {
    const c = await qualitySetup(6, "rowids");
    const file = await api.file(c.user, c.csvId);
    const named = [file.rowIds[4]!, file.rowIds[1]!];
    const started = await runBulk(
      c.user,
      c.input({ rowsToProcess: undefined, rowIds: named, maxRows: 1, onlyRunIf: "!{{Company}}" }),
    );
    expect(started).toMatchObject({ total: 2, skippedApproved: 0 });
    expect(recipients()).toEqual([c.rows[1]!["First Name"], c.rows[4]!["First Name"]].sort());
    expect(await creditsUsed(c.user)).toBe(2);
    const after = await api.file(c.user, c.csvId);
    expect(after.rows.map((r) => Boolean(r["Subject Line"]))).toEqual([false, true, false, false, true, false]);
  });

  it("leaves approved rows alone unless overwriteApproved, and says how many", async () => {
    const c = await qualitySetup(3, "rowids-approved");
    const { rowIds } = await api.file(c.user, c.csvId);
    await runBulk(c.user, c.input({ rowsToProcess: undefined, rowIds: [rowIds[0]!] }));
    expect((await api.approve(c.user, c.csvId, rowIds[0]!)).status).toBe(200);
    fake.reset();
    const skipped = await runBulk(c.user, c.input({ rowsToProcess: undefined, rowIds: [rowIds[0]!, rowIds[2]!] }));
    expect(skipped).toMatchObject({ total: 1, skippedApproved: 1 });
    expect(fake.stats.calls).toHaveLength(1);
    const overwritten = await runBulk(
      c.user,
      c.input({ rowsToProcess: undefined, rowIds: [rowIds[0]!], overwriteApproved: true }),
    );
    expect(overwritten).toMatchObject({ total: 1, skippedApproved: 0 });
  });

  it("an id that is not a row of the file is a 400 naming it; rowIds with rowsToProcess is a 400; nothing is charged", async () => {
    const c = await qualitySetup(3, "rowids-bad");
    const other = await qualitySetup(2, "rowids-other");
    const { rowIds: theirs } = await api.file(other.user, other.csvId);
    const { rowIds } = await api.file(c.user, c.csvId);
    const deleted = rowIds[2]!;
    expect((await csvApi.deleteRow(c.user, c.csvId, deleted)).status).toBe(200);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ rowsToProcess: undefined, rowIds: [rowIds[0]!, theirs[0]!] }, `Row ${theirs[0]} is not a row of this file`],
      [{ rowsToProcess: undefined, rowIds: [deleted] }, `Row ${deleted} is not a row of this file`],
      [{ rowsToProcess: [0], rowIds: [rowIds[0]!] }, "Send rowIds or rowsToProcess, not both"],
      [{ rowsToProcess: undefined, rowIds: [] }, "rowIds must name at least 1 row"],
      [{ rowsToProcess: undefined, rowIds: ["1"] }, "rowIds must be a list of row ids"],
    ];
    for (const [extra, msg] of cases) {
      for (const call of [api.bulk, api.estimate]) {
        const res = await call(c.user, c.input(extra));
        expect(res.status, res.text).toBe(400);
        expect(res.json).toMatchObject({ msg, code: "invalid_input" });
      }
    }
    expect(fake.stats.calls).toHaveLength(0);
    expect(await creditsUsed(c.user)).toBe(0);
  });

  it("the estimate and the preview take rowIds too", async () => {
    const c = await qualitySetup(4, "rowids-estimate");
    const { rowIds } = await api.file(c.user, c.csvId);
    const estimate = await api.estimate(c.user, c.input({ rowsToProcess: undefined, rowIds: rowIds.slice(1, 3) }));
    expect(estimate.status, estimate.text).toBe(200);
    expect(estimate.json.rows).toBe(2);
    const preview = await api.preview(c.user, c.input({ rowsToProcess: undefined, rowIds: [rowIds[3]!] }));
    expect(preview.status, preview.text).toBe(200);
    expect(preview.json.results.map((r: { rowIndex: number }) => r.rowIndex)).toEqual([3]);
    const tooMany = await api.preview(c.user, c.input({ rowsToProcess: undefined, rowIds: [1, 2, 3, 4, 5, 6] }));
    expect(tooMany.json).toMatchObject({ msg: "A preview runs on at most 5 rows" });
  });
});

describe("GET /api/csv/{id}/changes carries flags and approval", () => {
  it("each changed row has its quality flags (null before generation) and approved; approving is a change", async () => {
    const c = await qualitySetup(3, "changes-flags");
    answerPerName(fake, { Grace: withPlaceholder });
    const before = (await csvApi.get(c.user, c.csvId)).json;
    const { rowIds } = before;
    await runBulk(c.user, c.input({ rowsToProcess: undefined, rowIds: rowIds.slice(0, 2) }));

    const changed = (await csvApi.changes(c.user, c.csvId, new Date(0).toISOString())).json.rows;
    const view = (row: { _id: number; flags: unknown; approved: boolean }) => [row._id, row.flags, row.approved];
    expect(changed.map(view)).toEqual([
      [rowIds[0], [], false],
      [rowIds[1], [PLACEHOLDER], false],
      [rowIds[2], null, false],
    ]);
    // The same flags as the whole-file quality read.
    const quality = (await api.quality(c.user, c.csvId)).json.rows;
    expect(quality.map((r: { rowId: number; flags: unknown }) => [r.rowId, r.flags])).toEqual([
      [rowIds[0], []],
      [rowIds[1], [PLACEHOLDER]],
    ]);

    const since = (await csvApi.changes(c.user, c.csvId, new Date(0).toISOString())).json.serverTime;
    expect((await api.approve(c.user, c.csvId, rowIds[1]!)).status).toBe(200);
    const approved = (await csvApi.changes(c.user, c.csvId, since)).json.rows;
    expect(approved.find((r: { _id: number }) => r._id === rowIds[1])).toMatchObject({
      flags: [PLACEHOLDER],
      approved: true,
    });
    expect((await api.unapprove(c.user, c.csvId, rowIds[1]!)).status).toBe(200);
    const unapproved = (await csvApi.changes(c.user, c.csvId, since)).json.rows;
    expect(unapproved.find((r: { _id: number }) => r._id === rowIds[1])).toMatchObject({ approved: false });
  });

  it("another user's file is a 404", async () => {
    const c = await qualitySetup(1, "changes-owner");
    const stranger = await newUser("changes-stranger");
    const res = await csvApi.changes(stranger, c.csvId, new Date(0).toISOString());
    expect(res.status).toBe(404);
  });
});
