import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newUser, type TestUser } from "../support/ai";
import { ageRows, csvApi as api, importFile, prospects, setRowCount, storedRows } from "../support/csv";
import { closeDatabase, setupTestDatabase } from "../support/db";

beforeAll(setupTestDatabase);
afterAll(closeDatabase);

const COLUMNS = ["Name", "Email", "Company"];
const names = (rows: { Name: string }[]) => rows.map((r) => r.Name);

/** A finished 3-row file whose rows were last written a minute ago. */
async function agedFile(user: TestUser, n = 3) {
  const file = await importFile(user, prospects(n));
  await ageRows(file._id);
  return file;
}

describe("PATCH /api/csv/{id}/rows/{rowId}", () => {
  it("changes the given cells of one row and touches no other row", async () => {
    const user = await newUser("csv-patch");
    const file = await agedFile(user);
    const before = await storedRows(file._id);
    const target = file.rowIds[1];

    const res = await api.patchRow(user, file._id, target, { data: { Email: "new@example.test", Company: 42 } });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({
      _id: target,
      position: 1,
      data: { Name: "Prospect 1", Email: "new@example.test", Company: "42" },
    });

    const after = await storedRows(file._id);
    expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id));
    expect(after[1]!.updatedAt.getTime()).toBeGreaterThan(before[1]!.updatedAt.getTime());
    for (const i of [0, 2]) {
      expect(after[i]!.updatedAt.getTime(), `row ${i}`).toBe(before[i]!.updatedAt.getTime());
      expect(after[i]!.data).toEqual(before[i]!.data);
    }
    const got = (await api.get(user, file._id)).json;
    expect(got.rows[1]).toEqual(res.json.data);
    expect(got.rows[0]).toEqual(prospects(1)[0]);
    expect(got.rowCount).toBe(3);
  });

  it("rejects unknown columns, bad bodies and rows that are not in the file", async () => {
    const user = await newUser("csv-patch-bad");
    const file = await importFile(user, prospects(2));
    const other = await importFile(user, prospects(1));
    const rowId = file.rowIds[0];

    const unknown = await api.patchRow(user, file._id, rowId, { data: { Name: "X", Nope: "y" } });
    expect(unknown.status, unknown.text).toBe(400);
    expect(unknown.json.msg).toBe("Unknown column: Nope");
    for (const body of [{ data: "Name=X" }, { data: [1] }, {}, { data: { Name: { x: 1 } } }]) {
      const res = await api.patchRow(user, file._id, rowId, body);
      expect(res.status, `${JSON.stringify(body)} → ${res.text}`).toBe(400);
      expect(res.json.msg).toEqual(expect.any(String));
    }
    expect((await api.patchRow(user, file._id, rowId, "{oops")).json.msg).toMatch(/^Malformed JSON/);
    for (const badRow of ["abc", "0", "-1", "1.5", String(other.rowIds[0]), "999999999"]) {
      const res = await api.patchRow(user, file._id, badRow, { data: { Name: "X" } });
      expect(res.status, `${badRow}: ${res.text}`).toBe(404);
      expect(res.json.msg).toBe("Row not found");
    }
    expect((await api.get(user, file._id)).json.rows).toEqual(prospects(2));
    expect((await api.get(user, other._id)).json.rows).toEqual(prospects(1));
  });
});

describe("POST /api/csv/{id}/rows", () => {
  it("appends a row with '' for every column", async () => {
    const user = await newUser("csv-add-row");
    const file = await importFile(user, prospects(2));
    const res = await api.addRow(user, file._id, {});
    expect(res.status, res.text).toBe(201);
    expect(res.json).toEqual({ _id: expect.any(Number), position: 2, data: { Name: "", Email: "", Company: "" } });
    let got = (await api.get(user, file._id)).json;
    expect(got.rowCount).toBe(3);
    expect(got.rows.at(-1)).toEqual({ Name: "", Email: "", Company: "" });
    expect(got.rowIds.at(-1)).toBe(res.json._id);

    const partial = await api.addRow(user, file._id, { data: { Company: "Acme", Name: null } });
    expect(partial.status, partial.text).toBe(201);
    expect(partial.json).toMatchObject({ position: 3, data: { Name: "", Email: "", Company: "Acme" } });
    got = (await api.get(user, file._id)).json;
    expect(got.rowCount).toBe(4);
    expect(got.rowIds).toEqual([...file.rowIds, res.json._id, partial.json._id]);

    const unknown = await api.addRow(user, file._id, { data: { Nope: "x" } });
    expect(unknown.status).toBe(400);
    expect(unknown.json.msg).toBe("Unknown column: Nope");
    expect((await api.addRow(user, file._id, { data: "x" })).status).toBe(400);
    expect((await api.get(user, file._id)).json.rowCount).toBe(4);
  });

  it("refuses a row beyond 100,000", async () => {
    const user = await newUser("csv-add-row-limit");
    const file = await importFile(user, prospects(1));
    await setRowCount(file._id, 100_000);
    const res = await api.addRow(user, file._id);
    expect(res.status, res.text).toBe(400);
    expect(res.json.msg).toBe("This file already has the maximum number of rows");
  });
});

