import { describe, expect, it } from "vitest";
import { mergeChanges, type CsvTable } from "@/components/generator/csv-store";
import type { ChangesJson } from "@/lib/responses/csv";

const table: CsvTable = {
  id: "f1",
  fileName: "a.csv",
  columns: ["Name", "Company"],
  rows: [
    { id: 1, data: { Name: "Ada", Company: "A" } },
    { id: 2, data: { Name: "Bob", Company: "B" } },
    { id: 3, data: { Name: "Cy", Company: "C" } },
  ],
  serverTime: "2026-01-01T00:00:00.000Z",
  rowsReplacedAt: null,
};

const changes = (over: Partial<ChangesJson>): ChangesJson => ({
  columns: ["Name", "Company"],
  rowCount: 3,
  serverTime: "2026-01-01T00:00:05.000Z",
  reload: false,
  rowsReplacedAt: null,
  rows: [],
  ...over,
});

describe("generator CSV store: merging the rows changed since the last read", () => {
  it("replaces changed rows, drops deleted ones, appends new ones, and keeps the others as they are", () => {
    const next = mergeChanges(
      table,
      changes({
        rows: [
          { _id: 2, position: 1, data: { Name: "Bob", Company: "B2" }, deleted: false, flags: null, approved: false },
          { _id: 3, position: 2, data: { Name: "Cy", Company: "C" }, deleted: true, flags: null, approved: false },
          { _id: 9, position: 3, data: { Name: "Di", Company: "D" }, deleted: false, flags: null, approved: false },
        ],
      }),
    );
    expect(next.rows.map((r) => [r.id, r.data.Company])).toEqual([
      [1, "A"],
      [2, "B2"],
      [9, "D"],
    ]);
    expect(next.rows[0]).toBe(table.rows[0]);
    expect(next.columns).toBe(table.columns);
    expect(next.serverTime).toBe("2026-01-01T00:00:05.000Z");
  });

  it("with no changed rows only moves the clock (and takes new columns)", () => {
    const next = mergeChanges(table, changes({ columns: ["Name", "Company", "Subject Line"] }));
    expect(next.rows).toBe(table.rows);
    expect(next.columns).toEqual(["Name", "Company", "Subject Line"]);
    expect(next.serverTime).toBe("2026-01-01T00:00:05.000Z");
  });
});
