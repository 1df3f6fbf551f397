import { describe, expect, it } from "vitest";
import { breakdown, MAX_SERIES, OTHER, stackedSeries, usageCsv, usageTotals } from "@/app/(app)/usage/usage-data";
import type { UsageDayJson } from "@/lib/responses/usage";

const day = (
  date: string,
  models: Record<string, [number, number]>,
  conns: Record<string, [string, number, number]>,
) => {
  const byModel = Object.fromEntries(Object.entries(models).map(([k, [rows, costUsd]]) => [k, { rows, costUsd }]));
  const byConnection = Object.fromEntries(
    Object.entries(conns).map(([k, [name, rows, costUsd]]) => [k, { name, rows, costUsd }]),
  );
  const rows = Object.values(models).reduce((s, [r]) => s + r, 0);
  const costUsd = Object.values(models).reduce((s, [, c]) => s + c, 0);
  return { date, rows, inputTokens: rows * 100, outputTokens: rows * 50, costUsd, byModel, byConnection };
};

const DAYS: UsageDayJson[] = [
  day("2026-11-22", { "gpt-4o-mini": [2, 0.01] }, { c1: ["Work, main", 2, 0.01] }),
  day("2026-11-23", {}, {}),
  day(
    "2026-11-24",
    { "gpt-4o-mini": [1, 0.005], "claude-sonnet-4-5": [3, 0.3] },
    { c1: ["Work, main", 1, 0.005], c2: ["=HYPERLINK()", 3, 0.3] },
  ),
];

describe("usage page data", () => {
  it("sums totals and breaks down per model and connection, largest spend first", () => {
    expect(usageTotals(DAYS)).toEqual({ rows: 6, inputTokens: 600, outputTokens: 300, costUsd: 0.315 });
    expect(breakdown(DAYS, "model")).toEqual([
      { key: "claude-sonnet-4-5", name: "claude-sonnet-4-5", rows: 3, costUsd: 0.3 },
      { key: "gpt-4o-mini", name: "gpt-4o-mini", rows: 3, costUsd: 0.015 },
    ]);
    expect(breakdown(DAYS, "connection").map((b) => [b.key, b.name, b.rows])).toEqual([
      ["c2", "=HYPERLINK()", 3],
      ["c1", "Work, main", 3],
    ]);
  });

  it("stacks per-day series, the smallest beyond MAX_SERIES as Other", () => {
    const { series, data } = stackedSeries(DAYS, "model", "costUsd");
    expect(series).toEqual(["claude-sonnet-4-5", "gpt-4o-mini"]);
    expect(data).toEqual([
      { date: "2026-11-22", "claude-sonnet-4-5": 0, "gpt-4o-mini": 0.01 },
      { date: "2026-11-23", "claude-sonnet-4-5": 0, "gpt-4o-mini": 0 },
      { date: "2026-11-24", "claude-sonnet-4-5": 0.3, "gpt-4o-mini": 0.005 },
    ]);
    const many = Object.fromEntries(
      Array.from({ length: MAX_SERIES + 2 }, (_, i) => [`m${i}`, [1, i + 1] as [number, number]]),
    );
    const wide = stackedSeries([day("2026-11-24", many, {})], "model", "rows");
    expect(wide.series).toHaveLength(MAX_SERIES + 1);
    expect(wide.series.at(-1)).toBe(OTHER);
    expect(wide.data[0]![OTHER]).toBe(2);
  });

  it("writes a CSV with totals and breakdowns per day, quoting and defusing names", () => {
    const csv = usageCsv(DAYS);
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe("date,scope,name,rows,input_tokens,output_tokens,cost_usd");
    expect(lines[1]).toBe("2026-11-22,total,,2,200,100,0.01");
    expect(lines).toContain('2026-11-22,connection,"Work, main",2,,,0.01');
    expect(lines).toContain("2026-11-23,total,,0,0,0,0");
    expect(lines).toContain("2026-11-24,connection,'=HYPERLINK(),3,,,0.3");
    expect(lines).toContain("2026-11-24,model,claude-sonnet-4-5,3,,,0.3");
    expect(lines).toHaveLength(1 + 3 + 1 + 5);
  });
});
