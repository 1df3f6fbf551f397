import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCsvBytes } from "@/lib/csv/parse-csv";
import { AppError } from "@/lib/errors";
import { appendRows, importCsv } from "@/lib/services/csv/csv-import";
import { newUser } from "../support/ai";
import { csvApi as api, ids, importFile, prospects, setRowCount, storedRows } from "../support/csv";
import { closeDatabase, setupTestDatabase } from "../support/db";

beforeAll(setupTestDatabase);
afterAll(closeDatabase);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const isIso = (v: unknown) => typeof v === "string" && new Date(v).toISOString() === v;
const FILE_KEYS = [
  "_id",
  "columns",
  "created",
  "fileName",
  "rowCount",
  "rowIds",
  "rows",
  "rowsReplacedAt",
  "serverTime",
  "updatedAt",
];
const SUMMARY_KEYS = ["_id", "columns", "created", "fileName", "rowCount", "updatedAt"];

describe("POST /api/csv/import and GET /api/csv/{id}", () => {
  it("stores a parsed file and returns it with rows keyed by column name", async () => {
    const user = await newUser("csv-shape");
    const parsed = parseCsvBytes(
      new Uint8Array(readFileSync(new URL("../fixtures/prospects-25.csv", import.meta.url))),
    );
    const res = await api.import(user, { fileName: "prospects-25.csv", columns: parsed.columns, rows: parsed.rows });
    expect(res.status, res.text).toBe(201);
    const file = res.json;
    expect(Object.keys(file).sort()).toEqual(FILE_KEYS);
    expect(file._id).toMatch(UUID);
    expect(file).toMatchObject({
      fileName: "prospects-25.csv",
      rowCount: 25,
      columns: parsed.columns,
      rows: parsed.rows,
    });
    expect(file.rows[1].Notes).toBe('Hiring 3 SDRs, "scaling fast"');
    expect(file.rows[3].Notes).toBe("Line one\nline two");
    expect(file.rowIds).toHaveLength(25);
    expect([...file.rowIds].sort((a: number, b: number) => a - b)).toEqual(file.rowIds);
    for (const key of ["created", "updatedAt", "serverTime"]) expect(isIso(file[key]), key).toBe(true);

    const got = await api.get(user, file._id);
    expect(got.status, got.text).toBe(200);
    expect(Object.keys(got.json).sort()).toEqual(FILE_KEYS);
    const { serverTime, ...stored } = got.json;
    const { serverTime: importTime, ...imported } = file;
    expect(stored).toEqual(imported);
    expect(Date.parse(serverTime)).toBeGreaterThanOrEqual(Date.parse(importTime));
    expect((await storedRows(file._id)).map((r) => r.position)).toEqual(Array.from({ length: 25 }, (_, i) => i));
  });

  it("orders columns by first appearance when none are given", async () => {
    const user = await newUser("csv-cols");
    const file = await importFile(user, [
      { b: "1", a: "2" },
      { c: "3", a: "4" },
    ]);
    expect(file.columns).toEqual(["b", "a", "c"]);
    expect(file.rows.map((r: Record<string, string>) => r.a)).toEqual(["2", "4"]);
    expect(file.rows[1].c).toBe("3");
  });

  it("stores numbers, booleans and null as text", async () => {
    const user = await newUser("csv-types");
    const file = await importFile(user, [{ n: 42, f: 1.5, t: true, no: false, z: null, s: "x" }]);
    expect(file.rows).toEqual([{ n: "42", f: "1.5", t: "true", no: "false", z: "", s: "x" }]);
    expect((await api.get(user, file._id)).json.rows).toEqual(file.rows);
  });

  it("validates the payload with a 400 and a msg", async () => {
    const user = await newUser("csv-validate");
    const cases: Array<[unknown, RegExp]> = [
      ["{not json", /^Malformed JSON/],
      [{ fileName: "a.csv", rows: "Ava,Acme" }, /^rows must be an array of row objects$/],
      [{ fileName: "a.csv", rows: { 0: { a: "1" } } }, /^rows must be an array of row objects$/],
      [{ fileName: "a.csv" }, /^rows must be an array of row objects$/],
      [{ fileName: "a.csv", rows: ["Ava,Acme"] }, /^Each row must be an object of column names to values$/],
      [{ fileName: "a.csv", rows: [{ a: "1" }, null] }, /^Each row must be an object of column names to values$/],
      [{ fileName: "a.csv", rows: [{ a: { nested: 1 } }] }, /./],
      [{ fileName: "a.csv", rows: [{ a: ["x"] }] }, /./],
      [{ fileName: "a.csv", rows: [{ "": "x" }] }, /^Column names cannot be empty$/],
      [{ fileName: "a.csv", rows: [{ a: "x".repeat(50_001) }] }, /longer than 50,000 characters/],
      [{ fileName: "a.csv", rows: [], columns: ["a", " "] }, /^Column name cannot be empty$/],
      [{ fileName: "a.csv", rows: [], final: "yes" }, /final/],
      [{ rows: [] }, /^fileName is required$/],
      [{ fileName: "   ", rows: [] }, /^fileName is required$/],
    ];
    for (const [body, msg] of cases) {
      const res = await api.import(user, body);
      expect(res.status, `${JSON.stringify(body).slice(0, 80)} → ${res.text}`).toBe(400);
      expect(res.json.msg).toMatch(msg);
    }
    expect((await api.list(user)).json).toEqual([]);
  });

  it("allows 200 columns and rejects 201, from the rows or from the columns list", async () => {
    const user = await newUser("csv-col-limit");
    const wide = (n: number, prefix = "c") =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}${i}`, "v"]));
    expect((await api.import(user, { fileName: "200.csv", rows: [wide(200)] })).status).toBe(201);
    for (const body of [
      { fileName: "201.csv", rows: [wide(201)] },
      { fileName: "201.csv", rows: [wide(100, "a"), wide(101, "b")] },
      { fileName: "201.csv", rows: [], columns: Object.keys(wide(201)) },
      { fileName: "201.csv", rows: [wide(1, "extra")], columns: Object.keys(wide(200)) },
    ]) {
      const res = await api.import(user, body);
      expect(res.status, res.text).toBe(400);
      expect(res.json.msg).toMatch(/at most 200 columns/);
    }
    expect((await api.list(user)).json).toHaveLength(1);
  });

  it("rejects more than 100,000 rows in one request", async () => {
    const user = await newUser("csv-row-limit");
    const res = await api.import(user, { fileName: "big.csv", rows: Array.from({ length: 100_001 }, () => ({})) });
    expect(res.status, res.text.slice(0, 200)).toBe(400);
    expect(res.json.msg).toBe("A file can have at most 100,000 rows");
  });
});

describe("GET /api/csv and GET /api/csv/recent", () => {
  it("lists the caller's files newest first, without rows", async () => {
    const user = await newUser("csv-list");
    const other = await newUser("csv-list-other");
    const a = await importFile(user, prospects(1), { fileName: "a.csv" });
    const b = await importFile(user, prospects(2), { fileName: "b.csv" });
    const c = await importFile(user, prospects(3), { fileName: "c.csv" });
    await importFile(other, prospects(1), { fileName: "theirs.csv" });
    const res = await api.list(user);
    expect(res.status, res.text).toBe(200);
    expect(ids(res.json)).toEqual([c._id, b._id, a._id]);
    for (const f of res.json) expect(Object.keys(f).sort()).toEqual(SUMMARY_KEYS);
    expect(res.json[0]).toEqual({
      _id: c._id,
      fileName: "c.csv",
      rowCount: 3,
      columns: ["Name", "Email", "Company"],
      created: c.created,
      updatedAt: c.updatedAt,
    });
    expect((await api.list(other)).json.map((f: { fileName: string }) => f.fileName)).toEqual(["theirs.csv"]);
  });

  it("returns at most the 5 newest files as recent", async () => {
    const user = await newUser("csv-recent");
    const files = [];
    for (let i = 0; i < 6; i++) files.push(await importFile(user, prospects(1), { fileName: `f${i}.csv` }));
    const newestFirst = ids(files).reverse();
    const recent = await api.recent(user);
    expect(recent.status, recent.text).toBe(200);
    expect(ids(recent.json)).toEqual(newestFirst.slice(0, 5));
    expect(recent.json[0]).not.toHaveProperty("rows");
    expect(ids((await api.list(user)).json)).toEqual(newestFirst);
    expect((await api.recent(await newUser("csv-recent-empty"))).json).toEqual([]);
  });
});

describe("chunked import", () => {
  it("hides a file until the final chunk and keeps rows in order across chunks", async () => {
    const user = await newUser("csv-chunks");
    const first = await api.import(user, {
      fileName: "chunked.csv",
      columns: ["Name", "Email", "Company"],
      rows: prospects(3),
      final: false,
    });
    expect(first.status, first.text).toBe(201);
    expect(Object.keys(first.json).sort()).toEqual(SUMMARY_KEYS);
    expect(first.json).toMatchObject({ fileName: "chunked.csv", rowCount: 3 });
    const id = first.json._id;
    const hidden = async () => {
      expect((await api.get(user, id)).status).toBe(404);
      expect(ids((await api.list(user)).json)).not.toContain(id);
      expect(ids((await api.recent(user)).json)).not.toContain(id);
      expect((await api.addRow(user, id)).status).toBe(404);
      expect((await api.changes(user, id, new Date(0).toISOString())).status).toBe(404);
    };
    await hidden();

    const second = await api.append(user, id, {
      rows: [...prospects(2, 3).map((r) => ({ ...r, Score: "7" }))],
      final: false,
    });
    expect(second.status, second.text).toBe(200);
    expect(second.json).toMatchObject({ _id: id, rowCount: 5, columns: ["Name", "Email", "Company", "Score"] });
    await hidden();

    const last = await api.append(user, id, { rows: prospects(2, 5), final: true });
    expect(last.status, last.text).toBe(200);
    expect(last.json).toMatchObject({ _id: id, rowCount: 7 });
    const file = (await api.get(user, id)).json;
    expect(file.rows.map((r: { Name: string }) => r.Name)).toEqual(prospects(7).map((r) => r.Name));
    expect(file.rows[3].Score).toBe("7");
    expect(file.rowCount).toBe(7);
    expect((await storedRows(id)).map((r) => r.position)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(ids((await api.list(user)).json)).toEqual([id]);
  });

  it("lets an unfinished import be deleted, and appends to a finished file", async () => {
    const user = await newUser("csv-chunks-2");
    const pending = (await api.import(user, { fileName: "p.csv", rows: prospects(1), final: false })).json;
    expect((await api.remove(user, pending._id)).status).toBe(200);
    expect((await api.append(user, pending._id, { rows: prospects(1), final: true })).status).toBe(404);

    const done = await importFile(user, prospects(2));
    const more = await api.append(user, done._id, { rows: prospects(1, 2) });
    expect(more.status, more.text).toBe(200);
    expect(more.json.rowCount).toBe(3);
    expect((await api.get(user, done._id)).json.rows.map((r: { Name: string }) => r.Name)).toEqual([
      "Prospect 0",
      "Prospect 1",
      "Prospect 2",
    ]);
    expect((await api.append(user, done._id, { rows: "nope" })).status).toBe(400);
  });

  it("rejects an append that would take the file past 100,000 rows", async () => {
    const user = await newUser("csv-append-limit");
    const file = await importCsv(user.id, {
      fileName: "huge.csv",
      rows: Array.from({ length: 50_000 }, () => ({})),
      final: false,
    });
    const tooMany = Array.from({ length: 50_001 }, () => ({}));
    const error = await appendRows(user.id, file._id, { rows: tooMany, final: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      status: 400,
      msg: "A file can have at most 100,000 rows (this one would have 100,001)",
    });
    expect((await storedRows(file._id)).length).toBe(50_000);

    // The same check through the route, at the boundary (row_count set directly instead of inserting rows).
    const small = await importFile(user, prospects(1));
    await setRowCount(small._id, 99_999);
    const ok = await api.append(user, small._id, { rows: prospects(1, 1) });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.rowCount).toBe(100_000);
    const over = await api.append(user, small._id, { rows: prospects(1, 2) });
    expect(over.status, over.text).toBe(400);
    expect(over.json.msg).toMatch(/at most 100,000 rows/);
  });
});

describe("PUT /api/csv/update", () => {
  it("replaces every row and tells pollers to reload", async () => {
    const user = await newUser("csv-update");
    const file = await importFile(user, prospects(3));
    const rows = [
      { Name: "Zoë", Email: "zoe@example.test", Notes: "new column" },
      { Name: "Liam", Email: "liam@example.test", Notes: "" },
    ];
    const res = await api.update(user, { id: file._id, rows });
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(FILE_KEYS);
    // Company is in no row any more; Notes is new.
    expect(res.json).toMatchObject({
      _id: file._id,
      rowCount: 2,
      rows,
      columns: ["Name", "Email", "Notes"],
      created: file.created,
    });
    expect(res.json.rowIds.some((rowId: number) => file.rowIds.includes(rowId))).toBe(false);
    const got = (await api.get(user, file._id)).json;
    expect(got.rows).toEqual(rows);
    expect(got.rowIds).toEqual(res.json.rowIds);
    expect((await storedRows(file._id)).map((r) => r.position)).toEqual([0, 1]);

    const changes = await api.changes(user, file._id, file.serverTime);
    expect(changes.status, changes.text).toBe(200);
    expect(changes.json).toMatchObject({ reload: true, rows: [], rowCount: 2, columns: ["Name", "Email", "Notes"] });

    const emptied = await api.update(user, { id: file._id, rows: [] });
    expect(emptied.json).toMatchObject({ rowCount: 0, rows: [], rowIds: [], columns: ["Name", "Email", "Notes"] });
  });

  it("validates the payload", async () => {
    const user = await newUser("csv-update-validate");
    const file = await importFile(user, prospects(2));
    const cases: Array<[unknown, number, RegExp]> = [
      ["nope", 400, /^Malformed JSON/],
      [{ rows: [] }, 400, /^id is required$/],
      [{ id: file._id, rows: "x" }, 400, /^rows must be an array of row objects$/],
      [{ id: file._id, rows: [1] }, 400, /^Each row must be an object/],
      [
        { id: file._id, rows: [Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`c${i}`, ""]))] },
        400,
        /at most 200 columns/,
      ],
      [{ id: "not-a-uuid", rows: [] }, 404, /not found/i],
    ];
    for (const [body, status, msg] of cases) {
      const res = await api.update(user, body);
      expect(res.status, res.text).toBe(status);
      expect(res.json.msg).toMatch(msg);
    }
    expect((await api.get(user, file._id)).json.rows).toEqual(prospects(2));
  });
});
