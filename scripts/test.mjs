#!/usr/bin/env node
// `npm test`: unit + integration tests (Vitest, on a real database) and the browser
// end-to-end tests (Playwright in Debian's Chromium, against the production build).
// Local mode uses embedded PGlite; with DATABASE_URL every suite gets a fresh database on
// that server, dropped afterwards. Ends with one line: "N passed, N failed".
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";

const root = process.cwd();
const outDir = path.join(root, ".data", "test-results");
mkdirSync(outDir, { recursive: true });
const baseUrl = process.env.DATABASE_URL;
const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const created = [];

async function adminQuery(sql) {
  const url = new URL(baseUrl);
  url.pathname = "/postgres";
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function freshDatabase(suffix) {
  const name = `coldmail_${suffix}_${stamp}`;
  await adminQuery(`create database "${name}"`);
  created.push(name);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function run(cmd, args, env) {
  const result = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

const totals = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;
const onlyUnit = process.argv.includes("--unit");
const onlyE2e = process.argv.includes("--e2e");

try {
  if (!onlyE2e) {
    const report = path.join(outDir, "vitest.json");
    rmSync(report, { force: true });
    const env = baseUrl ? { DATABASE_URL: await freshDatabase("vitest") } : {};
    console.log(`\n== Vitest (${baseUrl ? "PostgreSQL" : "PGlite"}) ==`);
    const code = run(
      process.execPath,
      ["node_modules/vitest/vitest.mjs", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`],
      env,
    );
    const json = readJson(report);
    if (json) {
      totals.passed += json.numPassedTests ?? 0;
      totals.failed += json.numFailedTests ?? 0;
      totals.skipped += (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
    }
    if (code !== 0) {
      exitCode = 1;
      if (!json || json.numFailedTests === 0) totals.failed += 1; // a crash outside any test
    }
  }
  if (!onlyUnit) {
    const report = path.join(outDir, "playwright.json");
    rmSync(report, { force: true });
    const e2eEnv = { PLAYWRIGHT_JSON_OUTPUT_NAME: report, E2E_STAMP: stamp };
    if (baseUrl) {
      Object.assign(e2eEnv, { E2E_DATABASE_URL: await freshDatabase("e2e") });
    } else {
      const dir = path.join(root, ".data", `e2e-${stamp}`);
      Object.assign(e2eEnv, { E2E_DATA_DIR: dir });
    }
    console.log(`\n== Playwright end-to-end (${baseUrl ? "PostgreSQL" : "PGlite"}) ==`);
    const code = run(process.execPath, ["node_modules/@playwright/test/cli.js", "test"], e2eEnv);
    const json = readJson(report);
    if (json?.stats) {
      totals.passed += (json.stats.expected ?? 0) + (json.stats.flaky ?? 0);
      totals.failed += json.stats.unexpected ?? 0;
      totals.skipped += json.stats.skipped ?? 0;
    }
    if (code !== 0) {
      exitCode = 1;
      if (!json?.stats || json.stats.unexpected === 0) totals.failed += 1;
    }
    if (e2eEnv.E2E_DATA_DIR && existsSync(e2eEnv.E2E_DATA_DIR))
      rmSync(e2eEnv.E2E_DATA_DIR, { recursive: true, force: true });
  }
} finally {
  for (const name of created) {
    await adminQuery(`drop database if exists "${name}" with (force)`).catch((e) =>
      console.error(`could not drop ${name}: ${e.message}`),
    );
  }
}

writeFileSync(path.join(outDir, "summary.json"), JSON.stringify(totals));
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`);
process.exit(exitCode || (totals.failed > 0 ? 1 : 0));
