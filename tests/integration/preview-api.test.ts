import { beforeEach, describe, expect, it } from "vitest";
import { POST as previewPOST } from "@/app/api/ai/preview/route";
import { addConnection, newUser, withFakeProviderAndDatabase } from "../support/ai";
import { callRoute } from "../support/http";
import {
  answerPerName,
  cleanAnswer,
  cleanEmail,
  creditsUsed,
  filled,
  ledgerOf,
  qualityApi as api,
  qualitySetup,
  withPlaceholder,
  type CleanEmail,
  type QualityCtx,
} from "../support/quality";

// POST /api/ai/preview (docs/api.md "Preview and quality"); keeping the results: preview-keep.test.ts.

const fake = withFakeProviderAndDatabase({ respond: cleanAnswer });
beforeEach(() => fake.reset());

const RESULT_KEYS = [
  "email_body",
  "flags",
  "output",
  "prompt",
  "row",
  "rowId",
  "rowIndex",
  "sources",
  "subject_line",
  "usage",
];
const FAILED_KEYS = ["error", "flags", "prompt", "row", "rowId", "rowIndex", "usage"];

/** The file as `GET /csv/{id}` shows it, without the server's clock. */
async function snapshot(c: QualityCtx) {
  const { columns, rows, rowIds, rowCount } = await api.file(c.user, c.csvId);
  return { columns, rows, rowIds, rowCount };
}
describe("POST /api/ai/preview", () => {
  it("answers the contract's shape for the first 3 rows the condition selects, writing nothing to the file", async () => {
    const c = await qualitySetup(12, "preview");
    const before = await snapshot(c);
    const res = await api.preview(c.user, c.input({ rowsToProcess: undefined, onlyRunIf: "!{{Email}}" }));
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(["previewId", "results"]);
    const { results } = res.json;
    // Rows 2, 5, 8 and 11 have no e-mail address: the first three are previewed, in file order.
    expect(results.map((r: { rowIndex: number }) => r.rowIndex)).toEqual([2, 5, 8]);
    for (const r of results) {
      expect(Object.keys(r).sort()).toEqual(RESULT_KEYS);
      const row = c.rows[r.rowIndex]!;
      const email = cleanEmail(filled(row));
      expect(r).toMatchObject({
        rowId: before.rowIds[r.rowIndex],
        ...email,
        output: email,
        flags: [],
        sources: null,
        prompt: filled(row),
        row,
      });
      expect(r.usage).toEqual({
        inputTokens: expect.any(Number),
        outputTokens: expect.any(Number),
        cachedInputTokens: 0,
        costUsd: expect.any(Number),
      });
      expect(r.usage.inputTokens).toBeGreaterThan(0);
    }
    expect(fake.stats.prompts.sort()).toEqual([2, 5, 8].map((i) => filled(c.rows[i]!)).sort());
    expect(await snapshot(c)).toEqual(before);
    expect((await api.quality(c.user, c.csvId)).json).toEqual({ rows: [], counts: { block: 0, warn: 0, clean: 0 } });
    // A trial user spends one credit per previewed row; the calls are recorded as "preview".
    expect(await creditsUsed(c.user)).toBe(3);
    const ledger = await ledgerOf(c.user.id, "preview");
    expect(ledger).toHaveLength(3);
    expect(ledger.map((l) => l.rowId).sort()).toEqual([2, 5, 8].map((i) => before.rowIds[i]).sort());
    expect(ledger.every((l) => l.csvFileId === c.csvId && l.ok && l.inputTokens > 0)).toBe(true);
    expect(await ledgerOf(c.user.id, "bulk")).toHaveLength(0);
  });

  it("takes the named rows (1 to 5) as they are; 6 or none is a 400", async () => {
    const c = await qualitySetup(8, "preview-named");
    const named = await api.preview(c.user, c.input({ rowsToProcess: [4, 1, 4], onlyRunIf: "!{{Email}}" }));
    expect(named.status, named.text).toBe(200);
    // Named rows are previewed as they are, even when the condition would skip them (rows 1 and 4 have an e-mail).
    expect(named.json.results.map((r: { rowIndex: number }) => r.rowIndex)).toEqual([1, 4]);
    const five = await api.preview(c.user, c.input({ rowsToProcess: [0, 1, 2, 3, 7] }));
    expect(five.json.results.map((r: { rowIndex: number }) => r.rowIndex)).toEqual([0, 1, 2, 3, 7]);
    expect(await creditsUsed(c.user)).toBe(7);

    const cases: Array<[unknown, string | RegExp]> = [
      [[0, 1, 2, 3, 4, 5], "A preview runs on at most 5 rows"],
      [[], "rowsToProcess must name at least 1 row"],
      [0, "rowsToProcess must be a list of 1 to 5 row indices"],
      [3, "rowsToProcess must be a list of 1 to 5 row indices"],
      [[-1], /.+/],
      [[50, 60], "No rows match the criteria"],
    ];
    fake.reset();
    for (const [rowsToProcess, msg] of cases) {
      const res = await api.preview(c.user, c.input({ rowsToProcess }));
      expect(res.status, JSON.stringify(rowsToProcess)).toBe(400);
      expect(res.json.code).toBe("invalid_input");
      if (typeof msg === "string") expect(res.json.msg).toBe(msg);
      else expect(res.json.msg).toMatch(msg);
    }
    expect(fake.stats.calls).toHaveLength(0);
    expect(await creditsUsed(c.user)).toBe(7);
  });

  it("no row matching the condition, another user's file, bad configuration: nothing spent", async () => {
    const c = await qualitySetup(3, "preview-errors");
    const none = await api.preview(c.user, c.input({ rowsToProcess: undefined, onlyRunIf: "!{{Company}}" }));
    expect(none.status).toBe(400);
    expect(none.json).toEqual({ msg: "No rows match the criteria", code: "invalid_input" });

    const other = await newUser("preview-other");
    const otherConnection = (await addConnection(other, "OpenAI")).json._id;
    const foreign = await api.preview(other, c.input({ connectionId: otherConnection, rowsToProcess: [0] }));
    expect(foreign.status, foreign.text).toBe(404);
    expect(foreign.json.code).toBe("not_found");

    const emptyPrompt = await api.preview(c.user, c.input({ prompt: "", rowsToProcess: [0] }));
    expect(emptyPrompt.json).toMatchObject({ msg: "Configuration error: Prompt cannot be empty" });
    const missing = await api.preview(c.user, c.input({ prompt: "Hi {{Name}} from {{Region}}", rowsToProcess: [0] }));
    expect(missing.status).toBe(400);
    expect(missing.json.msg).toMatch(/\{\{Region\}\}/);

    const anonymous = await callRoute(previewPOST, {
      method: "POST",
      url: "/api/ai/preview",
      body: c.input({ rowsToProcess: [0] }),
    });
    expect(anonymous.status).toBe(401);
    expect(fake.stats.calls).toHaveLength(0);
    expect(await creditsUsed(c.user)).toBe(0);
    expect(await creditsUsed(other)).toBe(0);
  });

  it("a row whose provider call fails is { error, flags: [], usage: null } and refunded; unparseable answers get parse_error, refunded", async () => {
    const c = await qualitySetup(4, "preview-fail");
    fake.setOptions({
      onRequest: (info) => (info.prompt.includes("to Grace at") ? { status: 400 } : undefined),
      respond: (args) =>
        args.prompt.includes("to Linus at") ? "Sure! Here is the email: hello there" : cleanAnswer(args),
    });
    const before = await snapshot(c);
    const res = await api.preview(c.user, c.input({ rowsToProcess: [0, 1, 2] }));
    expect(res.status, res.text).toBe(200);
    const [ok, failed, unparsed] = res.json.results;
    expect(ok).toMatchObject({ rowIndex: 0, flags: [] });
    expect(Object.keys(failed).sort()).toEqual(FAILED_KEYS);
    expect(failed).toEqual({
      rowIndex: 1,
      rowId: before.rowIds[1],
      error: expect.stringMatching(/^OpenAI rejected the request/),
      flags: [],
      usage: null,
      prompt: filled(c.rows[1]!),
      row: c.rows[1],
    });
    expect(unparsed).toMatchObject({
      rowIndex: 2,
      subject_line: "(Parse Error)",
      email_body: "(Parse Error)",
      output: null,
      flags: [
        {
          rule: "parse_error",
          severity: "block",
          message: "The model's answer could not be read (not a JSON object)",
        },
      ],
    });
    // Three rows previewed, two failed: one credit spent.
    expect(await creditsUsed(c.user)).toBe(1);
    expect(await snapshot(c)).toEqual(before);

    // Keeping writes the successful row only.
    const kept = await api.keep(c.user, res.json.previewId);
    expect(kept.json).toMatchObject({ kept: 1, rowIds: [before.rowIds[0]] });
  });

  it("flags what the rules find; qualityRules in the payload switch a rule off or change its severity", async () => {
    const c = await qualitySetup(3, "preview-flags");
    answerPerName(fake, {
      Ada: withPlaceholder,
      Grace: (e) => ({ ...e, email_body: `Sure, here's your email:\n\n${e.email_body}` }),
    });
    const flagsOf = async (extra: Record<string, unknown> = {}) => {
      const res = await api.preview(c.user, c.input({ rowsToProcess: [0, 1, 2], ...extra }));
      expect(res.status, res.text).toBe(200);
      return res.json.results.map((r: { flags: unknown[] }) => r.flags);
    };
    expect(await flagsOf()).toEqual([
      [{ rule: "unresolved_placeholder", severity: "block", message: 'Unresolved placeholder "[First Name]"' }],
      [{ rule: "preamble", severity: "block", message: 'Starts with model meta-talk: "Sure, here\'s your email:"' }],
      [],
    ]);
    expect(
      await flagsOf({ qualityRules: { unresolved_placeholder: { enabled: false }, preamble: { severity: "warn" } } }),
    ).toEqual([[], [expect.objectContaining({ rule: "preamble", severity: "warn" })], []]);
    // Limits: a 5-character subject limit flags every row's subject.
    const limited = await flagsOf({
      qualityRules: {
        subject_too_long: { maxChars: 5 },
        unresolved_placeholder: { enabled: false },
        preamble: { enabled: false },
      },
    });
    expect(limited.map((f: { rule: string }[]) => f.map((x) => x.rule))).toEqual([
      ["subject_too_long"],
      ["subject_too_long"],
      ["subject_too_long"],
    ]);
    // Bad overrides are refused by name before any call.
    fake.reset();
    const bad = await api.preview(
      c.user,
      c.input({ rowsToProcess: [0], qualityRules: { no_such_rule: { enabled: false } } }),
    );
    expect(bad.status).toBe(400);
    expect(bad.json.msg).toMatch(/no_such_rule/);
    expect(fake.stats.calls).toHaveLength(0);
  });

  it("duplicate_opening compares the previewed rows with each other and with the file's generated rows", async () => {
    const c = await qualitySetup(5, "preview-duplicate");
    const same = (e: CleanEmail) => ({
      ...e,
      email_body: e.email_body.replace(
        /I read about .+? and wanted to reach out\./,
        "I saw that your team is growing fast.",
      ),
    });
    answerPerName(fake, { Ada: same, Grace: same, Linus: same, Edsger: same });
    const duplicate = (row: number) => [
      { rule: "duplicate_opening", severity: "warn", message: `Same opening sentence as row ${row}` },
    ];
    const first = await api.preview(c.user, c.input({ rowsToProcess: [0, 1, 2, 3] }));
    expect(first.json.results.map((r: { flags: unknown[] }) => r.flags)).toEqual([[], duplicate(1), duplicate(1), []]);

    // Row 4 (Edsger) is generated for real; a later preview of rows 1 and 3 compares with it.
    expect((await api.generate(c.user, c.single(4))).json.flags).toEqual([]);
    const second = await api.preview(c.user, c.input({ rowsToProcess: [1, 3] }));
    expect(second.json.results.map((r: { flags: unknown[] }) => r.flags)).toEqual([duplicate(5), []]);
    // The rows' own earlier text does not count: row 4 previewed again is not its own duplicate.
    const third = await api.preview(c.user, c.input({ rowsToProcess: [4] }));
    expect(third.json.results[0].flags).toEqual([]);
  });
});
