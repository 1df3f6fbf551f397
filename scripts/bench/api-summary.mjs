// The summary `npm run bench:api` prints: every figure beside its goal (PASS, FAIL, or info where there is no
// goal), then the hot endpoints' runs, the pages, and the server's memory per phase.
import { CONNECTIONS, WARMUP_S } from "./api-phases.mjs";
import { createTable, fmt, kib, mb, mbOf, ratio, secs } from "./report.mjs";
import { COLUMNS } from "./rows.mjs";

const GOALS = {
  idleRssMb: 400,
  peakRssMb: 600,
  importVsCopy: 0.5,
  importRowsPerSecLocal: 20_000,
  readBackRowsPerSec: 50_000,
  throughputRatio: 0.6,
  p99Ratio: 1.5,
  loginKb: 150,
  generatorKb: 300,
};

/** Import rates: against COPY on PostgreSQL, against the local goal in local mode. */
function importRows(table, f, rows) {
  const copyRate = f.copy ? rows / (f.copy.ms / 1000) : NaN;
  for (const [label, ms] of [
    [`Import ${fmt(rows)} rows, ${f.chunked.requests} chunks`, f.chunked.ms],
    [`Import ${fmt(rows)} rows, 1 request`, f.singleMs],
  ]) {
    const rate = rows / (ms / 1000);
    if (!Number.isFinite(rate)) table.row(label, "skipped", "", false);
    else if (f.pg) {
      const goal = `≥ ${GOALS.importVsCopy} x COPY`;
      table.row(
        label,
        `${fmt(rate)} rows/s = ${ratio(rate / copyRate)} x COPY`,
        goal,
        rate / copyRate >= GOALS.importVsCopy,
      );
    } else {
      const goal = `≥ ${fmt(GOALS.importRowsPerSecLocal)} rows/s`;
      table.row(label, `${fmt(rate)} rows/s`, goal, rate >= GOALS.importRowsPerSecLocal);
    }
  }
  if (f.pg)
    table.row(
      `COPY ${fmt(rows)} rows (scratch table, no FK)`,
      `${fmt(copyRate)} rows/s (${secs(f.copy.ms)})`,
      "baseline",
      null,
    );
}

/** Memory: the imports' sampled peak, the read-back's, the cold import, VmHWM after the imports and at the end. */
function memoryRows(table, f, rows) {
  table.row(
    "Peak RSS during imports (sampled)",
    mb(f.importPeak),
    `≤ ${GOALS.peakRssMb} MB`,
    f.importPeak / 1024 <= GOALS.peakRssMb,
  );
  table.row("Peak RSS during the read-back (sampled)", mb(f.readPhase.peak), "", null);
  if (f.cold) {
    const coldRate = rows / (f.cold.ms / 1000);
    const warm = Number.isFinite(f.singleMs) ? `warm: ${fmt(rows / (f.singleMs / 1000))} rows/s` : "";
    const value = `${fmt(coldRate)} rows/s (${secs(f.cold.ms)}, first byte ${secs(f.cold.firstByteMs)})`;
    table.row("Cold: first one-request import after the start", value, warm, null);
  }
  table.row("VmHWM after imports (lifetime peak)", mb(f.afterImports?.hwm ?? 0), "", null);
  const hwm = f.final?.hwm ?? 0;
  table.row(
    "VmHWM at the end (the whole run's peak)",
    mb(hwm),
    `≤ ${GOALS.peakRssMb} MB`,
    hwm / 1024 <= GOALS.peakRssMb,
  );
}

/** The mean of the two /api/health runs: the baseline of every hot endpoint's ratios. */
function healthBaseline(hot) {
  const runs = hot.filter((h) => h.label.startsWith("GET /api/health"));
  return {
    reqPerSec: runs.reduce((a, h) => a + h.reqPerSec, 0) / runs.length,
    p99: runs.reduce((a, h) => a + h.p99, 0) / runs.length,
  };
}

