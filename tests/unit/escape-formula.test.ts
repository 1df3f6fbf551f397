import { describe, expect, it } from "vitest";
import { escapeFormula } from "@/lib/csv/escape-formula";
import { parseCsvText, toCsvText } from "@/lib/csv/parse-csv";

describe("escapeFormula (CSV injection)", () => {
  it("prefixes cells a spreadsheet would run as a formula with ' and keeps their text", () => {
    for (const cell of [
      "=1+1",
      '=HYPERLINK("http://x","y")',
      "+1+1",
      "-1+1",
      "@SUM(A1)",
      "\t=1",
      "\r=1",
      "-",
      "+",
      "=",
      "@",
      "-cmd|' /C calc'!A0",
      "+5 apples",
      "-2.5.1",
      "--5",
      "-5e",
      "-0x10",
    ]) {
      expect(escapeFormula(cell), JSON.stringify(cell)).toBe(`'${cell}`);
    }
  });

  it("leaves plain numbers and every other cell as they are", () => {
    for (const cell of [
      "-5",
      "-2.5",
      "+5",
      "+0.25",
      "-.5",
      "-1,234.50",
      "-1e3",
      "-1E-3",
      "5",
      "",
      "Ada",
      "a=b",
      " =1",
      "'=1",
      "2024-01-01",
      "email@x.test",
    ]) {
      expect(escapeFormula(cell), JSON.stringify(cell)).toBe(cell);
    }
  });
});

describe("toCsvText (Export as CSV)", () => {
  it("neutralises formulas in headers and cells, keeps numbers and parses back to the escaped text", () => {
    const columns = ["Name", "=Total", "Amount"];
    const rows = [
      { Name: '=HYPERLINK("http://evil","click")', "=Total": "@SUM(A1:A2)", Amount: "-5" },
      { Name: "+1-1", "=Total": "\t=cmd", Amount: "-2.5" },
      { Name: "Ada", "=Total": "plain", Amount: "-1+2" },
    ];
    const text = toCsvText(columns, rows);
    const parsed = parseCsvText(text);
    expect(parsed.columns).toEqual(["Name", "'=Total", "Amount"]);
    expect(parsed.rows).toEqual([
      { Name: '\'=HYPERLINK("http://evil","click")', "'=Total": "'@SUM(A1:A2)", Amount: "-5" },
      { Name: "'+1-1", "'=Total": "'\t=cmd", Amount: "-2.5" },
      { Name: "Ada", "'=Total": "plain", Amount: "'-1+2" },
    ]);
  });
});