describe("DELETE /api/csv/{id}/rows/{rowId}", () => {
  it("removes the row, lowers rowCount and reports it as deleted to pollers", async () => {
    const user = await newUser("csv-del-row");
    const file = await agedFile(user);
    const since = (await api.get(user, file._id)).json.serverTime;
    const victim = file.rowIds[1];

    const res = await api.deleteRow(user, file._id, victim);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ msg: "Row deleted" });
    const got = (await api.get(user, file._id)).json;
    expect(got.rowCount).toBe(2);
    expect(got.rowIds).toEqual([file.rowIds[0], file.rowIds[2]]);
    expect(names(got.rows)).toEqual(["Prospect 0", "Prospect 2"]);

    const changes = await api.changes(user, file._id, since);
    expect(changes.status, changes.text).toBe(200);
    expect(changes.json).toMatchObject({ reload: false, rowCount: 2 });
    expect(changes.json.rows).toEqual([
      { _id: victim, position: 1, data: prospects(3)[1], deleted: true, flags: null, approved: false },
    ]);

    expect((await api.deleteRow(user, file._id, victim)).status).toBe(404);
    expect((await api.patchRow(user, file._id, victim, { data: { Name: "Back" } })).status).toBe(404);
    expect((await api.deleteRow(user, file._id, "abc")).status).toBe(404);
    // A new row still goes after every position ever used.
    expect((await api.addRow(user, file._id)).json.position).toBe(3);
  });
});

describe("columns", () => {
  it("adds a column, refusing empty and duplicate names", async () => {
    const user = await newUser("csv-add-col");
    const file = await importFile(user, prospects(2));
    const cases: Array<[unknown, number, string | RegExp]> = [
      [{ name: "" }, 400, "Column name cannot be empty"],
      [{ name: "   " }, 400, "Column name cannot be empty"],
      [{}, 400, "Column name is required"],
      [{ name: 5 }, 400, "Column name is required"],
      [{ name: "x".repeat(201) }, 400, "Column name is too long"],
      [{ name: "Email" }, 409, 'A column named "Email" already exists'],
      [{ name: "  Email " }, 409, 'A column named "Email" already exists'],
    ];
    for (const [body, status, msg] of cases) {
      const res = await api.addColumn(user, file._id, body);
      expect(res.status, `${JSON.stringify(body)} → ${res.text}`).toBe(status);
      expect(res.json.msg).toEqual(msg);
    }
    const res = await api.addColumn(user, file._id, { name: " Subject Line " });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toEqual({ columns: [...COLUMNS, "Subject Line"] });
    expect((await api.addColumn(user, file._id, { name: "Subject Line" })).status).toBe(409);

    const got = (await api.get(user, file._id)).json;
    expect(got.columns).toEqual([...COLUMNS, "Subject Line"]);
    for (const row of got.rows) expect(row["Subject Line"] ?? "").toBe("");
    const patched = await api.patchRow(user, file._id, file.rowIds[0], { data: { "Subject Line": "Hi there" } });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.json.data["Subject Line"]).toBe("Hi there");
  });

  it("refuses a 201st column", async () => {
    const user = await newUser("csv-col-max");
    const file = await importFile(user, [Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`c${i}`, ""]))]);
    const res = await api.addColumn(user, file._id, { name: "One more" });
    expect(res.status, res.text).toBe(400);
    expect(res.json.msg).toMatch(/at most 200 columns/);
  });

  it("deletes a column from the file and from every row", async () => {
    const user = await newUser("csv-del-col");
    const name = "Job Title / Rôle #1";
    const rows = prospects(3).map((r, i) => ({ ...r, [name]: `title ${i}` }));
    const file = await importFile(user, rows);
    await ageRows(file._id);
    const since = (await api.get(user, file._id)).json.serverTime;

    const res = await api.deleteColumn(user, file._id, name);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ columns: COLUMNS });
    const got = (await api.get(user, file._id)).json;
    expect(got.columns).toEqual(COLUMNS);
    expect(got.rows).toEqual(prospects(3));
    for (const row of await storedRows(file._id)) expect(row.data).not.toHaveProperty(name);
    // Every row changed, so pollers see all of them.
    expect((await api.changes(user, file._id, since)).json.rows.map((r: { _id: number }) => r._id)).toEqual(
      file.rowIds,
    );

    const again = await api.deleteColumn(user, file._id, name);
    expect(again.status).toBe(404);
    expect(again.json.msg).toBe(`Column "${name}" not found`);
    const email = await api.deleteColumn(user, file._id, "Email");
    expect(email.json).toEqual({ columns: ["Name", "Company"] });
    expect((await api.get(user, file._id)).json.rows[0]).toEqual({ Name: "Prospect 0", Company: "Co 0" });
  });
});

