import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newUser } from "../support/ai";
import { csvApi as api } from "../support/csv";
import { closeDatabase, setupTestDatabase } from "../support/db";

beforeAll(setupTestDatabase);
afterAll(closeDatabase);

// On PostgreSQL the import and append bodies are read as they arrive and COPYed row by row
// (lib/services/csv/csv-import.ts); these bodies are written as text to reach its edges: member
// order, whitespace, values that must be re-serialised, and failures after rows were already sent.
const files = async (user: Awaited<ReturnType<typeof newUser>>) => (await api.list(user)).json as { _id: string }[];

describe("CSV import and append, streamed", () => {
  it("reads fileName, columns and final after the rows, whitespace between tokens included", async () => {
    const user = await newUser("csv-stream-order");
    const body = `{ "rows" : [\n\t{ "B" : "b0", "A" : 1.5 } ,\n {"A":"x\\u00e9","C":null, "B":true}\r\n],\n"columns":["A","B"],\t"fileName":"late.csv" }`;
    const res = await api.import(user, body);
    expect(res.status, res.text).toBe(201);
    expect(res.json.fileName).toBe("late.csv");
    expect(res.json.columns).toEqual(["A", "B", "C"]);
    expect(res.json.rows).toEqual([
      { A: "1.5", B: "b0", C: "" },
      { A: "xé", B: "true", C: "" },
    ]);
    const back = await api.get(user, res.json._id);
    expect(back.json.rows).toEqual(res.json.rows);
    expect(back.json.rowIds).toEqual(res.json.rowIds);
  });

  it("rolls the whole import back when a later row breaks a rule, with the buffered path's message", async () => {
    const user = await newUser("csv-stream-bad-row");
    const rows = Array.from({ length: 3_000 }, (_, i) => ({ Name: `Row ${i}` }));
    const body = JSON.stringify({ fileName: "bad.csv", rows }).replace('"Row 2500"', '{"nested":true}');
    const res = await api.import(user, body);
    expect(res.status, res.text).toBe(400);
    expect(res.json.msg).toBe("rows.2500.Name: Invalid input");
    expect(await files(user)).toEqual([]);
  });

  it("answers malformed JSON after rows were sent with a 400 and keeps nothing", async () => {
    const user = await newUser("csv-stream-malformed");
    const rows = JSON.stringify(Array.from({ length: 2_000 }, (_, i) => ({ Name: `Row ${i}` })));
    for (const body of [
      `{"fileName":"m.csv","rows":${rows.slice(0, -1)},]}`,
      `{"fileName":"m.csv","rows":${rows}`,
      `{"fileName":"m.csv","rows":${rows.replace('"Row 1999"}', '"Row 1999",}')}}`,
    ]) {
      const res = await api.import(user, body);
      expect(res.status, res.text).toBe(400);
      expect(res.json.msg).toBe("Malformed JSON in request body");
    }
    expect(await files(user)).toEqual([]);
  });

  it("checks the other members after the rows: a missing fileName is the usual 400, nothing kept", async () => {
    const user = await newUser("csv-stream-no-name");
    const res = await api.import(user, `{"rows":[{"a":"1"}],"fileName":"  "}`);
    expect(res.status, res.text).toBe(400);
    expect(res.json.msg).toBe("fileName is required");
    expect(await files(user)).toEqual([]);
  });

  it("leaves an appended chunk out entirely when one of its rows is refused", async () => {
    const user = await newUser("csv-stream-append");
    const first = await api.import(user, { fileName: "c.csv", rows: [{ a: "1" }], final: false });
    expect(first.status, first.text).toBe(201);
    const bad = await api.append(user, first.json._id, `{"final":true,"rows":[{"a":"2"},{"a":[3]}]}`);
    expect(bad.status, bad.text).toBe(400);
    expect(bad.json.msg).toBe("rows.1.a: Invalid input");
    const good = await api.append(user, first.json._id, `{"rows":[{"a":"2","b":"\\\\ tab\\t"}],"final":true}`);
    expect(good.status, good.text).toBe(200);
    expect(good.json.rowCount).toBe(2);
    const back = await api.get(user, first.json._id);
    expect(back.json.columns).toEqual(["a", "b"]);
    expect(back.json.rows).toEqual([
      { a: "1", b: "" },
      { a: "2", b: "\\ tab\t" },
    ]);
  });

  it("takes bodies of another shape through the buffered path, with its messages", async () => {
    const user = await newUser("csv-stream-shape");
    const notArray = await api.import(user, `{"fileName":"s.csv","rows":"a,b"}`);
    expect(notArray.status).toBe(400);
    expect(notArray.json.msg).toBe("rows must be an array of row objects");
    const notObject = await api.import(user, `[{"a":"1"}]`);
    expect(notObject.status).toBe(400);
    const noRows = await api.import(user, `{"fileName":"s.csv"}`);
    expect(noRows.status).toBe(400);
    expect(noRows.json.msg).toBe("rows must be an array of row objects");
    expect(await files(user)).toEqual([]);
  });

  it("answers every row in column order, from the stored texts or completed, as reading the file back does", async () => {
    const user = await newUser("csv-stream-answer-order");
    // The first row has every column in order (its text is answered as it came); the second lacks one,
    // the third lists them in another order: both are completed, in column order.
    const body = `{"fileName":"o.csv","rows":[{"A":"1","B":"2"},{"B":"3"},{"B":"5","A":"4"}]}`;
    const res = await api.import(user, body);
    expect(res.status, res.text).toBe(201);
    expect(res.text).toContain(`"rows":[{"A":"1","B":"2"},{"A":"","B":"3"},{"A":"4","B":"5"}]`);
    const back = await api.get(user, res.json._id);
    expect(back.json.rows).toEqual(res.json.rows);
    // Given columns in another order than the rows' keys: every row is completed in the given order.
    const given = await api.import(user, `{"fileName":"g.csv","columns":["B","A"],"rows":[{"A":"1","B":"2"}]}`);
    expect(given.text).toContain(`"rows":[{"B":"2","A":"1"}]`);
    // A cell that was turned into text is answered as stored, not as sent.
    const typed = await api.import(user, `{"fileName":"t.csv","rows":[{"A":1,"B":null}]}`);
    expect(typed.text).toContain(`"rows":[{"A":"1","B":""}]`);
  });
  it("answers a large one-request import in full, streamed in pieces, rows completed where their keys differ", async () => {
    const user = await newUser("csv-stream-pieces");
    // More rows than one piece of the streamed answer (2,000), with odd rows on both sides of a piece edge.
    const rows: Record<string, string>[] = Array.from({ length: 4_500 }, (_, i) => ({
      Name: `Row ${i}`,
      Email: `r${i}@x.io`,
    }));
    rows[1_999] = { Email: "swapped@x.io", Name: "Swapped" };
    rows[2_000] = { Name: "Short" };
    rows[4_499] = { Name: "Last", Email: "last@x.io", Extra: "e" };
    const res = await api.import(user, { fileName: "pieces.csv", rows });
    expect(res.status, res.text).toBe(201);
    expect(res.json.columns).toEqual(["Name", "Email", "Extra"]);
    const complete = (row: Record<string, string>) => ({
      Name: row.Name ?? "",
      Email: row.Email ?? "",
      Extra: row.Extra ?? "",
    });
    expect(res.json.rows).toEqual(rows.map(complete));
    expect(Object.keys(res.json.rows[1_999])).toEqual(["Name", "Email", "Extra"]);
    expect(res.json.rowIds).toHaveLength(4_500);
    const back = await api.get(user, res.json._id);
    expect(back.json.rows).toEqual(res.json.rows);
    expect(back.json.rowIds).toEqual(res.json.rowIds);
  });
});
