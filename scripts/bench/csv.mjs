#!/usr/bin/env node
// `npm run bench:csv`: end-to-end benchmark of a large CSV import.
//
// 1. Generates a deterministic 50,000-row x 12-column prospect CSV in memory (accented names,
//    quoted commas, doubled quotes and newlines in Notes) and parses it back with Papa Parse.
// 2. Starts the production server (`node scripts/start.mjs`: builds first when the build is
//    stale) in local mode on a free port with a fresh temporary DATA_DIR.
// 3. Registers and verifies a user through the API and the dev mailbox.
// 4. Imports the rows exactly as the app does (POST /api/csv/import with the first 5,000 rows and
//    final:false, then POST /api/csv/{id}/append per 5,000 rows, final:true on the last one),
//    reads the file back (GET /api/csv/{id}) and checks the row count and some values.
// 5. Signs in through /login in Chromium, opens /email-generator?csvId=<id>, waits for the footer
//    and counts the rendered [role=row] elements (the table is virtualised).
// Server memory (VmRSS / VmHWM of the `next start` process) is sampled every 100 ms throughout.
// The helpers (rows, server, memory, HTTP client, browser) are the benches' library in this folder.
//
// Options: --rows N (default 50000), --keep (leave the server and data dir running for a look).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import Papa from "papaparse";
import { CHUNK_ROWS, chunkedImport, createClient, registerUser } from "./http.mjs";
import { memorySampler, readStatus } from "./memory.mjs";
import { launchChromium } from "./pages.mjs";
import { createChecks, fmt, logger, mb, mbOf, rowsPerSec, secs } from "./report.mjs";
import { COLUMNS, generateRows, toCsv } from "./rows.mjs";
import { createRun } from "./run.mjs";
import { freePort, launchServer, serverEnv, stopAll, waitForServer } from "./server.mjs";

const argValue = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
};
const ROWS = Number(argValue("--rows", "50000"));
const KEEP = process.argv.includes("--keep");
const PASSWORD = "Str0ng!Passw0rd";

const log = logger("bench");
const run = createRun("coldmail-bench-");
const { check, failed, summary: checkSummary } = createChecks(log);
let browser = null;
run.onCleanup(() => browser?.close());
run.onCleanup(stopAll);

/** The rows, their CSV text, and the rows parsed back from it with Papa Parse (checked equal). */
function makeData() {
  let t = performance.now();
  const rows = generateRows(ROWS);
  const csvText = toCsv(COLUMNS, rows);
  const generateMs = performance.now() - t;
  t = performance.now();
  const parsed = Papa.parse(csvText, { header: false, skipEmptyLines: "greedy" });
  const [header, ...records] = parsed.data;
  const parsedRows = records.map((r) => Object.fromEntries(header.map((c, i) => [c, r[i] ?? ""])));
  const parseMs = performance.now() - t;
  check(
    "generated CSV parses back without errors",
    parsed.errors.length === 0,
    JSON.stringify(parsed.errors.slice(0, 3)),
  );
  check("parsed header = 12 columns", JSON.stringify(header) === JSON.stringify(COLUMNS));
  check(
    `parsed ${fmt(ROWS)} rows identical to the generated ones`,
    parsedRows.length === ROWS && parsedRows.every((r, i) => COLUMNS.every((c) => r[c] === rows[i][c])),
  );
  const csvMb = mbOf(Buffer.byteLength(csvText));
  log(
    `generated ${fmt(ROWS)} rows x ${COLUMNS.length} columns (${csvMb} MB CSV) in ${secs(generateMs)}, parsed in ${secs(parseMs)}`,
  );
  return { rows, header, parsedRows, csvMb, generateMs, parseMs };
}

