#!/usr/bin/env node
// `npm test`: the whole suite as named stages, in order, stopping at the first that fails:
//   build                 the production build, once (the end-to-end servers and the smoke reuse it)
//   static                ESLint (with import cycles), typecheck (tsc), format (Prettier), unused code (knip),
//                         the OpenAPI document linted by Redocly (scripts/lint-openapi.ts)
//   unit                  Vitest, tests/unit (no database)
//   integration-pglite    Vitest, tests/integration on embedded PGlite (one migrated image per run)
//   integration-postgres  Vitest, tests/integration on a fresh PostgreSQL database
//   e2e-postgres          Playwright, every end-to-end test, against the build on a fresh PostgreSQL database
//   e2e-pglite            Playwright, the @pglite subset, against the build in local mode (a new data directory)
//   smoke                 the standalone server and a separate worker on PostgreSQL, one bulk run
//   crash                 a run, a push and an address check each survive a SIGKILL of the process doing them,
//                         in local mode and on PostgreSQL (scripts/crash-test.mjs)
// Ends with a table of each stage's wall time, the 15 slowest test files and one line "N passed, N failed".
//
//   npm test                                   every stage
//   npm run test:quick                         unit + integration-pglite (the inner loop)
//   node scripts/test.mjs --stage=unit,e2e-pglite        only these stages
//   node scripts/test.mjs --stage=integration-pglite -- tests/integration/csv.test.ts   one file
//   --ci                                       end-to-end tests are retried once; retried tests are listed
//   --install-seconds=N                        adds an "install" row (.ci/run times it)
// PostgreSQL: TEST_POSTGRES_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres — a
// server where fresh databases are created for the stages that need one and dropped afterwards.
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { playwrightResult, printSummary, vitestResult } from "./test/report.mjs";

const root = process.cwd();
const outDir = path.join(root, ".data", "test-results");
mkdirSync(outDir, { recursive: true });
const args = process.argv.slice(2);
const passThrough = args.includes("--") ? args.slice(args.indexOf("--") + 1) : [];
const flag = (name) => args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const ci = args.includes("--ci");
const pgServer =
  process.env.TEST_POSTGRES_URL || process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const node = process.execPath;

async function adminQuery(sql) {
  const url = new URL(pgServer);
  url.pathname = "/postgres";
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh database on the PostgreSQL server for one stage; dropped when the stage ends. */
async function withFreshDatabase(suffix, fn) {
  const name = `coldmail_${suffix}_${stamp}`;
  try {
    await adminQuery(`create database "${name}"`);
  } catch (error) {
    console.error(`[test] cannot create a PostgreSQL database on ${pgServer} (${error.message}).`);
    console.error(
      "[test] Set TEST_POSTGRES_URL to a server where databases may be created, or run npm run test:quick.",
    );
    return { code: 1, result: null };
  }
  const url = new URL(pgServer);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    await adminQuery(`drop database if exists "${name}" with (force)`).catch((e) =>
      console.error(`could not drop ${name}: ${e.message}`),
    );
  }
}

function run(cmd, cmdArgs, env = {}, unset = []) {
  const childEnv = { ...process.env, ...env };
  for (const key of unset) delete childEnv[key];
  return spawnSync(cmd, cmdArgs, { stdio: "inherit", env: childEnv }).status ?? 1;
}

function vitest(project, env, unset) {
  const report = path.join(outDir, `vitest-${project}-${env.DATABASE_URL ? "postgres" : "pglite"}.json`);
  rmSync(report, { force: true });
  const code = run(
    node,
    [
      "node_modules/vitest/vitest.mjs",
      "run",
      `--project=${project}`,
      "--reporter=dot",
      "--reporter=json",
      `--outputFile.json=${report}`,
      ...passThrough,
    ],
    env,
    unset,
  );
  return { code, result: vitestResult(report) };
}

function playwright(name, env, unset, extra = []) {
  const report = path.join(outDir, `playwright-${name}.json`);
  rmSync(report, { force: true });
  const code = run(
    node,
    ["node_modules/@playwright/test/cli.js", "test", ...extra, ...passThrough],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: report, E2E_STAMP: `${stamp}${name}`, ...(ci ? { CI: "1" } : {}), ...env },
    unset,
  );
  return { code, result: playwrightResult(report) };
}