describe("GET /api/csv/{id}/changes", () => {
  it("returns only the rows changed after `since`", async () => {
    const user = await newUser("csv-changes");
    const file = await agedFile(user, 4);
    const first = (await api.get(user, file._id)).json;

    const none = await api.changes(user, file._id, first.serverTime);
    expect(none.status, none.text).toBe(200);
    expect(Object.keys(none.json).sort()).toEqual([
      "columns",
      "reload",
      "rowCount",
      "rows",
      "rowsReplacedAt",
      "serverTime",
    ]);
    expect(none.json).toMatchObject({ columns: COLUMNS, rowCount: 4, reload: false, rows: [] });
    expect(new Date(none.json.serverTime).toISOString()).toBe(none.json.serverTime);
    expect(Date.parse(none.json.serverTime)).toBeGreaterThanOrEqual(Date.parse(first.serverTime));

    await api.patchRow(user, file._id, file.rowIds[2], { data: { Company: "Changed" } });
    const added = (await api.addRow(user, file._id, { data: { Name: "New" } })).json;
    const changes = await api.changes(user, file._id, first.serverTime);
    expect(changes.status, changes.text).toBe(200);
    expect(changes.json).toMatchObject({ rowCount: 5, reload: false });
    expect(changes.json.rows).toEqual([
      {
        _id: file.rowIds[2],
        position: 2,
        data: { ...prospects(3)[2], Company: "Changed" },
        deleted: false,
        flags: null,
        approved: false,
      },
      {
        _id: added._id,
        position: 4,
        data: { Name: "New", Email: "", Company: "" },
        deleted: false,
        flags: null,
        approved: false,
      },
    ]);
    // From the beginning of time every row is reported.
    expect((await api.changes(user, file._id, new Date(0).toISOString())).json.rows).toHaveLength(5);
  });

  it("requires a valid `since`", async () => {
    const user = await newUser("csv-changes-bad");
    const file = await importFile(user, prospects(1));
    const missing = await api.changes(user, file._id);
    expect(missing.status, missing.text).toBe(400);
    expect(missing.json.msg).toBe("since is required");
    for (const since of ["yesterday", "", "2024-13-45T99:00:00Z"]) {
      const res = await api.changes(user, file._id, since);
      expect(res.status, `${since}: ${res.text}`).toBe(400);
      expect(res.json.msg).toBe("since must be an ISO date-time");
    }
  });
});

describe("concurrent writes to one file (a real race with DATABASE_URL; serialised on PGlite)", () => {
  it("loses no column, interleaves no append and reuses no position", async () => {
    const user = await newUser("csv-race");
    const file = await importFile(user, prospects(1));
    const added = await Promise.all(
      ["X1", "X2", "X3", "X4", "X5"].map((name) => api.addColumn(user, file._id, { name })),
    );
    expect(added.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect([...(await api.get(user, file._id)).json.columns].sort()).toEqual(
      [...COLUMNS, "X1", "X2", "X3", "X4", "X5"].sort(),
    );

    await Promise.all([
      api.append(user, file._id, { rows: prospects(3, 100) }),
      api.append(user, file._id, { rows: prospects(3, 200) }),
    ]);
    await Promise.all(Array.from({ length: 4 }, () => api.addRow(user, file._id)));
    const got = (await api.get(user, file._id)).json;
    expect(got.rowCount).toBe(11);
    const appended = names(got.rows.slice(1, 7)).join();
    expect([
      "Prospect 100,Prospect 101,Prospect 102,Prospect 200,Prospect 201,Prospect 202",
      "Prospect 200,Prospect 201,Prospect 202,Prospect 100,Prospect 101,Prospect 102",
    ]).toContain(appended);
    const positions = (await storedRows(file._id)).map((r) => r.position);
    expect(positions).toEqual(Array.from({ length: 11 }, (_, i) => i));
  });
});

describe("round trips", () => {
  it("keeps an added column through GET then PUT /api/csv/update, rows in column order", async () => {
    const user = await newUser("csv-roundtrip");
    const file = await importFile(user, [{ A: "1", B: "2" }]);
    await api.addColumn(user, file._id, { name: "Growth %" });
    const got = (await api.get(user, file._id)).json;
    expect(got.rows[0]).toEqual({ A: "1", B: "2", "Growth %": "" });
    expect(Object.keys(got.rows[0])).toEqual(["A", "B", "Growth %"]);
    const put = await api.update(user, { id: file._id, rows: got.rows });
    expect(put.status).toBe(200);
    expect(put.json.columns).toEqual(["A", "B", "Growth %"]);
    const del = await api.deleteColumn(user, file._id, "Growth %");
    expect(del.status, JSON.stringify(del.json)).toBe(200);
    expect(del.json.columns).toEqual(["A", "B"]);
  });
});