/** GET /api/csv/{id}: the file read back whole, with its count, columns, probed rows and line breaks checked. */
async function readBack(client, id, rows) {
  const t = performance.now();
  const back = await client.call("GET", `/api/csv/${id}`);
  const readMs = performance.now() - t;
  const file = back.data;
  check("read-back rowCount", file.rowCount === ROWS, `${file.rowCount}`);
  check("read-back rows.length", file.rows.length === ROWS, `${file.rows.length}`);
  check("read-back rowIds.length", file.rowIds.length === ROWS, `${file.rowIds.length}`);
  check(
    "read-back columns in order",
    JSON.stringify(file.columns) === JSON.stringify(COLUMNS),
    JSON.stringify(file.columns),
  );
  const probes = [0, 1, 3, 7, 4_999, 5_000, 12_345, Math.floor(ROWS / 2), ROWS - 1].filter((i) => i < ROWS);
  for (const i of probes)
    check(
      `row ${i + 1} identical`,
      COLUMNS.every((c) => file.rows[i][c] === rows[i][c]),
      JSON.stringify(file.rows[i]).slice(0, 200),
    );
  const newlines = file.rows.filter((r) => r.Notes.includes("\n")).length;
  const expectedNewlines = rows.filter((r) => r.Notes.includes("\n")).length;
  check("multi-line Notes preserved", newlines === expectedNewlines, `${newlines} vs ${expectedNewlines}`);
  const list = await client.call("GET", "/api/csv");
  check(
    "file listed as ready with its row count",
    list.data.some((f) => f._id === id && f.rowCount === ROWS),
  );
  log(
    `read back ${fmt(file.rows.length)} rows (${mbOf(back.responseBytes)} MB JSON) in ${secs(readMs)} (${rowsPerSec(ROWS, readMs)} rows/s)`,
  );
  return { readMs, responseBytes: back.responseBytes };
}

/** Signs in through /login and opens the generator on the file: first row, footer, rows in the DOM, scrolling. */
async function openInBrowser(origin, email, id, rows) {
  const { chromium } = await import("playwright-core");
  browser = await launchChromium(chromium);
  const context = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL(/\/dashboard$/, { timeout: 60_000 });

  const footerText = `${fmt(ROWS)} rows x ${COLUMNS.length} columns`;
  let t = performance.now();
  const apiResponse = page.waitForResponse(
    (r) => r.url().endsWith(`/api/csv/${id}`) && r.request().method() === "GET",
    { timeout: 120_000 },
  );
  await page.goto(`/email-generator?csvId=${id}`, { waitUntil: "commit" });
  const firstRowAt = await page.waitForFunction(
    () => (document.querySelector("[role=row][data-row-id]") ? performance.now() : 0),
    null,
    { polling: "raf", timeout: 120_000 },
  );
  const firstRowMs = await firstRowAt.jsonValue();
  await page.getByTestId("table-size").filter({ hasText: footerText }).waitFor({ timeout: 120_000 });
  const footerWallMs = performance.now() - t;
  const apiTiming = (await apiResponse).request().timing();
  const footer = await page.getByTestId("table-size").textContent();
  check(`footer reads '${footerText}'`, footer?.trim() === footerText, footer ?? "");
  const renderedRows = await page.locator("[role=row]").count();
  check("DOM holds a few screens of rows, not all of them", renderedRows > 5 && renderedRows < 200, `${renderedRows}`);
  const cell = (column) => `[role=row][data-row-id] [role=cell][data-column="${column}"]`;
  const firstName = await page.locator(cell("First Name")).first().textContent();
  check("first row shows the first prospect", firstName === rows[0]["First Name"], `${firstName}`);

  t = performance.now();
  await page.getByTestId("csv-table-scroll").evaluate((el) => (el.scrollTop = el.scrollHeight));
  const lastRow = page
    .locator("[role=row][data-row-id]")
    .filter({ has: page.locator("[role=rowheader]", { hasText: new RegExp(`^${ROWS}$`) }) });
  await lastRow.waitFor({ timeout: 30_000 });
  const scrollMs = performance.now() - t;
  const lastEmail = await lastRow.locator('[role=cell][data-column="Email"]').textContent();
  check(`row ${fmt(ROWS)} rendered after scrolling to the bottom`, lastEmail === rows[ROWS - 1].Email, `${lastEmail}`);
  const renderedAfterScroll = await page.locator("[role=row]").count();
  const heap = await page.evaluate(() => (performance.memory ? performance.memory.usedJSHeapSize : 0));
  await context.close();
  return { footerText, apiTiming, firstRowMs, footerWallMs, renderedRows, renderedAfterScroll, scrollMs, heap };
}

