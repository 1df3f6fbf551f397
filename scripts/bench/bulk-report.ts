// The report of `npm run bench:bulk` (bulk.ts): each scenario's goals, the summary table, the checks, and the
// estimate before a run against the usage the provider reported.
import type { costOfUsage as costOfUsageFn } from "@/lib/ai/usage";

type CostOfUsage = typeof costOfUsageFn;

export interface BatchRun {
  rows: number;
  startS: number;
  wallS: number;
}

export interface Result {
  mode: string;
  model: string;
  batches: BatchRun[];
  rows: number;
  wallS: number;
  rpm: number;
  tpm: number;
  idealS: number;
  /** What the key allows, used: idealS / wallS. */
  ofKey: number;
  rateLimited: number;
  failed: number;
  maxInFlight: number;
  tokensPerRequest: number;
  problems: string[];
  goals: Array<{ ok: boolean; text: string }>;
  estimate: { inputTokens: number; outputTokens: number; costUsd: number | null; durationS: number | null };
  actual: {
    inputTokens: number;
    outputTokens: number;
    cachedInputTokens: number;
    costUsd: number | null;
    rows: number;
  };
}

/** What a scenario measured, for its goals. */
export interface ScenarioFigures {
  path: string;
  ofKey: number;
  rows: number;
  rateLimited: number;
  /** The single scenario's 429s on the same path (two batches may add 1 % of the rows). */
  singleRateLimited?: number;
  /** The fair scenario's small list. */
  small?: BatchRun;
  tpm: number;
  rpm: number;
  tokensPerRequest: number;
  outputBound: boolean;
  limit: number;
  fairRows: [number, number];
  latencyMs: number;
}

/** The goals of a scenario (single: ≥ 0.98 of the key; two: ≥ 0.95 and few 429s; fair share; token-bound). */
export function scenarioGoals(mode: string, s: ScenarioFigures): Result["goals"] {
  const goals: Result["goals"] = [];
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  if (mode === "single")
    goals.push({
      ok: s.ofKey >= 0.98,
      text: `${s.path} one batch: ${s.ofKey.toFixed(3)} of what the key allows (goal ≥ 0.98)`,
    });
  if (mode === "two") {
    const allowed = (s.singleRateLimited ?? 0) + 0.01 * s.rows;
    goals.push({
      ok: s.ofKey >= 0.95,
      text: `${s.path} two batches on one key: together ${s.ofKey.toFixed(3)} of what the key allows (goal ≥ 0.95)`,
    });
    goals.push({
      ok: s.rateLimited <= allowed,
      text: `two batches: ${s.rateLimited} × 429 (goal ≤ one batch's ${s.singleRateLimited ?? "n/a (single not run: 0)"} + 1 % of ${s.rows} rows = ${allowed.toFixed(1)})`,
    });
  }
  if (mode === "fair") {
    const perMinute = s.tpm ? Math.min(s.limit, s.tpm / s.tokensPerRequest) : s.limit;
    const fairS = (s.fairRows[1] / (perMinute / 2)) * 60 + s.latencyMs / 1000;
    const small = s.small!;
    goals.push({
      ok: small.wallS <= 1.2 * fairS,
      text: `fair share: the ${s.fairRows[1]}-row list beside the ${s.fairRows[0]}-row one took ${small.wallS.toFixed(1)} s, ${(small.wallS / fairS).toFixed(2)} × its fair share of ${fairS.toFixed(1)} s (goal ≤ 1.2)`,
    });
  }
  if (mode === "tokens") {
    const bound = s.tpm / s.tokensPerRequest < s.rpm;
    const bucket = s.outputBound ? "output tokens" : "tokens";
    goals.push({
      ok: s.ofKey >= 0.95 && bound,
      text: `${s.path} token-bound key (${s.tpm} ${bucket}/min ≈ ${(s.tpm / s.tokensPerRequest).toFixed(0)} requests/min < ${s.rpm} RPM: ${bound ? "yes" : "NO"}): ${s.ofKey.toFixed(3)} of what the key allows (goal ≥ 0.95)`,
    });
    goals.push({
      ok: s.rateLimited < 0.01 * s.rows,
      text: `${s.path} token-bound key: 429s ${pct(s.rateLimited / s.rows)} of rows (goal < 1 %)`,
    });
  }
  return goals;
}

