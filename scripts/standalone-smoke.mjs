#!/usr/bin/env node
// CI proof of the self-hosted deployment without Docker: the deployment folder the Dockerfile ships
// (.next/standalone, copied out of the source tree so nothing resolves from the project's node_modules)
// runs as the web server (WORKER_MODE=off) plus one separate worker process (worker.mjs, what
// `npm run worker` runs), both on a fresh PostgreSQL database; one user registers, verifies, adds an
// AI connection (the fake provider), imports a CSV and runs one bulk batch to the end.
// Prints one line "standalone smoke: PASS|FAIL ..." and exits non-zero on failure, within 5 minutes.
//
//   node scripts/standalone-smoke.mjs
//   SMOKE_PORT (default 3300; the fake provider listens on SMOKE_PORT+50)
//   SMOKE_ADMIN_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres): where the fresh database is created
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { buildIsFresh, root, standaloneDir } from "./build-state.mjs";
import { check, harness, HarnessFailure, sqlOnce, tail } from "./test/harness.mjs";

const TIME_LIMIT_MS = 5 * 60_000;
const ROWS = 8;
const port = Number(process.env.SMOKE_PORT ?? 3300);
const fakePort = port + 50;
const baseUrl = `http://127.0.0.1:${port}`;
const fakeUrl = `http://127.0.0.1:${fakePort}`;
const adminUrl = process.env.SMOKE_ADMIN_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const dbName = `coldmail_smoke_${stamp}`;
const logDir = path.join(root, ".data", "test-results");
const deployDir = path.join(os.tmpdir(), `coldmail-standalone-${stamp}`);
const { children, launch, waitFor, expectStatus, healthy, verifiedUser, stopAll } = harness({
  baseUrl,
  logDir,
  prefix: "standalone",
});

let dbCreated = false;
const started = Date.now();
const step = (msg) => console.log(`[smoke +${((Date.now() - started) / 1000).toFixed(1)}s] ${msg}`);

const admin = (sql) => sqlOnce(adminUrl, sql);

function databaseUrl() {
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  return url.toString();
}

