#!/usr/bin/env node
// `npm run bench:api`: the figures of issue 19 in one run, on the chosen database.
//
//   npm run bench:api [-- --rows N] [--duration S] [--skip-pages] [--keep]
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:api
//
// Database: local mode (embedded PGlite in a temporary DATA_DIR) by default. With DATABASE_URL set,
// a fresh database bench_<stamp> is created on that server for the run (the URL's own database is only
// used to create and drop it) and the server runs against it with the settings a deployment needs
// (AUTH_SECRET, ENCRYPTION_KEY, MAIL_DRIVER=outbox, PAYMENTS_DRIVER=test, ALLOW_TEST_DRIVERS=1).
//
// 1. Starts the production server like bench:csv (`node scripts/start.mjs` on a free port: it BUILDS
//    FIRST when the build is stale, which takes several minutes on a 2-core machine) and a fake
//    OpenAI-compatible provider (tests/fakes/serve-fake-provider.ts through tsx; OPENAI_BASE_URL).
//    Idle RSS: VmRSS of the `next start` process (the one listening on the port) ~3 s after
//    /api/health first answers.
// 2. Registers and verifies a user (API + dev mailbox), adds an AI connection (the fake), imports a
//    100-row file and runs a 5-row batch on it to the end (POST /api/ai/bulk-batched).
// 3. CSV import of N x 12 rows (default 50,000). Cold first: what a user meets first, the first import
//    after the start, all rows in one request, before any warm-up (that file is deleted). Then in 5,000-row
//    chunks as the app does (POST /api/csv/import final:false, then POST /api/csv/{id}/append) — once
//    unmeasured to warm the server's code and heap (that file is then deleted; its memory still counts),
//    then timed —, then all rows in one POST /api/csv/import (body <= 32 MB); read-back GET /api/csv/{id}.
//    Each request is timed as load generators do: node:http on a keep-alive socket, Accept-Encoding gzip,
//    deflate (as a browser over http), from the first byte sent to the last byte of the answer; the answer is
//    decoded and parsed after the clock stops. Server RSS sampled every 100 ms (VmHWM, the lifetime peak, per
//    phase). On PostgreSQL also a `COPY` of the same rows (JSON text made from the same objects, timed) into
//    `create table bench_copy (like csv_rows including all)` — a scratch copy of the real table with
//    its indexes and defaults but without the foreign key to csv_files — through node-postgres and
//    pg-copy-streams; goal: import >= 0.5 x COPY. Local mode: goal >= 20,000 rows/s.
// 4. Hot endpoints under 100 keep-alive connections (autocannon in this process, 1 s warm-up, then
//    --duration seconds, default 8; after one unmeasured 2 s round over all of them), x-auth-token
//    header: /api/health (measured before and after the others; the baseline is the mean of both
//    runs), /api/ai/credits, /api/auth/me,
//    /api/csv/{id}/changes?since=<serverTime> (the 100-row file, nothing changed since),
//    /api/ai/batch-status/{id} (the finished batch). Only 2xx answers count; others are errors.
//    Goals: req/s >= 0.6 x health's, p99 <= 1.5 x health's.
// 5. First-load JavaScript of /login, /email-generator and /dashboard (signed in with the session
//    cookies of POST /api/auth/login): each page in a fresh Chromium context, until networkidle; the
//    sum of the encoded (transfer) body sizes of every script response. KB = 1,024 bytes.
// 6. A summary table (figure, goal, PASS/FAIL), with the whole run's peak memory (VmHWM at the end) against
//    600 MB. Exit code 0 unless the run itself broke.
// The server, the fake provider and Chromium are stopped, the temporary DATA_DIR removed and the
// PostgreSQL database dropped at the end, also on errors and Ctrl-C (--keep leaves them up until Ctrl-C).
// The machine's own load shows in the figures: run it on a quiet machine for numbers worth comparing.
// The phases are in api-phases.mjs, the summary in api-summary.mjs, the helpers in this folder's library.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { hotEndpoints, imports, pagesWeight, prepareUser } from "./api-phases.mjs";
import { printApiSummary } from "./api-summary.mjs";
import { createClient } from "./http.mjs";
import { memorySampler, readStatus } from "./memory.mjs";
import { adminQuery, databaseUrl } from "./postgres.mjs";
import { fmt, logger, mb, mbOf, secs } from "./report.mjs";
import { API_WORDS, COLUMNS, generateRows } from "./rows.mjs";
import { createRun } from "./run.mjs";
import { delay, freePort, launch, launchServer, root, serverEnv, stopAll, waitFor, waitForServer } from "./server.mjs";

const argValue = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
};
const ROWS = Number(argValue("--rows", "50000"));
const DURATION_S = Number(argValue("--duration", "8"));
const SKIP_PAGES = process.argv.includes("--skip-pages");
const KEEP = process.argv.includes("--keep");
const SMALL_ROWS = 100;
const PASSWORD = "Str0ng!Passw0rd";
const ADMIN_URL = process.env.DATABASE_URL?.trim() || null;
const STAMP = `${Date.now().toString(36)}${randomBytes(3).toString("hex")}`;
const DB_NAME = `bench_${STAMP}`;