/** Prints the table, each scenario's checks and goals, and the estimate against the provider's usage; the exit code. */
export function printReport(results: Result[], costOfUsage: CostOfUsage): number {
  const header = [
    "scenario",
    "rows",
    "wall s",
    "rows/min",
    "RPM",
    "TPM",
    "ideal s",
    "of key",
    "429s",
    "failed",
    "max in-flight",
    "checks",
  ];
  const table = results.map((r) => [
    r.mode,
    r.batches.map((b) => String(b.rows)).join("+"),
    r.wallS.toFixed(1),
    ((r.rows / r.wallS) * 60).toFixed(0),
    String(r.rpm),
    r.tpm ? `${r.tpm} (≈${r.tokensPerRequest.toFixed(0)}/req)` : "-",
    r.idealS.toFixed(1),
    r.ofKey.toFixed(3),
    String(r.rateLimited),
    String(r.failed),
    String(r.maxInFlight),
    r.problems.length ? "FAIL" : "ok",
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  console.log(`\n${line(header)}\n|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const row of table) console.log(line(row));

  let exit = 0;
  for (const r of results) {
    if (r.batches.length > 1)
      console.log(
        `  ${r.mode}: ${r.batches.map((b) => `${b.rows} rows started at ${b.startS.toFixed(1)} s took ${b.wallS.toFixed(1)} s`).join("; ")}`,
      );
    for (const p of r.problems) {
      console.log(`✗ ${r.mode}: ${p}`);
      exit = 1;
    }
    if (!r.problems.length)
      console.log(`✓ ${r.mode}: every row generated exactly once, credits used == ${r.rows}, no row lost`);
  }
  for (const r of results)
    for (const g of r.goals) {
      console.log(`${g.ok ? "✓" : "✗"} ${g.text}`);
      if (!g.ok) exit = 1;
    }
  // Estimate before the run vs the provider-reported usage (issue 14: within 35 %).
  const off = (estimated: number | null, actual: number | null) =>
    estimated === null || actual === null || actual === 0 ? null : Math.abs(estimated - actual) / actual;
  const pct = (x: number | null) => (x === null ? "n/a" : `${(x * 100).toFixed(1)}%`);
  const usd = (x: number | null) => (x === null ? "unknown" : `$${x.toFixed(4)}`);
  for (const r of results) {
    const costOff = off(r.estimate.costUsd, r.actual.costUsd);
    console.log(
      `${costOff !== null && costOff <= 0.35 ? "✓" : "✗"} ${r.mode} estimate vs actual: cost ${usd(r.estimate.costUsd)} vs ` +
        `${usd(r.actual.costUsd)} (off ${pct(costOff)}), input tokens ${r.estimate.inputTokens} vs ` +
        `${r.actual.inputTokens} (off ${pct(off(r.estimate.inputTokens, r.actual.inputTokens))}), output tokens ` +
        `${r.estimate.outputTokens} vs ${r.actual.outputTokens} (off ${pct(off(r.estimate.outputTokens, r.actual.outputTokens))}), ` +
        `duration ${r.estimate.durationS === null ? "unknown" : `${r.estimate.durationS.toFixed(0)} s`} vs ${r.batches[0]!.wallS.toFixed(0)} s`,
    );
    if (costOff === null || costOff > 0.35) exit = 1;
    // Cost per row of the same rows (issue 16): standard; with a 1,024-token examples block (the smallest prefix the
    // providers cache) sent uncached and read from the prompt cache after the first row; through the Batch API.
    const a = r.actual;
    const perRow = (usd: number | null) => (usd === null ? "unknown" : `$${(usd / a.rows).toFixed(6)}`);
    const usage = { inputTokens: a.inputTokens, outputTokens: a.outputTokens, cachedInputTokens: a.cachedInputTokens };
    const withPrefix = { ...usage, inputTokens: a.inputTokens + 1024 * a.rows, cachedInputTokens: 0 };
    console.log(
      `  ${r.mode} cost per row (${r.model}): standard ${perRow(costOfUsage(r.model, usage))}; with a 1,024-token ` +
        `examples block ${perRow(costOfUsage(r.model, withPrefix))} uncached, ` +
        `${perRow(costOfUsage(r.model, { ...withPrefix, cachedInputTokens: 1024 * Math.max(0, a.rows - 1) }))} with caching; ` +
        `batch ${perRow(costOfUsage(r.model, usage, { batch: true }))}`,
    );
  }
  return exit;
}
