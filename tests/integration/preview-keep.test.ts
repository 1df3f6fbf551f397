import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { previewRuns } from "@/lib/db/schema";
import { newUser, withFakeProviderAndDatabase } from "../support/ai";
import { csvApi } from "../support/csv";
import { answerPerName, cleanAnswer, creditsUsed, qualityApi as api, qualitySetup } from "../support/quality";

// POST /api/ai/preview/{id}/keep: "Keep these" (docs/api.md "Preview and quality").

const fake = withFakeProviderAndDatabase({ respond: cleanAnswer });
beforeEach(() => fake.reset());

describe("POST /api/ai/preview/{id}/keep", () => {
  it("writes the results and flags into the rows and approves them, with no provider call and no credit; once", async () => {
    const c = await qualitySetup(4, "keep");
    answerPerName(fake, { Grace: (e) => ({ ...e, email_body: `Hi <First Name>, ${e.email_body}` }) });
    const preview = await api.preview(c.user, c.input({ rowsToProcess: [1, 3] }));
    expect(preview.status, preview.text).toBe(200);
    const calls = fake.stats.calls.length;
    const credits = await creditsUsed(c.user);
    expect(credits).toBe(2);

    const kept = await api.keep(c.user, preview.json.previewId);
    expect(kept.status, kept.text).toBe(200);
    const file = await api.file(c.user, c.csvId);
    expect(kept.json).toEqual({ msg: "Kept 2 rows", kept: 2, rowIds: [file.rowIds[1], file.rowIds[3]] });
    expect(fake.stats.calls.length).toBe(calls);
    expect(await creditsUsed(c.user)).toBe(credits);

    expect(file.columns).toEqual(["First Name", "Company", "Email", "Subject Line", "Email Body", "AI Response"]);
    for (const r of preview.json.results) {
      expect(file.rows[r.rowIndex]).toMatchObject({
        ...c.rows[r.rowIndex],
        "Subject Line": r.subject_line,
        "Email Body": r.email_body,
      });
      expect(JSON.parse(file.rows[r.rowIndex]!["AI Response"]!)).toEqual(r.output);
    }
    expect(file.rows[0]!["Subject Line"]).toBe("");
    const quality = (await api.quality(c.user, c.csvId)).json;
    expect(quality).toEqual({
      rows: [
        { rowIndex: 1, rowId: file.rowIds[1], flags: preview.json.results[0].flags, approved: true },
        { rowIndex: 3, rowId: file.rowIds[3], flags: [], approved: true },
      ],
      counts: { block: 1, warn: 0, clean: 1 },
    });
    expect(preview.json.results[0].flags).toEqual([
      { rule: "unresolved_placeholder", severity: "block", message: 'Unresolved placeholder "<First Name>"' },
    ]);

    const again = await api.keep(c.user, preview.json.previewId);
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ msg: "These results were already kept", code: "conflict" });
  });

  it("keeps the extra output columns; rows deleted since the preview are skipped", async () => {
    const c = await qualitySetup(3, "keep-columns");
    const jsonSchema = JSON.stringify({
      type: "object",
      properties: { subject_line: { type: "string" }, email_body: { type: "string" }, follow_up_1: { type: "string" } },
      required: ["subject_line", "email_body", "follow_up_1"],
      additionalProperties: false,
    });
    const preview = await api.preview(c.user, c.input({ rowsToProcess: [0, 1, 2], jsonSchema }));
    expect(preview.json.results[0].output).toHaveProperty("follow_up_1");
    const before = await api.file(c.user, c.csvId);
    expect(before.columns).not.toContain("follow_up_1");
    expect((await csvApi.deleteRow(c.user, c.csvId, before.rowIds[1]!)).status).toBe(200);

    const kept = await api.keep(c.user, preview.json.previewId);
    expect(kept.json).toEqual({ msg: "Kept 2 rows", kept: 2, rowIds: [before.rowIds[0], before.rowIds[2]] });
    const file = await api.file(c.user, c.csvId);
    expect(file.columns).toEqual([
      "First Name",
      "Company",
      "Email",
      "Subject Line",
      "Email Body",
      "AI Response",
      "follow_up_1",
    ]);
    expect(file.rows.map((r) => r.follow_up_1)).toEqual([
      preview.json.results[0].output.follow_up_1,
      preview.json.results[2].output.follow_up_1,
    ]);
  });

  it("another user's preview, an unknown or malformed id: 404", async () => {
    const c = await qualitySetup(2, "keep-404");
    const preview = await api.preview(c.user, c.input({ rowsToProcess: [0] }));
    const other = await newUser("keep-other");
    for (const [who, id] of [
      [other, preview.json.previewId],
      [c.user, "00000000-0000-4000-8000-000000000000"],
      [c.user, "not-a-uuid"],
    ] as const) {
      const res = await api.keep(who, id);
      expect(res.status, id).toBe(404);
      expect(res.json.code).toBe("not_found");
    }
    // Results are held for an hour.
    const late = await api.preview(c.user, c.input({ rowsToProcess: [1] }));
    await db
      .update(previewRuns)
      .set({ createdAt: sql`now() - interval '61 minutes'` })
      .where(eq(previewRuns.id, late.json.previewId));
    const expired = await api.keep(c.user, late.json.previewId);
    expect(expired.status).toBe(404);
    expect(expired.json.msg).toMatch(/expired/);
    // The owner can still keep the first one.
    expect((await api.keep(c.user, preview.json.previewId)).json.kept).toBe(1);
  });
});
