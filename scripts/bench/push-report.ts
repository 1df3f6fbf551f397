// The report of `npm run bench:push` (push.ts): the summary table, where each push's time went, its checks and goals.

export interface PushRun {
  tool: string;
  /** "push": one worker from creation to completion; "restart": a worker stopped midway, then another one. */
  kind: "push" | "restart";
  rows: number;
  /** Calls of the push the tool admitted (the campaign-list read of the creation included). */
  calls: number;
  leadsPerCall: number;
  latencyMs: number;
  measuredMs: number;
  oracleMs: number;
  ceilingPerMin: number;
  /** The tool's 429 answers to this push's key. */
  rateLimited: number;
  /** Means per add-lead call, ms: see the header of push.ts. */
  split: { createMs: number; jobMs: number; pacerSendMs: number; answerMs: number; finishMs: number };
  restart?: { first: string; pushedAtKill: number; alreadyThere: number };
  problems: string[];
}

export const SHARE_GOAL = 0.9;

const perMin = (rows: number, ms: number) => Math.round((rows / ms) * 60_000);

/** Prints the table, the split, the checks and the goals; answers the exit code. */
export function printPushReport(runs: PushRun[]): number {
  const header = [
    "tool",
    "run",
    "rows",
    "calls",
    "latency ms",
    "measured s",
    "oracle s",
    "share",
    "leads/min",
    "oracle leads/min",
    "limit leads/min",
    "429s",
    "checks",
  ];
  const table = runs.map((r) => [
    r.tool,
    r.kind,
    String(r.rows),
    String(r.calls),
    String(r.latencyMs),
    (r.measuredMs / 1000).toFixed(2),
    (r.oracleMs / 1000).toFixed(2),
    (r.oracleMs / r.measuredMs).toFixed(3),
    String(perMin(r.rows, r.measuredMs)),
    String(perMin(r.rows, r.oracleMs)),
    String(Math.round(r.ceilingPerMin)),
    String(r.rateLimited),
    r.problems.length ? "FAIL" : "ok",
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  console.log(`\n${line(header)}\n|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const row of table) console.log(line(row));

  console.log("\nWhere the time went (means per add-lead call, ms):");
  for (const r of runs) {
    const s = r.split;
    console.log(
      `  ${r.tool}/${r.kind}: creation ${s.createMs.toFixed(0)} (its campaign-list read ${r.latencyMs} of it); per ` +
        `call: job between calls ${s.jobMs.toFixed(1)}, pacer + send ${s.pacerSendMs.toFixed(1)}, latency ` +
        `${r.latencyMs}, answer read ${s.answerMs.toFixed(1)}; finishing ${s.finishMs.toFixed(0)}; measured − oracle ` +
        `${(r.measuredMs - r.oracleMs).toFixed(0)}`,
    );
  }

  let exit = 0;
  console.log("");
  for (const r of runs) {
    const name = `${r.tool}/${r.kind}`;
    for (const p of r.problems) {
      console.log(`✗ ${name}: ${p}`);
      exit = 1;
    }
    if (!r.problems.length)
      console.log(
        `✓ ${name}: ${r.rows} leads in the campaign, each sent once and received once; every row has a receipt ` +
          `(${r.rows} pushed, none pending)` +
          (r.restart
            ? `; stopped after ${r.restart.pushedAtKill} receipts, restarted by another worker: same result, ` +
              `${r.restart.alreadyThere} leads the tool reported as already there`
            : ""),
      );
    const quiet = r.rateLimited <= 1;
    console.log(`${quiet ? "✓" : "✗"} ${name}: ${r.rateLimited} × 429 (goal: none after the first)`);
    if (!quiet) exit = 1;
    const share = r.oracleMs / r.measuredMs;
    if (r.kind === "push") {
      const ok = share >= SHARE_GOAL;
      console.log(
        `${ok ? "✓" : "✗"} ${r.tool}: ${share.toFixed(3)} of what its documented limit allows (goal ≥ ${SHARE_GOAL})`,
      );
      if (!ok) exit = 1;
    }
  }
  return exit;
}
