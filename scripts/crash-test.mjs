#!/usr/bin/env node
// The background work survives a crash: the process doing it is killed with SIGKILL (no clean shutdown)
// while a bulk run, a push to lemlist and an address check are each in the middle of their work (a
// provider call, a lemlist call and a DNS lookup in flight), and started again on the same data. Each
// must then finish by itself, with nothing done twice: every row generated and charged once, every lead
// in the campaign once, every address checked.
//   local       the production server in local mode (embedded PGlite, WORKER_MODE=inline): the server
//               is killed and started again on the same data directory
//   postgres    the server (WORKER_MODE=off) and one `npm run worker` process on a fresh PostgreSQL
//               database: the worker is killed and a new one started
//   cron        the server (WORKER_MODE=cron) on a fresh PostgreSQL database, /api/cron/work called again
//               and again as a scheduler would: the server is killed during a call and started again
// Leases are the production ones: a killed worker's push and check come back once their 120 s lease has
// lapsed, so each mode takes about three minutes; the modes run side by side. Prints "crash test:
// PASS|FAIL ..." and exits non-zero on failure.
//
//   node scripts/crash-test.mjs [local|postgres|cron ...]     (all three by default; needs a fresh build)
//   CRASH_PORT (default 3400: local, +1 postgres, +2 cron; the fakes listen on CRASH_PORT+50, +60..63, +70)
//   CRASH_ADMIN_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres): where the fresh database is made
import { mkdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildIsFresh, root, serverEntry, workerBundle } from "./build-state.mjs";
import { check, delay, harness, HarnessFailure, sqlOnce, tail } from "./test/harness.mjs";

const TIME_LIMIT_MS = 12 * 60_000;
const RUN_ROWS = 60;
const PUSH_ROWS = 30;
const CHECK_ROWS = 1000;
const port = Number(process.env.CRASH_PORT ?? 3400);
const providerUrl = `http://127.0.0.1:${port + 50}`;
const toolsUrl = `http://127.0.0.1:${port + 60}`;
const dnsPort = port + 70;
const adminUrl = process.env.CRASH_ADMIN_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const logDir = path.join(root, ".data", "test-results");
/** The fakes' processes; each mode has a harness of its own (its app on its own port). */
const fakes = harness({ baseUrl: "", logDir, prefix: `crash-${stamp}` });
const harnesses = [fakes];
const started = Date.now();
const step = (msg) => console.log(`[crash +${((Date.now() - started) / 1000).toFixed(1)}s] ${msg}`);
const cleanups = [];

async function post(url, body) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  check(res.ok, `POST ${url} answered ${res.status}: ${text}`);
  return JSON.parse(text);
}

const adminQuery = (sql) => sqlOnce(adminUrl, sql);

/** The fake AI provider, sending tools and DNS server, started once for both databases. */
async function startFakes() {
  const tsx = path.join(root, "node_modules", "tsx", "dist", "cli.mjs");
  const fake = (name, file, fakePort) =>
    fakes.launch(name, [tsx, path.join(root, "tests", "fakes", file), String(fakePort)], { ...process.env }, root);
  const started = [
    fake("fake-provider", "serve-fake-provider.ts", port + 50),
    fake("fake-tools", "serve-fake-sending-tools.ts", port + 60),
    fake("fake-dns", "serve-fake-dns.ts", dnsPort),
  ];
  for (const url of [providerUrl, toolsUrl, `http://127.0.0.1:${dnsPort}`])
    await fakes.waitFor(url, async () => ((await fetch(`${url}/__health`)).ok ? true : undefined), 60_000, started);
  const { urls } = await (await fetch(`${toolsUrl}/__health`)).json();
  return urls;
}

function appEnv(urls, storage, appUrl) {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TZ: process.env.TZ ?? "UTC",
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    ...storage,
    AUTH_SECRET: "crash-auth-secret-0123456789abcdefghijklmnopqrstuvwxyz",
    ENCRYPTION_KEY: "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff",
    APP_URL: appUrl,
    MAIL_DRIVER: "outbox",
    PAYMENTS_DRIVER: "test",
    ALLOW_TEST_DRIVERS: "1",
    OPENAI_BASE_URL: `${providerUrl}/v1`,
    ANTHROPIC_BASE_URL: providerUrl,
    INSTANTLY_BASE_URL: urls.instantly,
    SMARTLEAD_BASE_URL: urls.smartlead,
    LEMLIST_BASE_URL: urls.lemlist,
    ZEROBOUNCE_BASE_URL: urls.zerobounce,
    DNS_SERVERS: `127.0.0.1:${dnsPort}`,
    DNS_TIMEOUT_MS: "60000",
    GENERATION_CONCURRENCY: "4",
  };
}

