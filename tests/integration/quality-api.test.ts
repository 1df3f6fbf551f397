import { beforeEach, describe, expect, it } from "vitest";
import { GET as configGET, PUT as configPUT } from "@/app/api/ai/config/route";
import { PUT as templatePUT } from "@/app/api/ai/templates/[id]/route";
import { POST as templatesPOST } from "@/app/api/ai/templates/route";
import { newUser, withFakeProviderAndDatabase, type TestUser } from "../support/ai";
import { csvApi } from "../support/csv";
import { callRoute } from "../support/http";
import {
  answerPerName,
  cleanAnswer,
  cleanEmail,
  qualityApi as api,
  qualitySetup,
  runBulk,
  withPlaceholder,
  type CleanEmail,
} from "../support/quality";

// GET /api/csv/{id}/quality, flags stored by single and bulk generation, duplicate openings across a
// run, re-checks after a hand edit, and qualityRules on the AI configuration and templates.

const fake = withFakeProviderAndDatabase({ respond: cleanAnswer });
beforeEach(() => fake.reset());

const PLACEHOLDER = {
  rule: "unresolved_placeholder",
  severity: "block",
  message: 'Unresolved placeholder "[First Name]"',
};
const SPAM = { rule: "spam_words", severity: "warn", message: 'Spam-trigger word: "act now"' };

const withSpam = (e: CleanEmail) => ({
  ...e,
  email_body: e.email_body.replace("Best,", "Please act now.\n\nBest,"),
});

describe("GET /api/csv/{id}/quality", () => {
  it("lists the generated rows (single and bulk) with their flags, indices and ids as GET /csv/{id}; counts by the most severe flag", async () => {
    const c = await qualitySetup(6, "quality");
    answerPerName(fake, {
      Grace: (e) => withSpam(withPlaceholder(e)),
      Linus: withSpam,
      Barbara: () => "not used",
    });
    fake.setOptions({ onRequest: (info) => (info.prompt.includes("to Barbara at") ? { status: 400 } : undefined) });

    const single = await api.generate(c.user, c.single(0));
    expect(single.status, single.text).toBe(200);
    expect(single.json).toMatchObject({ flags: [], sources: null });
    const flagged = await api.generate(c.user, c.single(1));
    expect(flagged.json.flags).toEqual([PLACEHOLDER, SPAM]);
    const file1 = await api.file(c.user, c.csvId);
    expect((await api.quality(c.user, c.csvId)).json).toEqual({
      rows: [
        { rowIndex: 0, rowId: file1.rowIds[0], flags: [], approved: false },
        { rowIndex: 1, rowId: file1.rowIds[1], flags: [PLACEHOLDER, SPAM], approved: false },
      ],
      counts: { block: 1, warn: 0, clean: 1 },
    });

    // A bulk run over rows 1–4: Barbara's call fails (no output: left out), row 5 is never generated.
    const started = await runBulk(c.user, c.input({ rowsToProcess: [1, 2, 3, 4] }));
    expect(started).toMatchObject({ total: 4, skippedApproved: 0 });
    const file = await api.file(c.user, c.csvId);
    expect(file.rows[3]!["Subject Line"]).toMatch(/^Error/);
    const quality = (await api.quality(c.user, c.csvId)).json;
    expect(quality.rows).toEqual([
      { rowIndex: 0, rowId: file.rowIds[0], flags: [], approved: false },
      { rowIndex: 1, rowId: file.rowIds[1], flags: [PLACEHOLDER, SPAM], approved: false },
      { rowIndex: 2, rowId: file.rowIds[2], flags: [SPAM], approved: false },
      { rowIndex: 4, rowId: file.rowIds[4], flags: [], approved: false },
    ]);
    expect(quality.counts).toEqual({ block: 1, warn: 1, clean: 2 });

    // Indices follow the file as it is now: after deleting row 0 every index moves up by one.
    expect((await csvApi.deleteRow(c.user, c.csvId, file.rowIds[0]!)).status).toBe(200);
    const after = (await api.quality(c.user, c.csvId)).json;
    expect(after.rows.map((r: { rowIndex: number; rowId: number }) => [r.rowIndex, r.rowId])).toEqual([
      [0, file.rowIds[1]],
      [1, file.rowIds[2]],
      [3, file.rowIds[4]],
    ]);
    expect(after.counts).toEqual({ block: 1, warn: 1, clean: 1 });
  });

  it("another user's file, an unknown or malformed id: 404; signed out: 401", async () => {
    const c = await qualitySetup(2, "quality-404");
    const other = await newUser("quality-other");
    for (const [who, id] of [
      [other, c.csvId],
      [c.user, "00000000-0000-4000-8000-000000000000"],
      [c.user, "not-a-uuid"],
      [c.user, "../etc"],
    ] as const) {
      const res = await api.quality(who, id);
      expect(res.status, `${id} ${res.text}`).toBe(404);
      expect(res.json).toEqual({ msg: "CSV file not found", code: "not_found" });
    }
    const anonymous = await api.quality({ headers: {} } as TestUser, c.csvId);
    expect(anonymous.status).toBe(401);
  });
});

