/** The usage page's figures from `GET /api/usage` (pure: charts, tables and the CSV share them). */
import { escapeFormula } from "@/lib/csv/escape-formula";
import type { UsageDayJson } from "@/lib/responses/usage";

export interface UsageTotals {
  rows: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
}

export interface Breakdown {
  key: string;
  name: string;
  rows: number;
  costUsd: number;
}

const round = (usd: number) => Math.round(usd * 1e8) / 1e8;

export function usageTotals(days: UsageDayJson[]): UsageTotals {
  return days.reduce(
    (t, d) => ({
      rows: t.rows + d.rows,
      inputTokens: t.inputTokens + d.inputTokens,
      outputTokens: t.outputTokens + d.outputTokens,
      costUsd: round(t.costUsd + d.costUsd),
    }),
    { rows: 0, inputTokens: 0, outputTokens: 0, costUsd: 0 },
  );
}

/** Totals per model or per connection over all days, by cost then rows, largest first. */
export function breakdown(days: UsageDayJson[], by: "model" | "connection"): Breakdown[] {
  const sums = new Map<string, Breakdown>();
  for (const day of days) {
    const entries =
      by === "model"
        ? Object.entries(day.byModel).map(([key, v]) => ({ key, name: key, ...v }))
        : Object.entries(day.byConnection).map(([key, v]) => ({ key, ...v }));
    for (const e of entries) {
      const sum = sums.get(e.key) ?? { key: e.key, name: e.name, rows: 0, costUsd: 0 };
      sum.rows += e.rows;
      sum.costUsd = round(sum.costUsd + e.costUsd);
      sums.set(e.key, sum);
    }
  }
  return [...sums.values()].sort((a, b) => b.costUsd - a.costUsd || b.rows - a.rows || a.name.localeCompare(b.name));
}

/** At most this many series in a stacked chart; the rest are summed as "Other". */
export const MAX_SERIES = 5;
export const OTHER = "Other";

/**
 * Per-day values of each series (the largest MAX_SERIES models or connections, then "Other"), as
 * Recharts rows: `{ date, [series name]: value }`.
 */
export function stackedSeries(
  days: UsageDayJson[],
  by: "model" | "connection",
  metric: "rows" | "costUsd",
): { series: string[]; data: Record<string, number | string>[] } {
  const all = breakdown(days, by);
  const top = all.slice(0, MAX_SERIES);
  const topKeys = new Map(top.map((b) => [b.key, b.name]));
  const series = [...top.map((b) => b.name), ...(all.length > MAX_SERIES ? [OTHER] : [])];
  const data = days.map((day) => {
    const row: Record<string, number | string> = { date: day.date };
    for (const name of series) row[name] = 0;
    const entries = by === "model" ? day.byModel : day.byConnection;
    for (const [key, value] of Object.entries(entries)) {
      const name = topKeys.get(key) ?? OTHER;
      row[name] = round((row[name] as number) + value[metric]);
    }
    return row;
  });
  return { series, data };
}

function csvCell(value: string | number): string {
  const text = typeof value === "number" ? String(value) : escapeFormula(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The page's data as CSV, one line per day and scope: the day's totals (`scope` total), then one
 * line per model and per connection used that day (their tokens are not broken down: left empty).
 */
export function usageCsv(days: UsageDayJson[]): string {
  const lines = [["date", "scope", "name", "rows", "input_tokens", "output_tokens", "cost_usd"].join(",")];
  const line = (cells: (string | number)[]) => lines.push(cells.map(csvCell).join(","));
  for (const d of days) {
    line([d.date, "total", "", d.rows, d.inputTokens, d.outputTokens, d.costUsd]);
    for (const [model, v] of Object.entries(d.byModel)) line([d.date, "model", model, v.rows, "", "", v.costUsd]);
    for (const v of Object.values(d.byConnection)) line([d.date, "connection", v.name, v.rows, "", "", v.costUsd]);
  }
  return `${lines.join("\r\n")}\r\n`;
}