/** The user, their keys and three files; then the run, the push and the check, each started. */
async function startWork(h, mode, watch) {
  const token = await h.verifiedUser(`crash-${mode}-${stamp}@crash.test`, watch);
  const aiKey = `sk-valid-crash-${mode}-${stamp}`;
  // A second a call, four at a time (GENERATION_CONCURRENCY): the run is mid-way for about 15 s.
  await post(`${providerUrl}/__control`, { keyPrefix: aiKey, latencyMs: 1000 });
  const ai = await h.expectStatus(201, "POST", "/api/ai/connections", {
    token,
    body: { name: "Crash OpenAI", provider: "OpenAI", apiKey: aiKey },
  });
  const lemlistKey = `lemlist-crash-${mode}-${stamp}`;
  await post(`${toolsUrl}/__control/key`, { tool: "lemlist", key: lemlistKey });
  await post(`${toolsUrl}/__control/latency`, { tool: "lemlist", ms: 400 });
  const campaign = await post(`${toolsUrl}/__control/campaign`, { tool: "lemlist", key: lemlistKey, name: "Crash" });
  const lemlist = await h.expectStatus(201, "POST", "/api/integrations/connections", {
    token,
    body: { service: "lemlist", name: "Crash lemlist", apiKey: lemlistKey },
  });
  // The second half of the addresses each on a domain of its own whose lookup gets no answer until released
  // (DNS_TIMEOUT_MS is 60 s): the check's second chunk stays in flight until the process is killed.
  const half = CHECK_ROWS / 2;
  const heldDomains = Array.from({ length: half }, (_, i) => `held${i}-${mode}-${stamp}.test`);
  for (const name of heldDomains) await post(`http://127.0.0.1:${dnsPort}/__hold`, { name });

  const importRows = (fileName, rows) =>
    h.expectStatus(201, "POST", "/api/csv/import", { token, body: { fileName, rows } });
  const runFile = await importRows(
    "run.csv",
    Array.from({ length: RUN_ROWS }, (_, i) => ({ Name: `Row${i}`, Company: `Co${i}` })),
  );
  const pushFile = await importRows(
    "push.csv",
    Array.from({ length: PUSH_ROWS }, (_, i) => ({
      Email: `lead${i}@acme.test`,
      "First Name": `Ann${i}`,
      Company: `Acme ${i}`,
      "Subject Line": `Idea for Acme ${i}`,
      "Email Body": `Hi Ann${i},\n\nA short note.\n\nBest`,
    })),
  );
  const checkFile = await importRows(
    "check.csv",
    Array.from({ length: CHECK_ROWS }, (_, i) => ({
      Email: i < half ? `a${i}@answers-${stamp}.test` : `b${i}@${heldDomains[i - half]}`,
    })),
  );

  const run = await h.expectStatus(200, "POST", "/api/ai/bulk-batched", {
    token,
    body: {
      csvId: runFile._id,
      connectionId: ai._id,
      rowsToProcess: RUN_ROWS,
      prompt: "Write to {{Name}} at {{Company}}",
      useCase: "content_creation",
    },
  });
  const push = await h.expectStatus(202, "POST", `/api/csv/${pushFile._id}/push`, {
    token,
    body: { connectionId: lemlist.id, campaignId: String(campaign.id) },
  });
  const emailCheck = await h.expectStatus(202, "POST", `/api/csv/${checkFile._id}/email-check`, { token, body: {} });
  return {
    token,
    heldDomains,
    campaignId: String(campaign.id),
    runId: run.batchId,
    runFileId: runFile._id,
    pushId: push.pushId,
    checkId: emailCheck.checkId,
    checkFileId: checkFile._id,
  };
}

