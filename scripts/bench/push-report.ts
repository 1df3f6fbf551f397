// The report of `npm run bench:push` (push.ts): what the fakes recorded of a key, the summary table, where each
// push's time went, its checks and goals.
import type { FakeToolCall } from "../../tests/fakes/sending-tools";

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
  /** The bench process's longest event-loop stall during the push (the fakes answer on the same loop). */
  lagMaxMs: number;
  /** From the app's fetch to the fake's arrival time, over the push's calls. */
  sendToArrivalMs: { mean: number; max: number };
  /** One line per 429: the window it fell in. */
  why429: string[];
  restart?: { first: string; pushedAtKill: number; alreadyThere: number };
  problems: string[];
}

export const SHARE_GOAL = 0.9;

/** Whether a call the fake recorded was made with `key` (Bearer, ?api_key= or Basic with an empty user). */
export function madeWith(call: FakeToolCall, key: string): boolean {
  const auth = call.headers.authorization;
  if (auth === `Bearer ${key}` || auth === `Basic ${Buffer.from(`:${key}`).toString("base64")}`) return true;
  return new URL(call.path, "http://fake").searchParams.get("api_key") === key;
}

/** The addresses an add-lead call carried (Instantly `leads`, Smartlead `lead_list`, lemlist one lead). */
export function sentEmails(call: FakeToolCall): string[] {
  const b = (call.body ?? {}) as { leads?: unknown; lead_list?: unknown };
  const leads = (Array.isArray(b.leads) ? b.leads : Array.isArray(b.lead_list) ? b.lead_list : [b]) as {
    email?: string;
  }[];
  return leads.map((l) => String(l.email ?? "").toLowerCase());
}

export interface Timing {
  entered: number;
  returned: number;
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/**
 * Where a push's time went, from the client probe's timings (when the job called the add-lead call, when it answered)
 * and the fake's arrival times of the admitted add-lead calls `adds`.
 */
export function timeSplit(
  t: Timing[],
  adds: FakeToolCall[],
  o: { t0: number; created: number; end: number; latencyMs: number },
): PushRun["split"] {
  let next = 0;
  const arrivals = t.map((x) => {
    while (next < adds.length && adds[next]!.at < x.entered - 1) next++;
    return adds[next]?.at ?? x.entered;
  });
  return {
    createMs: o.created - o.t0,
    jobMs: mean(t.map((x, i) => x.entered - (i === 0 ? o.created : t[i - 1]!.returned))),
    pacerSendMs: mean(t.map((x, i) => arrivals[i]! - x.entered)),
    answerMs: mean(t.map((x, i) => x.returned - arrivals[i]! - o.latencyMs)),
    finishMs: t.length ? o.end - t.at(-1)!.returned : 0,
  };
}

/**
 * For each 429 among a key's calls (in arrival order): which window was full, how long before the refused call its
 * oldest admitted call arrived, and, when the send times are known, how late each of the two arrived after its send.
 */
export function why429s(
  calls: FakeToolCall[],
  sent: Map<FakeToolCall, number> | null,
  limits: readonly { requests: number; windowMs: number }[],
  t0: number,
): string[] {
  const admitted: FakeToolCall[] = [];
  const lines: string[] = [];
  const late = (c: FakeToolCall) => (sent?.has(c) ? `${c.at - sent.get(c)!} ms` : "unknown");
  for (const c of calls) {
    if (c.status !== 429) {
      admitted.push(c);
      continue;
    }
    for (const l of limits) {
      const oldest = admitted[admitted.length - l.requests];
      if (!oldest || c.at - oldest.at >= l.windowMs) continue;
      lines.push(
        `429 at t=${((c.at - t0) / 1000).toFixed(1)} s: the ${l.requests}th admitted call back arrived ` +
          `${c.at - oldest.at} ms before (window ${l.windowMs} ms); send → arrival: that call ${late(oldest)}, ` +
          `this one ${late(c)}`,
      );
    }
  }
  return lines;
}

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
        `${(r.measuredMs - r.oracleMs).toFixed(0)}; send → arrival mean ${r.sendToArrivalMs.mean.toFixed(1)}, max ` +
        `${r.sendToArrivalMs.max}; event-loop stall max ${r.lagMaxMs.toFixed(0)}`,
    );
    for (const w of r.why429) console.log(`    ${w}`);
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
