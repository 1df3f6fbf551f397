import { beforeEach, describe, expect, it } from "vitest";
import { updateRowCells } from "@/lib/services/csv/csv-rows";
import { newUser, withFakeProviderAndDatabase } from "../support/ai";
import { csvApi } from "../support/csv";
import {
  cleanAnswer,
  cleanEmail,
  creditsUsed,
  filled,
  qualityApi as api,
  qualitySetup,
  runBulk,
  type QualityCtx,
} from "../support/quality";

// POST / DELETE /api/csv/{id}/rows/{rowId}/approve; bulk runs skip approved rows unless
// overwriteApproved; useApprovedExamples puts approved rows into the prompt (docs/api.md "Preview and quality").

const fake = withFakeProviderAndDatabase({ respond: cleanAnswer });
beforeEach(() => fake.reset());

const EXAMPLES_INTRO = "Here are e-mails I approved for other prospects.";
const approved = async (c: QualityCtx) =>
  Object.fromEntries(
    (await api.quality(c.user, c.csvId)).json.rows.map((r: { rowIndex: number; approved: boolean }) => [
      r.rowIndex,
      r.approved,
    ]),
  );

describe("approving rows", () => {
  it("POST approves and DELETE takes it back (idempotent); the quality list shows it", async () => {
    const c = await qualitySetup(3, "approve");
    await runBulk(c.user, c.input({ rowsToProcess: [0, 1] }));
    const { rowIds } = await api.file(c.user, c.csvId);
    expect(await approved(c)).toEqual({ 0: false, 1: false });

    for (let i = 0; i < 2; i++) {
      const res = await api.approve(c.user, c.csvId, rowIds[1]!);
      expect(res.status, res.text).toBe(200);
      expect(res.json).toEqual({ rowId: rowIds[1], approved: true });
    }
    expect(await approved(c)).toEqual({ 0: false, 1: true });
    // A row without output can be approved too; it is listed once it has output.
    expect((await api.approve(c.user, c.csvId, rowIds[2]!)).json).toEqual({ rowId: rowIds[2], approved: true });
    expect(await approved(c)).toEqual({ 0: false, 1: true });

    for (let i = 0; i < 2; i++) {
      const res = await api.unapprove(c.user, c.csvId, rowIds[1]!);
      expect(res.status, res.text).toBe(200);
      expect(res.json).toEqual({ rowId: rowIds[1], approved: false });
    }
    expect(await approved(c)).toEqual({ 0: false, 1: false });
  });

  it("another user's file, a row of another file, a deleted row or a malformed id: 404", async () => {
    const c = await qualitySetup(2, "approve-404");
    const mine = await qualitySetup(1, "approve-404-b");
    const { rowIds } = await api.file(c.user, c.csvId);
    const other = await newUser("approve-other");
    const theirs = (await api.file(mine.user, mine.csvId)).rowIds[0]!;
    expect((await csvApi.deleteRow(c.user, c.csvId, rowIds[1]!)).status).toBe(200);
    const cases: Array<[typeof c.user, string, string | number, string]> = [
      [other, c.csvId, rowIds[0]!, "CSV file not found"],
      [c.user, c.csvId, theirs, "Row not found"],
      [c.user, c.csvId, rowIds[1]!, "Row not found"],
      [c.user, c.csvId, "abc", "Row not found"],
      [c.user, c.csvId, "-1", "Row not found"],
      [c.user, "not-a-uuid", rowIds[0]!, "CSV file not found"],
    ];
    for (const [who, fileId, rowId, msg] of cases) {
      for (const res of [await api.approve(who, fileId, rowId), await api.unapprove(who, fileId, rowId)]) {
        expect(res.status, `${fileId} ${rowId} ${res.text}`).toBe(404);
        expect(res.json).toEqual({ msg, code: "not_found" });
      }
    }
  });
});