async function run() {
  mkdirSync(logDir, { recursive: true });

  // 1. The build (reused when it is up to date).
  if (buildIsFresh()) {
    step("production build is up to date");
  } else {
    step("building (npm run build)...");
    const built = spawnSync(process.execPath, [path.join(root, "scripts", "build.mjs"), "--no-migrate"], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, DATABASE_URL: "" },
    });
    check(built.status === 0, "npm run build failed");
  }

  // 2. The deployment folder on its own, as the Docker image holds it.
  cpSync(standaloneDir, deployDir, { recursive: true, verbatimSymlinks: true });
  for (const file of ["server.js", "worker.mjs", "migrate.mjs", "migrations/meta/_journal.json", ".next/static"]) {
    check(existsSync(path.join(deployDir, file)), `the deployment folder lacks ${file}`);
  }
  // Only the settings below: no .env file the build may have copied from the checkout.
  for (const name of [".env", ".env.production", ".env.local", ".env.production.local"]) {
    rmSync(path.join(deployDir, name), { force: true });
  }
  check(
    !existsSync(path.join(deployDir, "lib", "db", "migrations")),
    "the deployment folder carries the source tree's lib/db/migrations",
  );
  step(`deployment folder copied to ${deployDir}`);

  // 3. A fresh database; the server applies the migrations when it starts.
  await admin(`create database "${dbName}"`);
  dbCreated = true;
  step(`database ${dbName} created`);

  // 4. The fake AI provider.
  const fake = launch(
    "fake-provider",
    [
      path.join(root, "node_modules", "tsx", "dist", "cli.mjs"),
      path.join(root, "tests", "fakes", "serve-fake-provider.ts"),
      String(fakePort),
    ],
    { ...process.env },
    root,
  );
  await waitFor("the fake provider", async () => ((await fetch(`${fakeUrl}/__health`)).ok ? true : undefined), 60_000, [
    fake,
  ]);
  // A little latency keeps the batch running long enough to see who holds it.
  await fetch(`${fakeUrl}/__control`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ keyPrefix: "sk-valid-smoke", latencyMs: 300 }),
  });

  // 5. The web server (no background loop) and a separate worker, same database, same settings.
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TZ: process.env.TZ ?? "UTC",
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: databaseUrl(),
    AUTH_SECRET: "smoke-auth-secret-0123456789abcdefghijklmnopqrstuvwxyz",
    ENCRYPTION_KEY: "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff",
    APP_URL: baseUrl,
    MAIL_DRIVER: "outbox",
    PAYMENTS_DRIVER: "test",
    ALLOW_TEST_DRIVERS: "1",
    OPENAI_BASE_URL: `${fakeUrl}/v1`,
    ANTHROPIC_BASE_URL: fakeUrl,
  };
  const server = launch(
    "server",
    ["server.js"],
    { ...env, WORKER_MODE: "off", PORT: String(port), HOSTNAME: "127.0.0.1" },
    deployDir,
  );
  const worker = launch("worker", ["worker.mjs"], env, deployDir);
  const health = await healthy([server, worker]);
  step(`server up: ${JSON.stringify(health)}`);

  // 6. A verified user through the API (the outbox mailbox carries the link).
  const email = `smoke-${stamp}@smoke.test`;
  const token = await verifiedUser(email, [server]);
  step("user registered and verified");

  // 7. An AI connection, a CSV, a batch.
  const connection = await expectStatus(201, "POST", "/api/ai/connections", {
    token,
    body: { name: "Smoke OpenAI", provider: "OpenAI", apiKey: "sk-valid-smoke-0001" },
  });
  const rows = Array.from({ length: ROWS }, (_, i) => ({
    "First Name": `Prospect${i}`,
    Company: `Company ${i}`,
    Email: `p${i}@example.test`,
  }));
  const file = await expectStatus(201, "POST", "/api/csv/import", { token, body: { fileName: "smoke.csv", rows } });
  check(typeof file._id === "string", `csv import answered ${JSON.stringify(file).slice(0, 200)}`);
  const batch = await expectStatus(200, "POST", "/api/ai/bulk-batched", {
    token,
    body: {
      csvId: file._id,
      connectionId: connection._id,
      rowsToProcess: ROWS,
      prompt: "Write to {{First Name}} at {{Company}}",
      useCase: "content_creation",
    },
  });
  check(batch.total === ROWS && typeof batch.batchId === "string", `bulk-batched answered ${JSON.stringify(batch)}`);
  step(`batch ${batch.batchId} started (${ROWS} rows)`);

  // 8. Until it ends; meanwhile, note which process holds the batch's lease.
  const db = new pg.Client({ connectionString: databaseUrl() });
  await db.connect();
  const owners = new Set();
  let status;
  try {
    status = await waitFor(
      `batch ${batch.batchId} to finish`,
      async () => {
        const lease = await db.query("select lease_owner from batches where id = $1", [batch.batchId]);
        if (lease.rows[0]?.lease_owner) owners.add(lease.rows[0].lease_owner);
        const s = await expectStatus(200, "GET", `/api/ai/batch-status/${batch.batchId}`, { token });
        return ["completed", "failed", "cancelled"].includes(s.status) ? s : undefined;
      },
      120_000,
      [server, worker],
    );
  } finally {
    await db.end();
  }
  check(status.status === "completed", `batch ended ${status.status}: ${JSON.stringify(status)}`);
  check(
    status.progress?.processed === ROWS && status.progress?.total === ROWS && status.failed === 0,
    `batch status ${JSON.stringify(status)}`,
  );

  // 9. Every row got a subject and a body.
  const back = await expectStatus(200, "GET", `/api/csv/${file._id}`, { token });
  check(back.rows.length === ROWS, `the file has ${back.rows.length} rows`);
  back.rows.forEach((row, i) => {
    check(
      typeof row["Subject Line"] === "string" && row["Subject Line"].trim() !== "",
      `row ${i + 1} has no Subject Line: ${JSON.stringify(row)}`,
    );
    check(
      typeof row["Email Body"] === "string" && row["Email Body"].trim() !== "",
      `row ${i + 1} has no Email Body: ${JSON.stringify(row)}`,
    );
    check(!/error/i.test(row["Subject Line"]), `row ${i + 1} failed: ${row["Subject Line"]}`);
  });

  // 10. The worker process did the work, not the web server.
  const { worker: liveness } = await expectStatus(200, "GET", "/api/health");
  check(liveness?.mode === "off", `the server reports worker ${JSON.stringify(liveness)}, expected mode off`);
  check(typeof liveness.lastBeatAt === "string", `no worker heartbeat in /api/health: ${JSON.stringify(liveness)}`);
  check(owners.size > 0, "never saw the batch held by a worker");
  const serverHeld = [...owners].filter((o) => o.includes(`:${server.child.pid}:`));
  check(
    serverHeld.length === 0,
    `the web server (pid ${server.child.pid}) ran the batch (lease ${serverHeld.join(", ")}): WORKER_MODE=off must leave it to the worker`,
  );
  const workerHeld = [...owners].filter((o) => o.includes(`:${worker.child.pid}:`));
  check(
    workerHeld.length > 0,
    `the batch was never held by the worker process (pid ${worker.child.pid}); leases seen: ${[...owners].join(", ")}`,
  );
  step(`batch completed by the worker (${[...owners].join(", ")})`);

  return `${ROWS} rows generated by a separate worker`;
}

async function cleanup() {
  await stopAll();
  if (dbCreated)
    await admin(`drop database if exists "${dbName}" with (force)`).catch((e) =>
      console.error(`[smoke] could not drop ${dbName}: ${e.message}`),
    );
  rmSync(deployDir, { recursive: true, force: true });
}

let exitCode = 1;
const overall = setTimeout(() => {
  console.error(`standalone smoke: FAIL (time limit of ${TIME_LIMIT_MS / 60_000} minutes)`);
  void cleanup().finally(() => process.exit(1));
}, TIME_LIMIT_MS);
try {
  const summary = await run();
  console.log(`standalone smoke: PASS (${summary}, ${((Date.now() - started) / 1000).toFixed(0)} s)`);
  exitCode = 0;
} catch (error) {
  for (const entry of children)
    if (entry.name !== "fake-provider") console.error(`\n--- ${entry.name} log (${entry.log}) ---\n${tail(entry.log)}`);
  console.error(
    `\nstandalone smoke: FAIL (${error instanceof HarnessFailure ? error.message : (error?.stack ?? error)})`,
  );
} finally {
  clearTimeout(overall);
  await cleanup();
}
process.exit(exitCode);
