import { beforeEach, describe, expect, it } from "vitest";
import { withFakeProviderAndDatabase } from "../support/ai";
import { NO_SOURCES } from "../fakes/ai-provider-research";
import { cleanAnswer, filled, qualityApi as api, qualitySetup, runBulk } from "../support/quality";

// docs/api.md "Output columns": every top-level schema property besides subject_line, email_body and
// content gets a column of its own; web research rows fill `Sources`; `AI Response` keeps the whole answer.

const fake = withFakeProviderAndDatabase({ respond: cleanAnswer });
beforeEach(() => fake.reset());

const FOLLOW_UPS = JSON.stringify({
  type: "object",
  properties: {
    subject_line: { type: "string" },
    email_body: { type: "string" },
    follow_up_1: { type: "string", description: "A first follow-up, three days later" },
    follow_up_2: { type: "string", description: "A second follow-up, a week later" },
  },
  required: ["subject_line", "email_body", "follow_up_1", "follow_up_2"],
  additionalProperties: false,
});
const BASE_COLUMNS = ["First Name", "Company", "Email", "Subject Line", "Email Body", "AI Response"];

describe("extra output fields become columns", () => {
  it("a bulk run adds follow_up_1 and follow_up_2 and fills them; AI Response keeps the whole JSON", async () => {
    const c = await qualitySetup(3, "columns-bulk");
    await runBulk(c.user, c.input({ jsonSchema: FOLLOW_UPS, rowsToProcess: [0, 2] }));
    const file = await api.file(c.user, c.csvId);
    expect(file.columns).toEqual([...BASE_COLUMNS, "follow_up_1", "follow_up_2"]);
    expect(file.columns).not.toContain("Sources");
    for (const i of [0, 2]) {
      const row = file.rows[i]!;
      const answer = cleanAnswer({ prompt: filled(c.rows[i]!), schema: JSON.parse(FOLLOW_UPS) });
      expect(row).toMatchObject({
        "Subject Line": answer.subject_line,
        "Email Body": answer.email_body,
        follow_up_1: answer.follow_up_1,
        follow_up_2: answer.follow_up_2,
      });
      expect(row.follow_up_1).toContain(c.rows[i]!["First Name"]);
      expect(JSON.parse(row["AI Response"]!)).toEqual(answer);
    }
    // A row the run did not touch has the new columns, empty.
    expect(file.rows[1]).toMatchObject({ follow_up_1: "", follow_up_2: "", "Subject Line": "" });
    // The extra fields are checked as part of the answer but get no flags of their own.
    expect((await api.quality(c.user, c.csvId)).json.counts).toEqual({ block: 0, warn: 0, clean: 2 });
  });

  it("a single generate adds the columns, fills them and answers the row with them", async () => {
    const c = await qualitySetup(2, "columns-single");
    const res = await api.generate(c.user, c.single(1, { jsonSchema: FOLLOW_UPS }));
    expect(res.status, res.text).toBe(200);
    expect(res.json.row).toMatchObject({
      follow_up_1: expect.stringContaining("Grace"),
      follow_up_2: expect.stringContaining("Grace"),
    });
    expect(res.json).toMatchObject({ flags: [], sources: null });
    const file = await api.file(c.user, c.csvId);
    expect(file.columns).toEqual([...BASE_COLUMNS, "follow_up_1", "follow_up_2"]);
    expect(file.rows[1]).toMatchObject({
      follow_up_1: res.json.row.follow_up_1,
      follow_up_2: res.json.row.follow_up_2,
    });
    expect(JSON.parse(file.rows[1]!["AI Response"]!)).toEqual({
      subject_line: res.json.subject_line,
      email_body: res.json.email_body,
      follow_up_1: res.json.row.follow_up_1,
      follow_up_2: res.json.row.follow_up_2,
    });
    expect(file.rows[0]!.follow_up_1).toBe("");
  });

  it("non-text fields are written as JSON text; a field the model left out is an empty cell", async () => {
    const c = await qualitySetup(1, "columns-types");
    const schema = JSON.stringify({
      type: "object",
      properties: {
        subject_line: { type: "string" },
        email_body: { type: "string" },
        score: { type: "integer" },
        tags: { type: "array", items: { type: "string" } },
        note: { type: "string" },
      },
    });
    fake.setOptions({
      respond: (args) => {
        const answer = cleanAnswer(args);
        delete answer.note;
        return { ...answer, score: 7, tags: ["saas", "growth"] };
      },
    });
    await runBulk(c.user, c.input({ jsonSchema: schema }));
    const file = await api.file(c.user, c.csvId);
    expect(file.columns).toEqual([...BASE_COLUMNS, "score", "tags", "note"]);
    expect(file.rows[0]).toMatchObject({ score: "7", tags: '["saas","growth"]', note: "" });
  });

  it("content-only schemas fill Email Body from content and add no column for content", async () => {
    const c = await qualitySetup(1, "columns-content");
    const schema = JSON.stringify({
      type: "object",
      properties: { content: { type: "string" }, tone: { type: "string" } },
    });
    fake.setOptions({ respond: () => ({ content: "A short post about teams that plan their week.", tone: "warm" }) });
    await runBulk(c.user, c.input({ jsonSchema: schema }));
    const file = await api.file(c.user, c.csvId);
    expect(file.columns).toEqual([...BASE_COLUMNS, "tone"]);
    expect(file.rows[0]).toMatchObject({
      "Subject Line": "(No subject_line field)",
      "Email Body": "A short post about teams that plan their week.",
      tone: "warm",
    });
  });
});