/** Each hot endpoint's req/s and p99 as ratios to /api/health's. */
function hotRows(table, hot) {
  const baseline = healthBaseline(hot);
  const base = `${fmt(baseline.reqPerSec)} req/s, p99 ${baseline.p99.toFixed(1)} ms`;
  table.row("GET /api/health (baseline, mean of 2)", base, "baseline", null);
  for (const h of hot) {
    if (h.label.startsWith("GET /api/health")) continue;
    const tp = h.reqPerSec / baseline.reqPerSec;
    const p99 = h.p99 / baseline.p99;
    const errs = h.errorCount ? ` (${h.errorCount} errors)` : "";
    const tpValue = `${fmt(h.reqPerSec)} = ${ratio(tp)} x health${errs}`;
    table.row(
      `${h.label} req/s`,
      tpValue,
      `≥ ${GOALS.throughputRatio} x`,
      tp >= GOALS.throughputRatio && !h.errorCount,
    );
    const p99Value = `${h.p99.toFixed(1)} ms = ${ratio(p99)} x health`;
    table.row(`${h.label} p99`, p99Value, `≤ ${GOALS.p99Ratio} x`, p99 <= GOALS.p99Ratio);
  }
}

function pageRows(table, pages) {
  for (const p of pages) {
    const goal = p.path === "/login" ? GOALS.loginKb : p.path === "/email-generator" ? GOALS.generatorKb : null;
    table.row(
      `First-load JS ${p.path}`,
      p.status === 200 ? `${kib(p.encoded)} (${p.files} files)` : `answered ${p.status}`,
      goal ? `≤ ${goal} KB` : "",
      goal ? p.status === 200 && p.encoded / 1024 <= goal : null,
    );
  }
}

/** The lines after the table: every load run, every page, memory per phase, problems, total time. */
function detailLines(f) {
  const errors = (h) => (h.errorCount ? JSON.stringify(Object.fromEntries(h.errors)) : 0);
  const pad = (ms) => ms.toFixed(1).padStart(6);
  return [
    "Hot endpoints (all runs):",
    ...f.hot.map(
      (h) =>
        `  ${h.label.padEnd(30)} ${fmt(h.reqPerSec).padStart(6)} req/s  p50 ${pad(h.p50)} ms  p99 ${pad(h.p99)} ms  errors ${errors(h)}`,
    ),
    ...(f.pages.length
      ? [
          "Pages (encoded = transfer size of the script bodies; by load = before the load event):",
          ...f.pages.map(
            (p) =>
              `  ${p.path.padEnd(16)} ${kib(p.encoded).padStart(9)} encoded, ${kib(p.encodedByLoad).padStart(9)} by load, ${kib(p.decoded).padStart(9)} decoded, ${p.files} files; ${p.encodings}`,
          ),
        ]
      : []),
    "Server memory per phase (VmRSS at start / sampled peak; VmHWM, the lifetime peak, at the phase's end):",
    ...f.phases.map(
      (p) =>
        `  ${p.name.padEnd(30)} ${mb(p.start).padStart(9)} / ${mb(p.peak).padStart(9)}; VmHWM ${mb(p.hwm).padStart(9)}`,
    ),
    `  at end: RSS ${mb(f.final?.rss ?? 0)}, VmHWM ${mb(f.final?.hwm ?? 0)}`,
    ...(f.problems.length ? ["Problems:", ...f.problems.map((p) => `  - ${p}`)] : []),
    `Total time ${secs(f.totalMs)}`,
  ];
}

/** Prints the whole summary of a run from its figures (`f`: what api.mjs and its phases gathered). */
export function printApiSummary(f) {
  const rows = f.rows;
  const table = createTable();
  const idleGoal = f.pg ? "(≤ 400 MB is the local-mode goal)" : `≤ ${GOALS.idleRssMb} MB`;
  table.row("Idle RSS (next start)", mb(f.idle.rss), idleGoal, f.pg ? null : f.idle.rss / 1024 <= GOALS.idleRssMb);
  importRows(table, f, rows);
  memoryRows(table, f, rows);
  const readRate = rows / (f.readMs / 1000);
  const readGoal = `≥ ${fmt(GOALS.readBackRowsPerSec)} rows/s`;
  table.row("Read-back GET /api/csv/{id}", `${fmt(readRate)} rows/s`, readGoal, readRate >= GOALS.readBackRowsPerSec);
  hotRows(table, f.hot);
  pageRows(table, f.pages);
  const where = f.pg ? `PostgreSQL (${f.pg.name})` : "local mode (PGlite)";
  const out = [
    "",
    `==================== bench:api — ${where} ====================`,
    `${fmt(rows)} rows x ${COLUMNS.length} columns (${mbOf(f.singleBytes)} MB JSON); hot endpoints: ${CONNECTIONS} keep-alive connections, ${WARMUP_S} s warm-up + ${f.durationS} s each; server start ${secs(f.startMs)}`,
    "",
    ...table.lines(),
    "",
    ...detailLines(f),
    "=".repeat(60),
  ];
  console.log(out.join("\n"));
}