describe("flags across rows and after edits", () => {
  const SAME = (e: CleanEmail) => ({
    ...e,
    email_body: e.email_body.replace(
      /I read about .+? and wanted to reach out\./,
      "I saw that your team is growing fast this year.",
    ),
  });

  it("duplicate_opening: the second and later rows of a run with the same opening are flagged", async () => {
    const c = await qualitySetup(4, "duplicate");
    fake.setOptions({ respond: (args) => SAME(cleanEmail(args.prompt)) });
    await runBulk(c.user, c.input(), { fixedConcurrency: 1 });
    const { rows, counts } = (await api.quality(c.user, c.csvId)).json;
    expect(rows.map((r: { flags: unknown[] }) => r.flags)).toEqual([
      [],
      ...[1, 2, 3].map(() => [
        { rule: "duplicate_opening", severity: "warn", message: "Same opening sentence as row 1" },
      ]),
    ]);
    expect(counts).toEqual({ block: 0, warn: 3, clean: 1 });
  });

  it("duplicate_opening: a run compares its rows with the file's rows generated before it (live rows, in file order)", async () => {
    const c = await qualitySetup(4, "duplicate-earlier");
    fake.setOptions({ respond: (args) => SAME(cleanEmail(args.prompt)) });
    // Row 3 is generated on its own first; then row 1 is deleted, so row 3 is the file's second row.
    expect((await api.generate(c.user, c.single(2))).json.flags).toEqual([]);
    const before = await api.file(c.user, c.csvId);
    expect((await csvApi.deleteRow(c.user, c.csvId, before.rowIds[0]!)).status).toBe(200);
    await runBulk(c.user, { ...c.input(), rowIds: [before.rowIds[1], before.rowIds[3]], rowsToProcess: undefined });
    const { rows } = (await api.quality(c.user, c.csvId)).json;
    expect(rows.map((r: { flags: unknown[] }) => r.flags)).toEqual([
      [{ rule: "duplicate_opening", severity: "warn", message: "Same opening sentence as row 2" }],
      [],
      [{ rule: "duplicate_opening", severity: "warn", message: "Same opening sentence as row 2" }],
    ]);
  });

  it("duplicate_opening with rows generated in parallel: every row but one is flagged", async () => {
    const c = await qualitySetup(6, "duplicate-parallel");
    // All six answers come back at the same moment, once all six requests have arrived, as they can in a real run.
    let arrived = 0;
    let releaseAll = () => {};
    const allArrived = new Promise<void>((resolve) => (releaseAll = resolve));
    fake.setOptions({
      respond: async (args) => {
        if (++arrived === 6) releaseAll();
        await allArrived;
        return SAME(cleanEmail(args.prompt));
      },
    });
    await runBulk(c.user, c.input(), { fixedConcurrency: 6 });
    const { rows, counts } = (await api.quality(c.user, c.csvId)).json;
    expect(rows).toHaveLength(6);
    expect(counts).toEqual({ block: 0, warn: 5, clean: 1 });
  });

  it("a hand edit of Email Body that removes the placeholder clears unresolved_placeholder; one that adds it flags it", async () => {
    const c = await qualitySetup(3, "edit");
    answerPerName(fake, { Ada: withPlaceholder });
    expect((await api.generate(c.user, c.single(0))).json.flags).toEqual([PLACEHOLDER]);
    expect((await api.generate(c.user, c.single(1))).json.flags).toEqual([]);
    const file = await api.file(c.user, c.csvId);
    const fixed = file.rows[0]!["Email Body"]!.replace("[First Name]", "Ada");
    const patched = await csvApi.patchRow(c.user, c.csvId, file.rowIds[0]!, { data: { "Email Body": fixed } });
    expect(patched.status, patched.text).toBe(200);
    const broken = file.rows[1]!["Email Body"]!.replace(/^Hi \w+,/, "Hi {{first_name}},");
    await csvApi.patchRow(c.user, c.csvId, file.rowIds[1]!, { data: { "Email Body": broken } });
    // Editing another column of a row never generated adds nothing.
    await csvApi.patchRow(c.user, c.csvId, file.rowIds[2]!, { data: { Company: "Renamed Inc" } });
    const quality = (await api.quality(c.user, c.csvId)).json;
    expect(quality.rows).toEqual([
      { rowIndex: 0, rowId: file.rowIds[0], flags: [], approved: false },
      {
        rowIndex: 1,
        rowId: file.rowIds[1],
        flags: [
          { rule: "unresolved_placeholder", severity: "block", message: 'Unresolved placeholder "{{first_name}}"' },
        ],
        approved: false,
      },
    ]);
    expect(quality.counts).toEqual({ block: 1, warn: 0, clean: 1 });
  });
});

