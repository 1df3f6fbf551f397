// Reading the test runners' JSON reports and printing the closing summary of `npm test`.
import { readFileSync } from "node:fs";
import path from "node:path";

const root = process.cwd();
const rel = (file) => path.relative(root, file).split(path.sep).join("/");

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

/** Counts and per-file times of a Vitest JSON report (null when it is missing). */
export function vitestResult(file) {
  const json = readJson(file);
  if (!json) return null;
  return {
    passed: json.numPassedTests ?? 0,
    failed: json.numFailedTests ?? 0,
    skipped: (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0),
    retried: [],
    files: (json.testResults ?? []).map((r) => ({ file: rel(r.name), seconds: (r.endTime - r.startTime) / 1000 })),
  };
}

function* playwrightTests(suite, file) {
  for (const spec of suite.specs ?? []) for (const test of spec.tests ?? []) yield { spec, test, file };
  for (const child of suite.suites ?? []) yield* playwrightTests(child, suite.file ?? file);
}

/**
 * Counts, per-file times and retried tests of a Playwright JSON report. A test that failed and then
 * passed on its retry counts as passed and is listed in `retried` (a defect to fix, not a lost run).
 */
export function playwrightResult(file) {
  const json = readJson(file);
  if (!json?.stats) return null;
  const seconds = new Map();
  const retried = [];
  for (const suite of json.suites ?? []) {
    for (const { spec, test, file: specFile } of playwrightTests(suite, suite.file)) {
      const name = `tests/e2e/${specFile ?? spec.file}`;
      const spent = (test.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0) / 1000;
      seconds.set(name, (seconds.get(name) ?? 0) + spent);
      if (test.status === "flaky") retried.push(`${name}: ${spec.title}`);
    }
  }
  return {
    passed: (json.stats.expected ?? 0) + (json.stats.flaky ?? 0),
    failed: json.stats.unexpected ?? 0,
    skipped: json.stats.skipped ?? 0,
    retried,
    files: [...seconds].map(([name, s]) => ({ file: name, seconds: s })),
  };
}

const pad = (text, width) => String(text).padEnd(width);
const minutes = (s) => `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, "0")}`;

/** The closing table: each stage's wall time and result, the slowest test files, retried tests, the counts. */
export function printSummary(stages, totals) {
  const out = [];
  out.push("", "== Stages ==", `${pad("stage", 22)}${pad("wall", 8)}${pad("result", 9)}tests`);
  for (const s of stages) {
    const tests = s.result ? `${s.result.passed} passed, ${s.result.failed} failed` : "";
    out.push(`${pad(s.name, 22)}${pad(minutes(s.seconds), 8)}${pad(s.status, 9)}${tests}`);
  }
  const wall = stages.reduce((sum, s) => sum + s.seconds, 0);
  out.push(`${pad("total", 22)}${minutes(wall)}`);
  const files = stages
    .flatMap((s) => (s.result?.files ?? []).map((f) => ({ ...f, stage: s.name })))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 15);
  if (files.length > 0) {
    out.push("", "== The 15 slowest test files ==");
    for (const f of files) out.push(`${pad(`${f.seconds.toFixed(1)} s`, 10)}${pad(f.stage, 22)}${f.file}`);
  }
  const retried = stages.flatMap((s) => (s.result?.retried ?? []).map((t) => `${s.name}: ${t}`));
  if (retried.length > 0) {
    out.push("", `== Passed only on their retry (${retried.length}; each is a defect to fix) ==`, ...retried);
  }
  out.push(
    "",
    `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`,
  );
  console.log(out.join("\n"));
}