function printSummary({ data, startMs, imported, back, view, idle, pid, mem, totalMs }) {
  const sorted = [...imported.chunkTimes].sort((a, b) => a - b);
  const pad = " ".repeat(21);
  const lines = [
    "",
    "==================== CSV benchmark summary ====================",
    `Data                 ${fmt(ROWS)} rows x ${COLUMNS.length} columns, ${data.csvMb} MB CSV (generated ${secs(data.generateMs)}, Papa parse ${secs(data.parseMs)})`,
    `Server start         ${secs(startMs)} (includes a build when the sources changed)`,
    `Import (API)         ${secs(imported.ms)}  ->  ${rowsPerSec(ROWS, imported.ms)} rows/s   [${imported.requests} requests of <= ${fmt(CHUNK_ROWS)} rows, ${mbOf(imported.sentBytes)} MB JSON; per request min ${fmt(sorted[0])} ms, median ${fmt(sorted[Math.floor(sorted.length / 2)])} ms, max ${fmt(sorted.at(-1))} ms]`,
    `Read-back (API)      ${secs(back.readMs)}  ->  ${rowsPerSec(ROWS, back.readMs)} rows/s   [${mbOf(back.responseBytes)} MB JSON]`,
    `Browser              GET /api/csv/{id} answered ${fmt(view.apiTiming.responseEnd)} ms after request start; first table row at ${fmt(view.firstRowMs)} ms after navigation start;`,
    `${pad}footer '${view.footerText}' after ${fmt(view.footerWallMs)} ms (wall clock from page.goto)`,
    `${pad}[role=row] in DOM: ${view.renderedRows} (incl. header row) on load, ${view.renderedAfterScroll} after scrolling to row ${fmt(ROWS)} (${fmt(view.scrollMs)} ms); JS heap ${(view.heap / 1024 / 1024).toFixed(0)} MB`,
    `Server memory (pid ${pid}, next start)`,
    `${pad}RSS when ready ${mb(idle.rss)}; peak RSS sampled every 100 ms ${mb(mem.peak)}; RSS at end ${mb(mem.final?.rss ?? 0)};`,
    `${pad}VmHWM (lifetime peak incl. start-up and migrations, before sampling began) ${mb(mem.final?.hwm ?? 0)}`,
    ...mem.phases.map(
      (p) =>
        `${pad}${p.name.padEnd(18)} RSS at start ${mb(p.start).padStart(9)}, peak ${mb(p.peak).padStart(9)} (${p.samples} samples)`,
    ),
    `Total time           ${secs(totalMs)}`,
    `Checks               ${checkSummary()}`,
    "===============================================================",
  ];
  console.log(lines.join("\n"));
}

async function main() {
  const t0 = performance.now();
  const data = makeData();

  const port = await freePort();
  const client = createClient(`http://127.0.0.1:${port}`);
  const env = serverEnv({ port, dataDir: path.join(run.tmp, "data") });
  const serverLog = path.join(run.tmp, "server.log");
  log(
    `starting the production server on port ${port} (DATA_DIR ${env.DATA_DIR}; builds first if stale; log: ${serverLog})`,
  );
  const server = launchServer(env, serverLog);
  const { startMs, pid } = await waitForServer(server, port, { timeout: 15 * 60_000 });
  const memory = memorySampler(pid);
  const idle = readStatus(pid);
  log(
    `server ready in ${secs(startMs)}; next start pid ${pid} (start.mjs pid ${server.entry.child.pid}), RSS ${mb(idle.rss)}`,
  );

  memory.phase("register + verify");
  const email = `bench-${Date.now().toString(36)}@bench.test`;
  check("verification returned a token", Boolean(await registerUser(client, { email, password: PASSWORD })));

  // Import in chunks, exactly as use-csv-file.ts does.
  memory.phase("import (API)");
  const imported = await chunkedImport(client, data.parsedRows, {
    fileName: `bench-${ROWS}.csv`,
    columns: data.header,
  });
  log(
    `imported ${fmt(ROWS)} rows in ${imported.requests} requests, ${secs(imported.ms)} (${rowsPerSec(ROWS, imported.ms)} rows/s)`,
  );
  memory.phase("read-back (API)");
  const back = await readBack(client, imported.id, data.rows);

  memory.phase("browser");
  const view = await openInBrowser(`http://localhost:${port}`, email, imported.id, data.rows);
  const mem = memory.stop();
  printSummary({ data, startMs, imported, back, view, idle, pid, mem, totalMs: performance.now() - t0 });
  if (KEEP) {
    log(
      `--keep: server still running at http://localhost:${port} (pid group ${server.entry.child.pid}), file ${imported.id}, user ${email} / ${PASSWORD}; Ctrl-C to stop and clean up`,
    );
    writeFileSync(path.join(run.tmp, "bench-user.txt"), `${email}\n${PASSWORD}\n${imported.id}\n`);
    await new Promise(() => undefined);
  }
  return failed().length === 0;
}

await run.finish("bench", main);