describe("qualityRules on the AI configuration and templates", () => {
  const putConfig = (u: TestUser, body: unknown) =>
    callRoute(configPUT, { method: "PUT", url: "/api/ai/config", headers: u.headers, body });
  const createTemplate = (u: TestUser, body: unknown) =>
    callRoute(templatesPOST, { method: "POST", url: "/api/ai/templates", headers: u.headers, body });
  const putTemplate = (u: TestUser, id: string, body: unknown) =>
    callRoute(templatePUT, { method: "PUT", url: `/api/ai/templates/${id}`, headers: u.headers, params: { id }, body });

  const INVALID: Array<[unknown, string | RegExp]> = [
    [{ no_such_rule: { enabled: false } }, 'Unknown quality rule "no_such_rule"'],
    [{ preamble: { maxChars: 10 } }, 'Unknown setting "maxChars" for quality rule "preamble"'],
    [{ subject_too_long: { maxChars: 0 } }, /^qualityRules\.subject_too_long\.maxChars: .*>0/],
    [{ subject_too_long: { maxChars: 12.5 } }, /^qualityRules\.subject_too_long\.maxChars: .*int/],
    [{ body_length: { minWords: "many" } }, /^qualityRules\.body_length\.minWords: .*number/],
    [{ body_length: { minWords: 300, maxWords: 100 } }, "minWords must not be greater than maxWords"],
    [{ spam_words: { severity: "fatal" } }, /^qualityRules\.spam_words\.severity: .*"block"\|"warn"/],
    [{ spam_words: { enabled: "no" } }, /^qualityRules\.spam_words\.enabled: .*boolean/],
    [{ spam_words: true }, /^qualityRules\.spam_words: .*object/],
    [["spam_words"], /^qualityRules: .*object/],
  ];

  it("PUT /ai/config saves valid overrides and answers them; invalid ones are a 400 naming the problem", async () => {
    const u = await newUser("rules-config");
    const rules = {
      subject_too_long: { maxChars: 50 },
      spam_words: { enabled: false },
      preamble: { severity: "warn" },
    };
    const saved = await putConfig(u, { qualityRules: rules });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.aiConfig.qualityRules).toEqual(rules);
    expect(
      (await callRoute(configGET, { url: "/api/ai/config", headers: u.headers })).json.aiConfig.qualityRules,
    ).toEqual(rules);
    for (const [qualityRules, msg] of INVALID) {
      const res = await putConfig(u, { qualityRules });
      expect(res.status, JSON.stringify(qualityRules)).toBe(400);
      expect(res.json.code).toBe("invalid_input");
      if (typeof msg === "string") expect(res.json.msg).toBe(msg);
      else expect(res.json.msg).toMatch(msg);
    }
    // Nothing invalid was stored; null goes back to the defaults.
    expect(
      (await callRoute(configGET, { url: "/api/ai/config", headers: u.headers })).json.aiConfig.qualityRules,
    ).toEqual(rules);
    expect((await putConfig(u, { qualityRules: null })).json.aiConfig.qualityRules).toBeNull();
  });

  it("templates take qualityRules on create and update, with the same checks", async () => {
    const u = await newUser("rules-template");
    const rules = { body_length: { minWords: 20, maxWords: 120 } };
    const created = await createTemplate(u, { name: "Short ones", qualityRules: rules });
    expect(created.status, created.text).toBe(201);
    expect(created.json.qualityRules).toEqual(rules);
    const id = created.json._id as string;
    const updated = await putTemplate(u, id, { qualityRules: { duplicate_opening: { enabled: false } } });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.json.qualityRules).toEqual({ duplicate_opening: { enabled: false } });
    for (const [qualityRules, msg] of INVALID.slice(0, 3)) {
      for (const res of [
        await createTemplate(u, { name: "Bad", qualityRules }),
        await putTemplate(u, id, { qualityRules }),
      ]) {
        expect(res.status).toBe(400);
        if (typeof msg === "string") expect(res.json.msg).toBe(msg);
        else expect(res.json.msg).toMatch(msg);
      }
    }
    expect((await createTemplate(u, { name: "Plain" })).json.qualityRules).toBeNull();
  });

  it("the saved rules apply to generation; a payload's rules override them", async () => {
    const c = await qualitySetup(2, "rules-apply");
    answerPerName(fake, { Ada: withSpam });
    expect((await putConfig(c.user, { qualityRules: { spam_words: { enabled: false } } })).status).toBe(200);
    expect((await api.generate(c.user, c.single(0))).json.flags).toEqual([]);
    const overridden = await api.generate(
      c.user,
      c.single(0, { qualityRules: { spam_words: { enabled: true, severity: "block" } } }),
    );
    expect(overridden.json.flags).toEqual([{ ...SPAM, severity: "block" }]);
    // Bulk runs too: the saved rule (off) holds unless the payload turns it on.
    await runBulk(c.user, c.input({ rowsToProcess: [0] }));
    expect((await api.quality(c.user, c.csvId)).json.rows[0].flags).toEqual([]);
    await runBulk(c.user, c.input({ rowsToProcess: [0], qualityRules: { spam_words: { enabled: true } } }));
    expect((await api.quality(c.user, c.csvId)).json.rows[0].flags).toEqual([SPAM]);
  });
});
