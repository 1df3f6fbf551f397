// The phases of `npm run bench:api` (api.mjs): a user with a finished batch, the CSV imports (cold, warm-up,
// chunked, one request, read-back, COPY baseline), the hot endpoints under load, and the pages' JavaScript.
// Each takes the run's context: the API client, the memory sampler, the server process, the log, the row count.
import { chunkedImport, registerUser } from "./http.mjs";
import { loadTest } from "./load.mjs";
import { readStatus } from "./memory.mjs";
import { launchChromium, pageWeight, sessionCookies } from "./pages.mjs";
import { copyBaseline } from "./postgres.mjs";
import { fmt, kib, mbOf, rowsPerSec, secs } from "./report.mjs";
import { COLUMNS } from "./rows.mjs";
import { delay, waitFor } from "./server.mjs";

/** The largest request body the API takes (BODY_LIMITS.rows in lib/http/parse.ts). */
const MAX_BODY_BYTES = 32 * 1024 * 1024;
const BATCH_ROWS = 5;
export const CONNECTIONS = 100;
export const WARMUP_S = 1;

/** A verified user with an AI connection (the fake), a 100-row file and a finished 5-row batch on it. */
export async function prepareUser({ client, server, log, password }, { stamp, smallRows }) {
  const email = `bench-${stamp}@bench.test`;
  const token = await registerUser(client, { email, password, watch: [server] });
  if (!token) throw new Error("verify-email answered no token");
  const connection = await client.call("POST", "/api/ai/connections", {
    name: "Bench fake OpenAI",
    provider: "OpenAI",
    apiKey: `sk-valid-bench-${stamp}`,
  });
  const small = await client.call("POST", "/api/csv/import", {
    fileName: "bench-small.csv",
    columns: COLUMNS,
    rows: smallRows,
  });
  const smallId = small.data._id;
  const batch = await client.call("POST", "/api/ai/bulk-batched", {
    csvId: smallId,
    connectionId: connection.data._id,
    rowsToProcess: BATCH_ROWS,
    prompt: "Write to {{First Name}} at {{Company}}",
    useCase: "content_creation",
  });
  const batchId = batch.data.batchId;
  const status = await waitFor(
    async () => {
      const { data } = await client.call("GET", `/api/ai/batch-status/${batchId}`);
      return ["completed", "failed", "cancelled"].includes(data.status) ? data : null;
    },
    { timeout: 120_000, interval: 500, what: `batch ${batchId} to finish`, watch: [server] },
  );
  log(`user verified; batch ${batchId} ${status.status} (${JSON.stringify(status.progress)})`);
  return { email, smallId, batchId, batchDoneAt: Date.now() };
}

/** What a user meets first: the first import after a fresh start, in one request (cold code, cold heap). */
async function coldImport({ client, memory, log, rows: count }, singleBody) {
  const phase = memory.phase("import, one request, cold");
  const first = await client.call("POST", "/api/csv/import", singleBody.replace("-single.csv", "-cold.csv"));
  await client.call("DELETE", `/api/csv/${first.data._id}`);
  log(
    `cold: first one-request import after the start, ${secs(first.ms)} (${rowsPerSec(count, first.ms)} rows/s), first byte after ${secs(first.firstByteMs)}; file deleted`,
  );
  return { ms: first.ms, firstByteMs: first.firstByteMs, phase };
}

/** The imports' figures: cold, chunked (after an unmeasured warm-up), one request, read-back, COPY. */
export async function imports(ctx, { rows, singleBody, singleBytes, pg, pid }) {
  const { client, memory, log, rows: count } = ctx;
  const fits = singleBytes <= MAX_BODY_BYTES;
  const cold = fits ? await coldImport(ctx, singleBody) : null;
  // A fresh server runs the import slower until its code is compiled and its heap has grown (as for the
  // endpoints below): the same rows are imported once in chunks, unmeasured, and that file is deleted.
  const warmPhase = memory.phase("import, chunked, warm-up");
  const warm = await chunkedImport(client, rows, { fileName: `bench-${count}-warm-up.csv`, columns: COLUMNS });
  await client.call("DELETE", `/api/csv/${warm.id}`);
  log(`warm-up: chunked import of ${fmt(count)} rows in ${secs(warm.ms)}, not counted; file deleted`);
  const problems = [];
  const importPhase = memory.phase("import, chunked");
  const chunked = await chunkedImport(client, rows, { fileName: `bench-${count}-chunked.csv`, columns: COLUMNS });
  log(
    `chunked import: ${fmt(count)} rows in ${chunked.requests} requests, ${secs(chunked.ms)} (${rowsPerSec(count, chunked.ms)} rows/s)`,
  );
  const singlePhase = memory.phase("import, one request");
  let single = { ms: NaN, data: { _id: null } };
  if (fits) {
    single = await client.call("POST", "/api/csv/import", singleBody);
    log(`single-request import: ${secs(single.ms)} (${rowsPerSec(count, single.ms)} rows/s)`);
  } else problems.push(`single-request import skipped: body ${mbOf(singleBytes)} MB > 32 MB`);
  const readPhase = memory.phase("read-back");
  const back = await client.call("GET", `/api/csv/${chunked.id}`);
  if (back.data.rows?.length !== count)
    problems.push(`read-back answered ${back.data.rows?.length} rows, not ${count}`);
  log(`read-back: ${secs(back.ms)} (${rowsPerSec(count, back.ms)} rows/s, ${mbOf(back.responseBytes)} MB)`);
  memory.phase("after imports");
  const afterImports = readStatus(pid);
  const list = await client.call("GET", "/api/csv");
  for (const id of [chunked.id, single.data._id].filter(Boolean)) {
    const f = list.data.find((x) => x._id === id);
    if (f?.rowCount !== count) problems.push(`file ${id} lists rowCount ${f?.rowCount}, not ${count}`);
  }
  const copy = pg ? await copyFigures(ctx, pg, single.data._id ?? chunked.id, rows, problems) : null;
  const importPeak = Math.max(cold?.phase.peak ?? 0, warmPhase.peak, importPhase.peak, singlePhase.peak);
  const chunkedFigures = { ms: chunked.ms, requests: chunked.requests };
  const readMs = back.ms;
  return {
    cold,
    chunked: chunkedFigures,
    singleMs: single.ms,
    readMs,
    readPhase,
    afterImports,
    copy,
    importPeak,
    problems,
  };
}