/** The three pieces of work as the API shows them now. */
async function progress(h, work) {
  const get = (pathname) => h.expectStatus(200, "GET", pathname, { token: work.token });
  const [run, push, emailCheck] = await Promise.all([
    get(`/api/ai/batch-status/${work.runId}`),
    get(`/api/pushes/${work.pushId}`),
    get(`/api/email-checks/${work.checkId}`),
  ]);
  return { run, push, check: emailCheck };
}

const describe = (p) =>
  `run ${p.run.status} ${p.run.progress?.processed}/${RUN_ROWS}, push ${p.push.status} ${p.push.pushed}/${PUSH_ROWS}, ` +
  `check ${p.check.status} ${p.check.checked}/${CHECK_ROWS}`;

/** Each piece finished, and nothing was done twice. */
async function verify(h, work, final) {
  check(final.run.status === "completed", `the run ended ${JSON.stringify(final.run)}`);
  check(
    final.run.progress.processed === RUN_ROWS && final.run.failed === 0,
    `the run: ${JSON.stringify(final.run.progress)}, failed ${final.run.failed}`,
  );
  const credits = await h.expectStatus(200, "GET", "/api/ai/credits", { token: work.token });
  check(credits.credits.used === RUN_ROWS, `the run charged ${credits.credits.used} credits for ${RUN_ROWS} rows`);
  const file = await h.expectStatus(200, "GET", `/api/csv/${work.runFileId}`, { token: work.token });
  const written = file.rows.filter((r) => (r["Subject Line"] ?? "").trim() !== "" && !/error/i.test(r["Subject Line"]));
  check(written.length === RUN_ROWS, `${written.length} of ${RUN_ROWS} rows have their copy`);

  check(final.push.status === "completed", `the push ended ${JSON.stringify(final.push)}`);
  check(
    final.push.pushed + final.push.providerSkipped === PUSH_ROWS && final.push.failed === 0,
    `the push: ${JSON.stringify(final.push)}`,
  );
  const { leads } = await (
    await fetch(`${toolsUrl}/__control/leads?tool=lemlist&campaignId=${encodeURIComponent(work.campaignId)}`)
  ).json();
  const emails = leads.map((l) => l.email);
  check(
    emails.length === PUSH_ROWS && new Set(emails).size === PUSH_ROWS,
    `the campaign holds ${emails.length} leads (${new Set(emails).size} addresses) for ${PUSH_ROWS} rows`,
  );

  check(final.check.status === "completed", `the check ended ${JSON.stringify(final.check)}`);
  check(final.check.checked === CHECK_ROWS, `the check: ${JSON.stringify(final.check)}`);
  const checked = await h.expectStatus(200, "GET", `/api/csv/${work.checkFileId}`, { token: work.token });
  const valid = checked.rows.filter((r) => r["Email Status"] === "valid").length;
  check(valid === CHECK_ROWS, `${valid} of ${CHECK_ROWS} addresses are valid after the check`);
}

const WORKER_MODES = { local: "inline", postgres: "off", cron: "cron" };
const CRON_SECRET = "crash-cron-secret-0123456789";

/** Starts the app for one mode; `worker` is the process that does the background work. */
function startApp(h, mode, env) {
  const server = h.launch(
    `${mode}-server`,
    [serverEntry],
    { ...env, WORKER_MODE: WORKER_MODES[mode], PORT: new URL(env.APP_URL).port, HOSTNAME: "127.0.0.1" },
    path.dirname(serverEntry),
  );
  const worker = mode === "postgres" ? startWorker(h, mode, env) : server;
  return { server, worker };
}

/** Calls /api/cron/work one call after another, as a scheduler would, until stopped (a failed call is retried). */
function cronScheduler(appUrl) {
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      await fetch(`${appUrl}/api/cron/work`, {
        method: "POST",
        headers: { authorization: `Bearer ${CRON_SECRET}` },
      }).catch(() => undefined);
      await delay(500);
    }
  })();
  return async () => {
    stopped = true;
    await loop;
  };
}

/** Where the mode keeps its data: a new data directory (local), else a fresh PostgreSQL database. */
async function storageFor(mode) {
  if (mode === "local") {
    const dataDir = path.join(os.tmpdir(), `coldmail-crash-${stamp}`);
    mkdirSync(dataDir, { recursive: true });
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    return { DATA_DIR: dataDir };
  }
  const dbName = `coldmail_crash_${mode}_${stamp}`;
  await adminQuery(`create database "${dbName}"`);
  cleanups.push(() => adminQuery(`drop database if exists "${dbName}" with (force)`));
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  return { DATABASE_URL: url.toString(), ...(mode === "cron" ? { CRON_SECRET, CRON_BUDGET_SECONDS: "10" } : {}) };
}