if (!Number.isInteger(ROWS) || ROWS < 1 || ROWS > 100_000) throw new Error("--rows must be 1..100000");
if (!(DURATION_S > 0)) throw new Error("--duration must be a positive number of seconds");

const log = logger("bench:api");
const run = createRun("coldmail-bench-api-");
const pg = ADMIN_URL ? { adminUrl: ADMIN_URL, url: databaseUrl(ADMIN_URL, DB_NAME), name: DB_NAME } : null;
let dbCreated = false;
const browserRef = { current: null };
run.onCleanup(() => Promise.race([browserRef.current?.close(), delay(10_000)]));
run.onCleanup(stopAll);
run.onCleanup(async () => {
  if (!dbCreated) return;
  await adminQuery(ADMIN_URL, `drop database if exists "${DB_NAME}" with (force)`).catch((e) =>
    console.error(`[bench:api] could not drop database ${DB_NAME}: ${e.message}`),
  );
});

/** The server's environment: local mode, or the run's fresh database with what a deployment needs. */
function benchServerEnv(port, fakeUrl) {
  const set = { OPENAI_BASE_URL: `${fakeUrl}/v1`, ANTHROPIC_BASE_URL: fakeUrl };
  if (pg)
    Object.assign(set, {
      DATABASE_URL: pg.url,
      AUTH_SECRET: `bench-${randomBytes(24).toString("hex")}`,
      ENCRYPTION_KEY: randomBytes(32).toString("hex"),
      MAIL_DRIVER: "outbox",
      PAYMENTS_DRIVER: "test",
      ALLOW_TEST_DRIVERS: "1",
    });
  const unset = ["DATABASE_URL_UNPOOLED", "WORKER_MODE", "AUTH_SECRET", "ENCRYPTION_KEY"];
  return serverEnv({ port, dataDir: path.join(run.tmp, "data"), unset, set });
}

/** The fake provider and the production server, both answering; the server's idle memory ~3 s after. */
async function startProcesses() {
  const fakePort = await freePort();
  const fakeUrl = `http://127.0.0.1:${fakePort}`;
  const tsx = path.join(root, "node_modules", "tsx", "dist", "cli.mjs");
  const fakeLog = path.join(run.tmp, "fake-provider.log");
  const fake = launch(
    "fake-provider",
    [tsx, "tests/fakes/serve-fake-provider.ts", String(fakePort)],
    process.env,
    fakeLog,
  );
  const port = await freePort();
  const serverLog = path.join(run.tmp, "server.log");
  log(`starting the production server on port ${port} (builds first if stale: minutes; log ${serverLog})`);
  const server = launchServer(benchServerEnv(port, fakeUrl), serverLog);
  await waitFor(async () => (await fetch(`${fakeUrl}/__health`)).ok, {
    timeout: 120_000,
    what: "the fake provider",
    watch: [fake],
  });
  const { startMs, pid } = await waitForServer(server, port, { timeout: 20 * 60_000 });
  await delay(3_000);
  const idle = readStatus(pid);
  log(`server ready in ${secs(startMs)}; next start pid ${pid}; idle RSS ${mb(idle.rss)} (VmHWM ${mb(idle.hwm)})`);
  return { port, origin: `http://localhost:${port}`, server: server.entry, pid, startMs, idle };
}

async function main() {
  const t0 = performance.now();
  log(`${pg ? `PostgreSQL (fresh database ${DB_NAME} on ${new URL(ADMIN_URL).host})` : "local mode (PGlite)"}`);
  const rows = generateRows(ROWS, { words: API_WORDS });
  const smallRows = generateRows(SMALL_ROWS, { seed: 7, words: API_WORDS });
  const singleBody = JSON.stringify({ fileName: `bench-${ROWS}-single.csv`, columns: COLUMNS, rows, final: true });
  const singleBytes = Buffer.byteLength(singleBody);
  log(`generated ${fmt(ROWS)} rows x ${COLUMNS.length} columns (${mbOf(singleBytes)} MB as JSON)`);
  if (pg) {
    await adminQuery(ADMIN_URL, `create database "${DB_NAME}"`);
    dbCreated = true;
    log(`database ${DB_NAME} created`);
  }

  const started = await startProcesses();
  const { pid, server, origin } = started;
  const memory = memorySampler(pid);
  const client = createClient(`http://127.0.0.1:${started.port}`);
  const ctx = { client, memory, server, log, rows: ROWS, password: PASSWORD };
  const user = await prepareUser(ctx, { stamp: STAMP, smallRows });
  const imported = await imports(ctx, { rows, singleBody, singleBytes, pg, pid });
  const hot = await hotEndpoints(ctx, { user, durationS: DURATION_S });
  const pages = SKIP_PAGES ? [] : await pagesWeight(ctx, { user, origin, browserRef, problems: imported.problems });
  const { phases } = memory.stop();
  printApiSummary({
    ...imported,
    ...started,
    hot,
    pages,
    phases,
    final: readStatus(pid),
    pg,
    singleBytes,
    rows: ROWS,
    durationS: DURATION_S,
    totalMs: performance.now() - t0,
  });
  if (KEEP) {
    log(
      `--keep: server at ${origin} (user ${user.email} / ${PASSWORD}, token ${client.token}); Ctrl-C stops and cleans up`,
    );
    await new Promise(() => undefined);
  }
  return true;
}

await run.finish("bench:api", main);