/** The COPY baseline on the run's database, its row count checked. */
async function copyFigures({ log, rows: count }, pg, fileId, rows, problems) {
  const copy = await copyBaseline(pg.url, fileId, rows);
  if (copy.count !== count) problems.push(`COPY stored ${copy.count} rows, not ${count}`);
  log(`COPY of the same rows: ${secs(copy.ms)} (${rowsPerSec(count, copy.ms)} rows/s)`);
  return copy;
}

/** GET `pathname` under load with the user's token (autocannon, CONNECTIONS connections). */
function loadEndpoint(client, pathname, { durationS, warmupS = WARMUP_S }) {
  const headers = { accept: "application/json", "x-auth-token": client.token };
  return loadTest(client.baseUrl + pathname, { connections: CONNECTIONS, durationS, warmupS, headers });
}

/**
 * The hot endpoints under load, /api/health first and last (its mean is the baseline), after one unmeasured
 * 2 s round over all of them: a fresh server runs slower until its code is warm.
 */
export async function hotEndpoints({ client, memory, log }, { user, durationS }) {
  const sinceWait = 6_000 - (Date.now() - user.batchDoneAt);
  if (sinceWait > 0) await delay(sinceWait); // changes?since= looks 5 s back: let the batch's writes age out
  const smallFile = await client.call("GET", `/api/csv/${user.smallId}`);
  const changesPath = `/api/csv/${user.smallId}/changes?since=${encodeURIComponent(smallFile.data.serverTime)}`;
  const probe = await client.call("GET", changesPath);
  log(
    `changes probe: ${probe.data.rows.length} changed rows, reload ${probe.data.reload} (${probe.responseBytes} bytes)`,
  );
  const endpoints = [
    ["GET /api/health", "/api/health"],
    ["GET /api/ai/credits", "/api/ai/credits"],
    ["GET /api/auth/me", "/api/auth/me"],
    ["GET /api/csv/{id}/changes", changesPath],
    ["GET /api/ai/batch-status/{id}", `/api/ai/batch-status/${user.batchId}`],
    ["GET /api/health (again)", "/api/health"],
  ];
  for (const [, pathname] of endpoints.slice(0, -1)) await loadEndpoint(client, pathname, { durationS: 1 });
  const hot = [];
  for (const [label, pathname] of endpoints) {
    memory.phase(label);
    const r = await loadEndpoint(client, pathname, { durationS });
    hot.push({ label, ...r });
    const errors = r.errorCount ? `  ERRORS ${JSON.stringify(Object.fromEntries(r.errors))}` : "";
    log(
      `${label.padEnd(30)} ${fmt(r.reqPerSec).padStart(6)} req/s  p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms${errors}`,
    );
  }
  return hot;
}

/**
 * First-load JavaScript of /login (signed out), /email-generator and /dashboard (signed in with the session
 * cookies of POST /api/auth/login), each in a fresh Chromium context; what went wrong goes to `problems`.
 */
export async function pagesWeight({ client, memory, log, password }, { user, origin, browserRef, problems }) {
  memory.phase("pages");
  const { chromium } = await import("@playwright/test");
  const browser = await launchChromium(chromium);
  browserRef.current = browser;
  const login = await client.call("POST", "/api/auth/login", { email: user.email, password }, { token: "" });
  const cookies = sessionCookies(login.res.headers["set-cookie"] ?? [], origin);
  if (!cookies.some((c) => /session_token/.test(c.name))) problems.push("login answered no session cookie");
  const pages = [];
  for (const [pathname, signedIn] of [
    ["/login", false],
    ["/email-generator", true],
    ["/dashboard", true],
  ]) {
    const r = await pageWeight(browser, pathname, signedIn ? cookies : [], origin);
    pages.push(r);
    if (r.finalPath !== pathname) problems.push(`${pathname} ended on ${r.finalPath}`);
    // An error page weighs less than the page: it must not pass as the page's weight.
    if (r.status !== 200) problems.push(`${pathname} answered ${r.status}`);
    if (!r.idle) problems.push(`${pathname} did not reach networkidle within 60 s (counted what had arrived)`);
    log(
      `${pathname.padEnd(16)} JS ${kib(r.encoded)} encoded (${kib(r.encodedByLoad)} by the load event), ${kib(r.decoded)} decoded, ${r.files} files; content-encoding: ${r.encodings}`,
    );
  }
  await browser.close();
  browserRef.current = null;
  return pages;
}