const startWorker = (h, mode, env) => h.launch(`${mode}-worker`, [workerBundle], env, path.dirname(workerBundle));

async function crashOnce(mode, urls) {
  const appUrl = `http://127.0.0.1:${port + Object.keys(WORKER_MODES).indexOf(mode)}`;
  const h = harness({ baseUrl: appUrl, logDir, prefix: `crash-${stamp}` });
  harnesses.push(h);
  const env = appEnv(urls, await storageFor(mode), appUrl);
  let { server, worker } = startApp(h, mode, env);
  await h.healthy([server, worker]);
  const stopScheduler = mode === "cron" ? cronScheduler(appUrl) : null;
  const work = await startWork(h, mode, [server, worker]);
  step(`${mode}: run, push and check started`);

  const before = await h.waitFor(
    "every piece of work mid-way",
    async () => {
      const p = await progress(h, work);
      const midway =
        p.run.progress.processed >= 5 &&
        p.run.progress.processed < RUN_ROWS &&
        p.push.pushed >= 5 &&
        p.push.pushed < PUSH_ROWS &&
        p.check.checked >= CHECK_ROWS / 2;
      return midway ? p : undefined;
    },
    120_000,
    [server, worker],
  );
  await h.kill(worker);
  step(`${mode}: killed ${worker.name} (SIGKILL) at ${describe(before)}`);
  for (const name of work.heldDomains) await post(`http://127.0.0.1:${dnsPort}/__release`, { name });
  if (mode === "postgres") {
    worker = startWorker(h, mode, env);
  } else {
    ({ server, worker } = startApp(h, mode, env));
    await h.healthy([server]);
  }
  step(`${mode}: ${worker.name} started again`);

  const final = await h.waitFor(
    "the run, the push and the check to end",
    async () => {
      const p = await progress(h, work);
      const ended = (s) => ["completed", "failed", "cancelled"].includes(s);
      return ended(p.run.status) && ended(p.push.status) && ended(p.check.status) ? p : undefined;
    },
    6 * 60_000,
    [server, worker],
  );
  await stopScheduler?.();
  step(`${mode}: ended: ${describe(final)}`);
  await verify(h, work, final);
  await h.stop(worker);
  if (server !== worker) await h.stop(server);
  return `${mode}: killed at ${describe(before)}; each finished, nothing twice`;
}

async function main() {
  mkdirSync(logDir, { recursive: true });
  check(buildIsFresh(), "the production build is missing or stale: run npm run build first");
  const modes = process.argv.slice(2).length > 0 ? process.argv.slice(2) : Object.keys(WORKER_MODES);
  const urls = await startFakes();
  // The modes run side by side (each on its own port, data and keys): most of each is waiting for a lease.
  const outcomes = await Promise.allSettled(modes.map((mode) => crashOnce(mode, urls)));
  const failed = outcomes.filter((o) => o.status === "rejected").map((o) => o.reason);
  if (failed.length > 0) throw failed[0];
  return outcomes.map((o) => o.value).join("; ");
}

let exitCode = 1;
const overall = setTimeout(() => {
  console.error(`crash test: FAIL (time limit of ${TIME_LIMIT_MS / 60_000} minutes)`);
  process.exit(1);
}, TIME_LIMIT_MS);
try {
  const summary = await main();
  console.log(`crash test: PASS (${summary}, ${((Date.now() - started) / 1000).toFixed(0)} s)`);
  exitCode = 0;
} catch (error) {
  for (const entry of harnesses.flatMap((h) => h.children))
    if (!entry.name.startsWith("fake-"))
      console.error(`\n--- ${entry.name} log (${entry.log}) ---\n${tail(entry.log)}`);
  console.error(`\ncrash test: FAIL (${error instanceof HarnessFailure ? error.message : (error?.stack ?? error)})`);
} finally {
  clearTimeout(overall);
  for (const h of harnesses.reverse()) await h.stopAll();
  for (const cleanup of cleanups) await Promise.resolve(cleanup()).catch(() => undefined);
}
process.exit(exitCode);