const STAGES = {
  build: () => ({ code: run(node, ["scripts/build.mjs", "--no-migrate"], {}, ["DATABASE_URL"]), result: null }),
  static: () => {
    for (const [cmd, cmdArgs] of [
      ["eslint", ["node_modules/eslint/bin/eslint.js", "."]],
      ["typecheck", ["node_modules/typescript/bin/tsc", "--noEmit"]],
      ["prettier", ["node_modules/prettier/bin/prettier.cjs", "--check", "--log-level=warn", "."]],
      ["knip", ["node_modules/knip/bin/knip.js"]],
      // The OpenAPI document under Redocly's recommended rules (no database, no network).
      ["openapi", ["node_modules/tsx/dist/cli.mjs", "--conditions=react-server", "scripts/lint-openapi.ts"]],
    ]) {
      console.log(`[static] ${cmd}`);
      const code = run(node, cmdArgs);
      if (code !== 0) return { code, result: null };
    }
    return { code: 0, result: null };
  },
  unit: () => vitest("unit", {}, ["DATABASE_URL"]),
  "integration-pglite": () => vitest("integration", {}, ["DATABASE_URL"]),
  // One file at a time: the files share this one database, and some (admin dashboard counts) measure all of it.
  "integration-postgres": () =>
    withFreshDatabase("vitest", async (url) =>
      vitest("integration", { DATABASE_URL: url, VITEST_MAX_WORKERS: process.env.VITEST_MAX_WORKERS ?? "1" }),
    ),
  "e2e-postgres": () =>
    withFreshDatabase("e2e", async (url) => playwright("e2e-postgres", { E2E_DATABASE_URL: url }, ["DATABASE_URL"])),
  "e2e-pglite": () => {
    const dir = path.join(root, ".data", `e2e-${stamp}`);
    try {
      return playwright(
        "e2e-pglite",
        { E2E_DATA_DIR: dir },
        ["DATABASE_URL", "E2E_DATABASE_URL"],
        ["--grep", "@pglite"],
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
  smoke: () => scriptStage("scripts/standalone-smoke.mjs", { SMOKE_ADMIN_DATABASE_URL: pgServer }),
  crash: () => scriptStage("scripts/crash-test.mjs", { CRASH_ADMIN_DATABASE_URL: pgServer }),
};

/** A stage that is one script: one test, passed when the script exits 0. */
function scriptStage(script, env) {
  const code = run(node, [script], env, ["DATABASE_URL"]);
  return {
    code,
    result: { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0, retried: [], files: [] },
  };
}

const wanted = flag("stage")?.split(",") ?? Object.keys(STAGES);
const unknown = wanted.filter((s) => !STAGES[s]);
if (unknown.length > 0) {
  console.error(`[test] unknown stage(s): ${unknown.join(", ")}; stages: ${Object.keys(STAGES).join(", ")}`);
  process.exit(2);
}

const stages = [];
const installSeconds = Number(flag("install-seconds"));
if (installSeconds >= 0 && flag("install-seconds") !== undefined)
  stages.push({ name: "install", seconds: installSeconds, status: "passed", result: null });
const totals = { passed: 0, failed: 0, skipped: 0 };
for (const name of wanted) {
  console.log(`\n== stage: ${name} ==`);
  const started = performance.now();
  const { code, result } = await STAGES[name]();
  const failed = code !== 0;
  stages.push({ name, seconds: (performance.now() - started) / 1000, status: failed ? "FAILED" : "passed", result });
  if (result) {
    totals.passed += result.passed;
    totals.failed += result.failed;
    totals.skipped += result.skipped;
  }
  // A stage that failed outside any test (a crash, lint, the build) still counts as one failure.
  if (failed && (!result || result.failed === 0)) totals.failed += 1;
  if (failed) {
    console.log(`\n[test] stage ${name} failed: the stages after it did not run.`);
    break;
  }
}

writeFileSync(path.join(outDir, "summary.json"), JSON.stringify({ ...totals, stages }));
printSummary(stages, totals);
process.exit(totals.failed > 0 || stages.some((s) => s.status === "FAILED") ? 1 : 0);