describe("web research rows fill Sources", () => {
  it("one URL per line, as the answer's sources; none → an empty cell and the no_sources flag", async () => {
    const c = await qualitySetup(3, "columns-research");
    // Row 2 has no e-mail: its prompt carries the fake's marker for a search that finds nothing.
    const prompt = `Write a cold email to {{First Name}} at {{Company}}. Check the news about {{Email|${NO_SOURCES}}}`;
    const started = await runBulk(c.user, c.input({ useCase: "web_research", prompt, rowsToProcess: [0, 2] }));
    expect(started.total).toBe(2);
    const file = await api.file(c.user, c.csvId);
    expect(file.columns).toEqual([...BASE_COLUMNS, "Sources"]);
    const urls = file.rows[0]!.Sources!.split("\n");
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) expect(url).toMatch(/^https?:\/\/\S+$/);
    expect(new Set(urls).size).toBe(urls.length);
    expect(file.rows[2]!.Sources).toBe("");
    expect(file.rows[1]!.Sources).toBe("");
    const quality = (await api.quality(c.user, c.csvId)).json;
    expect(quality.rows.map((r: { rowIndex: number; flags: unknown[] }) => [r.rowIndex, r.flags])).toEqual([
      [0, []],
      [2, [{ rule: "no_sources", severity: "warn", message: "Web research answer cites no sources" }]],
    ]);

    // A preview shows the same: the sources of each row, and the flag.
    const preview = await api.preview(c.user, c.input({ useCase: "web_research", prompt, rowsToProcess: [0, 2] }));
    const [found, none] = preview.json.results;
    expect(found.sources.length).toBeGreaterThan(0);
    for (const source of found.sources)
      expect(source).toEqual({ url: expect.stringMatching(/^https?:\/\//), title: expect.any(String) });
    expect(found.flags).toEqual([]);
    expect(none).toMatchObject({ sources: [], flags: [expect.objectContaining({ rule: "no_sources" })] });

    const single = await api.generate(c.user, c.single(0, { useCase: "web_research", prompt }));
    expect(single.status, single.text).toBe(200);
    expect(single.json.sources.length).toBeGreaterThan(0);
    expect(single.json.sources.map((s: { url: string }) => s.url).join("\n")).toBe(single.json.row.Sources);
    expect((await api.file(c.user, c.csvId)).rows[0]!.Sources).toBe(single.json.row.Sources);
  });
});
