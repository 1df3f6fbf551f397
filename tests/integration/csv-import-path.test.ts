import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readRows, ROWS_MESSAGES } from "@/lib/csv/read-rows";
import { newUser } from "../support/ai";
import { csvApi as api, prospects } from "../support/csv";
import { closeDatabase, setupTestDatabase } from "../support/db";

beforeAll(setupTestDatabase);
afterAll(closeDatabase);

// Cells that COPY's text format or a JSON-expanding insert could mangle.
const AWKWARD = [
  String.raw`C:\Users\ava\notes.txt`,
  String.raw`ends with a backslash \\`,
  "tab\there",
  "line one\nline two\r\nline three",
  'quoted "text", with commas',
  "emoji 🎉 and accents: Zoë, Łódź, 東京",
  "separators \u2028 \u2029",
  String.raw`\N`,
  "",
];

describe("the import path (COPY on PostgreSQL, a set-based insert on PGlite)", () => {
  it("stores awkward cells exactly, in order, across an import and its appended chunks", async () => {
    const user = await newUser("csv-path");
    // A "__proto__" column, as JSON.parse makes it on the server (an own property, not the prototype).
    const rows = AWKWARD.map((text, i) =>
      JSON.parse(
        JSON.stringify({ Name: `Row ${i}`, Notes: text, proto: `proto ${i}` }).replace('"proto"', '"__proto__"'),
      ),
    );
    const first = await api.import(user, { fileName: "awkward.csv", rows: rows.slice(0, 4), final: false });
    expect(first.status, first.text).toBe(201);
    const next = await api.append(user, first.json._id, { rows: rows.slice(4), final: true });
    expect(next.status, next.text).toBe(200);
    const back = await api.get(user, first.json._id);
    expect(back.status).toBe(200);
    expect(back.json.columns).toEqual(["Name", "Notes", "__proto__"]);
    expect(back.json.rows.map((r: Record<string, string>) => r.Notes)).toEqual(AWKWARD);
    expect(back.json.rows.map((r: Record<string, string>) => r.__proto__)).toEqual(AWKWARD.map((_, i) => `proto ${i}`));
    expect(back.json.rowIds).toHaveLength(AWKWARD.length);
  });

  it("answers a one-request import with exactly what reading the file back gives (rows, ids, columns)", async () => {
    const user = await newUser("csv-answer");
    const rows = AWKWARD.map((text, i) => (i % 2 ? { Name: `Row ${i}`, Notes: text } : { Notes: text, Extra: `${i}` }));
    const res = await api.import(user, { fileName: "answer.csv", rows });
    expect(res.status, res.text).toBe(201);
    const back = await api.get(user, res.json._id);
    expect(back.status).toBe(200);
    expect(res.json.columns).toEqual(["Notes", "Extra", "Name"]);
    expect(res.json.rows).toEqual(back.json.rows);
    // Every row has every column, in column order, "" where the row had none.
    for (const answer of [res.json, back.json]) {
      expect(answer.rows.map((r: Record<string, string>) => Object.keys(r))).toEqual(rows.map(() => answer.columns));
    }
    expect(back.json.rows[0]).toMatchObject({ Notes: AWKWARD[0], Extra: "0", Name: "" });
    expect(res.json.rowIds).toEqual(back.json.rowIds);
    expect(new Set(res.json.rowIds).size).toBe(rows.length);
    expect(Date.parse(res.json.serverTime)).toBeLessThanOrEqual(Date.parse(back.json.serverTime));
    // The ids are the rows' own: a cell edit through one reaches that row.
    const edit = await api.patchRow(user, res.json._id, res.json.rowIds[3], { data: { Notes: "edited" } });
    expect(edit.status, edit.text).toBe(200);
    expect((await api.get(user, res.json._id)).json.rows[3].Notes).toBe("edited");
  });

  it("reads back columns whose names hold quotes, backslashes and commas (GET and the PUT /csv/update answer)", async () => {
    const user = await newUser("csv-odd-columns");
    const names = [`O'Brien`, `say "hi"`, String.raw`C:\dir`, "a, b", "Łódź 🎉", "1"];
    const rows = AWKWARD.map((text, i) =>
      Object.fromEntries(names.map((n, j) => [n, j === i % names.length ? text : n])),
    );
    const res = await api.import(user, { fileName: "odd-columns.csv", columns: names, rows });
    expect(res.status, res.text).toBe(201);
    const back = await api.get(user, res.json._id);
    expect(back.status, back.text).toBe(200);
    expect(back.json.columns).toEqual(names);
    expect(back.json.rows).toEqual(rows);
    // Each row's keys in the file's column order, as the text says (not JavaScript's integer-first order).
    expect(back.text.indexOf(`"O'Brien"`)).toBeLessThan(back.text.indexOf(`"1"`));
    const updated = await api.update(user, { id: res.json._id, rows: rows.slice(0, 3) });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.json.rows).toEqual(rows.slice(0, 3));
    expect(updated.json.rowIds).toHaveLength(3);
  });

  it("reads a file back in batches as one snapshot: every row once, in order, across batch edges and deletions", async () => {
    const user = await newUser("csv-read-batches");
    const rows = prospects(11_000);
    const res = await api.import(user, { fileName: "big.csv", rows });
    expect(res.status, res.text).toBe(201);
    // Rows deleted at a batch's first and last positions, and one added after the last position.
    for (const position of [0, 4_999, 5_000, 10_999]) {
      expect((await api.deleteRow(user, res.json._id, res.json.rowIds[position])).status).toBe(200);
    }
    const added = await api.addRow(user, res.json._id, { data: { Name: "Added" } });
    expect(added.status, added.text).toBe(201);
    const back = await api.get(user, res.json._id);
    const kept = rows.filter((_, i) => ![0, 4_999, 5_000, 10_999].includes(i));
    expect(back.json.rows).toEqual([...kept, { Name: "Added", Email: "", Company: "" }]);
    const keptIds = res.json.rowIds.filter((_: number, i: number) => ![0, 4_999, 5_000, 10_999].includes(i));
    expect(back.json.rowIds).toEqual([...keptIds, added.json._id]);
  });

  it("cleans text the database cannot store instead of refusing the file", async () => {
    const user = await newUser("csv-clean");
    const res = await api.import(user, {
      fileName: "nul.csv",
      rows: [{ "Na\u0000me": "A\u0000va", Lone: "x\ud800y" }],
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json.columns).toEqual(["Name", "Lone"]);
    expect(res.json.rows).toEqual([{ Name: "Ava", Lone: "x\uFFFDy" }]);
  });
});