describe("bulk runs and approved rows", () => {
  it("skip approved rows by default (skippedApproved, rows unchanged) and overwrite them with overwriteApproved", async () => {
    const c = await qualitySetup(4, "skip");
    await runBulk(c.user, c.input());
    const first = await api.file(c.user, c.csvId);
    await api.approve(c.user, c.csvId, first.rowIds[1]!);
    await api.approve(c.user, c.csvId, first.rowIds[2]!);

    fake.reset();
    fake.setOptions({ respond: (args) => ({ ...cleanEmail(args.prompt), subject_line: "Second run" }) });
    const estimate = await api.estimate(c.user, c.input());
    expect(estimate.json).toMatchObject({ rows: 2, credits: 2 });
    const used = await creditsUsed(c.user);
    const started = await runBulk(c.user, c.input());
    expect(started).toEqual({
      batchId: expect.any(String),
      total: 2,
      skippedApproved: 2,
      skipped: { invalidEmail: 0, thinInput: 0 },
    });
    expect(fake.stats.prompts.sort()).toEqual([filled(c.rows[0]!), filled(c.rows[3]!)].sort());
    expect(await creditsUsed(c.user)).toBe(used + 2);
    const second = await api.file(c.user, c.csvId);
    expect(second.rows.map((r) => r["Subject Line"])).toEqual([
      "Second run",
      first.rows[1]!["Subject Line"],
      first.rows[2]!["Subject Line"],
      "Second run",
    ]);
    expect(second.rows[1]).toEqual(first.rows[1]);

    // Every selected row approved: nothing to run.
    const none = await api.bulk(c.user, c.input({ rowsToProcess: [1, 2] }));
    expect(none.status).toBe(400);
    expect(none.json.msg).toBe("No rows match the criteria");

    const all = await runBulk(c.user, c.input({ overwriteApproved: true }));
    expect(all).toMatchObject({ total: 4, skippedApproved: 0 });
    expect((await api.file(c.user, c.csvId)).rows.every((r) => r["Subject Line"] === "Second run")).toBe(true);
    expect((await api.estimate(c.user, c.input({ overwriteApproved: true }))).json.rows).toBe(4);
  });

  it("useApprovedExamples puts up to 3 approved rows into every prompt; the estimate counts them", async () => {
    const c = await qualitySetup(6, "examples");
    await runBulk(c.user, c.input({ rowsToProcess: [0, 1, 2, 3] }));
    const file = await api.file(c.user, c.csvId);
    for (const i of [0, 1, 2, 3]) await api.approve(c.user, c.csvId, file.rowIds[i]!);
    // Row 0 is the oldest approval: the three newest are shown.
    await api.unapprove(c.user, c.csvId, file.rowIds[0]!);
    await api.approve(c.user, c.csvId, file.rowIds[0]!);

    const plain = (await api.estimate(c.user, c.input({ rowsToProcess: [4, 5] }))).json;
    const withExamples = (await api.estimate(c.user, c.input({ rowsToProcess: [4, 5], useApprovedExamples: true })))
      .json;
    expect(withExamples.rows).toBe(2);
    expect(withExamples.inputTokens).toBeGreaterThan(plain.inputTokens + 2 * 3 * 40);

    fake.reset();
    await runBulk(c.user, c.input({ rowsToProcess: [4, 5], useApprovedExamples: true }));
    expect(fake.stats.prompts).toHaveLength(2);
    for (const prompt of fake.stats.prompts) {
      expect(prompt.startsWith(EXAMPLES_INTRO)).toBe(true);
      expect(prompt.match(/^Example \d$/gm)).toEqual(["Example 1", "Example 2", "Example 3"]);
      for (const i of [0, 2, 3]) {
        expect(prompt).toContain(`Subject: ${file.rows[i]!["Subject Line"]}`);
        expect(prompt).toContain(file.rows[i]!["Email Body"]);
      }
      expect(prompt).not.toContain(file.rows[1]!["Email Body"]);
      expect(prompt.indexOf(file.rows[0]!["Email Body"]!)).toBeLessThan(prompt.indexOf(file.rows[3]!["Email Body"]!));
    }
    expect(fake.stats.prompts.map((p) => p.split("Now the e-mail to write:\n")[1]).sort()).toEqual(
      [filled(c.rows[4]!), filled(c.rows[5]!)].sort(),
    );
    // The rows written are the model's answers for their own recipients.
    const after = await api.file(c.user, c.csvId);
    expect(after.rows[4]!["Email Body"]).toBe(cleanEmail(filled(c.rows[4]!)).email_body);

    // Without the flag the prompt is the row's own; the preview shows the prompt as sent.
    fake.reset();
    await runBulk(c.user, c.input({ rowsToProcess: [5] }));
    expect(fake.stats.prompts).toEqual([filled(c.rows[5]!)]);
    const preview = await api.preview(c.user, c.input({ rowsToProcess: [4], useApprovedExamples: true }));
    expect(preview.json.results[0].prompt).toBe(fake.stats.prompts[1]);
    expect(preview.json.results[0].prompt.startsWith(EXAMPLES_INTRO)).toBe(true);
  });

  it("a generated row rewritten by hand is an example too, after the approved ones; a new generation clears that", async () => {
    const c = await qualitySetup(5, "examples-edited");
    await runBulk(c.user, c.input({ rowsToProcess: [0, 1, 2] }));
    const { rowIds } = await api.file(c.user, c.csvId);
    const rewritten = "Hi Grace,\n\nA hand-written note about your planning work, rewritten by the user.\n\nBest,\nSam";
    await updateRowCells(c.user.id, c.csvId, rowIds[1]!, { "Email Body": rewritten });
    await api.approve(c.user, c.csvId, rowIds[2]!);

    fake.reset();
    await runBulk(c.user, c.input({ rowsToProcess: [3], useApprovedExamples: true }));
    const [prompt] = fake.stats.prompts;
    expect(prompt!.match(/^Example \d$/gm)).toEqual(["Example 1", "Example 2"]);
    const approvedBody = (await api.file(c.user, c.csvId)).rows[2]!["Email Body"]!;
    expect(prompt!.indexOf(approvedBody)).toBeLessThan(prompt!.indexOf(rewritten));

    // Regenerated: no longer the user's own text, no longer an example.
    await runBulk(c.user, c.input({ rowsToProcess: [1], overwriteApproved: true }));
    fake.reset();
    await runBulk(c.user, c.input({ rowsToProcess: [4], useApprovedExamples: true }));
    expect(fake.stats.prompts[0]!.match(/^Example \d$/gm)).toEqual(["Example 1"]);
  });

  it("useApprovedExamples without approved rows sends the plain prompt", async () => {
    const c = await qualitySetup(2, "examples-none");
    await runBulk(c.user, c.input({ useApprovedExamples: true }));
    expect(fake.stats.prompts.sort()).toEqual(c.rows.map(filled).sort());
  });
});