describe("readRows: one pass over a request's rows", () => {
  it("keeps strings, stores numbers, booleans and null as text", () => {
    expect(readRows([{ a: "x", b: 1.5, c: true, d: null }])).toEqual({
      rows: [{ a: "x", b: "1.5", c: "true", d: "" }],
    });
  });

  it("answers the first rule broken, with the API's messages", () => {
    expect(readRows("a,b")).toEqual({ error: ROWS_MESSAGES.notArray });
    expect(readRows(undefined)).toEqual({ error: ROWS_MESSAGES.notArray });
    expect(readRows([{ a: "1" }, null])).toEqual({ error: ROWS_MESSAGES.notObject });
    expect(readRows([["a"]])).toEqual({ error: ROWS_MESSAGES.notObject });
    expect(readRows([{ ["k".repeat(201)]: "1" }])).toEqual({ error: ROWS_MESSAGES.columnTooLong });
    expect(readRows([{ a: "x".repeat(50_001) }])).toEqual({ error: ROWS_MESSAGES.cellTooLong });
    expect(readRows([{ a: { nested: true } }])).toEqual({ error: "rows.0.a: Invalid input" });
    expect(readRows(Array.from({ length: 100_001 }, () => ({})))).toEqual({ error: ROWS_MESSAGES.tooMany });
  });
});
