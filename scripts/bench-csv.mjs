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
//
// Options: --rows N (default 50000), --keep (leave the server and data dir running for a look).
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, openSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import Papa from "papaparse";

const root = process.cwd();
const argValue = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
};
const ROWS = Number(argValue("--rows", "50000"));
const KEEP = process.argv.includes("--keep");
const CHUNK_ROWS = 5_000; // CSV_LIMITS.chunkRows in lib/csv/limits.ts
const PASSWORD = "Str0ng!Passw0rd";
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const COLUMNS = [
  "First Name",
  "Last Name",
  "Email",
  "Title",
  "Company",
  "Website",
  "City",
  "Country",
  "Industry",
  "Employees",
  "LinkedIn",
  "Notes",
];

const fmt = (n) => Math.round(n).toLocaleString("en-US");
const mb = (kb) => `${(kb / 1024).toFixed(1)} MB`;
const secs = (ms) => `${(ms / 1000).toFixed(2)} s`;
const log = (...a) => console.log(`[bench] ${a.join(" ")}`);

// ---------------------------------------------------------------- deterministic data

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = [
  "Łukasz",
  "Zoë",
  "Siobhán",
  "José",
  "Chloé",
  "Maëlle",
  "Sofía",
  "Jürgen",
  "Åsa",
  "Priya",
  "Kenji",
  "Olu",
  "Mateo",
  "Aiko",
  "Liam",
  "Ava",
  "Noémie",
  "François",
  "Ştefan",
  "Dvořák",
];
const LAST = [
  "O'Brien",
  "Müller",
  "García",
  "Kowalski",
  "Nguyen",
  "Johansson",
  "Dubois",
  "Rossi",
  "Okafor",
  "Smith",
  "Patel",
  "Søndergaard",
  "Nakamura",
  "Łęcka",
  "Çelik",
];
const TITLES = [
  "CTO",
  "VP Sales",
  "Head of Growth",
  "Founder & CEO",
  "Marketing Manager",
  "Director, Partnerships",
  "Operations Lead",
];
const PREFIX = [
  "Acme",
  "Globex",
  "Initech",
  "Umbrella",
  "Hooli",
  "Stark",
  "Wayne",
  "Tyrell",
  "Vandelay",
  "Soylent",
  "Cyberdyne",
  "Northwind",
];
const SUFFIX = ["Labs", "Cloud", "Robotics", "Foods", "Studio", "Health", "Analytics", "Logistics"];
const PLACES = [
  ["Berlin", "Germany"],
  ["Kraków", "Poland"],
  ["São Paulo", "Brazil"],
  ["Osaka", "Japan"],
  ["Lagos", "Nigeria"],
  ["Dublin", "Ireland"],
  ["Austin", "USA"],
  ["Lyon", "France"],
  ["Malmö", "Sweden"],
];
const INDUSTRIES = ["SaaS", "Fintech", "E-commerce", "Healthcare", "Logistics", "Manufacturing"];
const NOTES = [
  "",
  "Prefers e-mail, not calls",
  'Hiring 3 SDRs, "scaling fast"',
  "Line one\nline two",
  "Met at SaaStr, asked about pricing",
  "Uses a competitor, renewal in Q3\r\nFollow up in May",
  "Café owner; très intéressé — “smart quotes”",
];

const ascii = (s) =>
  s
    .normalize("NFD")
    .replace(/[^a-zA-Z]/g, "")
    .toLowerCase() || "x";

function generateRows(count) {
  const rand = mulberry32(20240601);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const rows = new Array(count);
  for (let i = 0; i < count; i++) {
    const first = pick(FIRST);
    const last = pick(LAST);
    const company = `${pick(PREFIX)} ${pick(SUFFIX)}`;
    const domain = `${ascii(company)}.example`;
    const [city, country] = pick(PLACES);
    rows[i] = {
      "First Name": first,
      "Last Name": last,
      Email: `${ascii(first)}.${ascii(last)}.${i}@${domain}`,
      Title: pick(TITLES),
      Company: company,
      Website: `https://www.${domain}`,
      City: city,
      Country: country,
      Industry: pick(INDUSTRIES),
      Employees: String(1 + Math.floor(rand() * 5000)),
      LinkedIn: `https://linkedin.example/in/${i}`,
      Notes: i % 7 === 0 ? `${pick(NOTES)} (#${i})` : pick(NOTES),
    };
  }
  return rows;
}

function csvField(value) {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function toCsv(columns, rows) {
  const lines = [columns.map(csvField).join(",")];
  for (const row of rows) lines.push(columns.map((c) => csvField(row[c] ?? "")).join(","));
  return lines.join("\r\n") + "\r\n";
}

// ---------------------------------------------------------------- server process

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Pid of the process listening on `port` (ss), else the deepest node descendant of `rootPid`. */
function serverPid(port, rootPid) {
  const ss = spawnSync("ss", ["-ltnpH", `sport = :${port}`], { encoding: "utf8" });
  const match = ss.stdout?.match(/pid=(\d+)/);
  if (match) return Number(match[1]);
  const childrenOf = (pid) => {
    try {
      return readdirSync(`/proc/${pid}/task`).flatMap((t) =>
        readFileSync(`/proc/${pid}/task/${t}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number),
      );
    } catch {
      return [];
    }
  };
  let pid = rootPid;
  for (let kids = childrenOf(pid); kids.length; kids = childrenOf(pid)) pid = kids[kids.length - 1];
  return pid;
}

function readStatus(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (key) => Number(text.match(new RegExp(`^${key}:\\s+(\\d+) kB`, "m"))?.[1] ?? 0);
    return { rss: kb("VmRSS"), hwm: kb("VmHWM") };
  } catch {
    return null;
  }
}

/** Samples VmRSS every 100 ms; `phase(name)` starts a new bucket for the per-phase peaks. */
function memorySampler(pid) {
  const phases = [];
  let current = null;
  let peak = 0;
  const sample = () => {
    const s = readStatus(pid);
    if (!s) return;
    peak = Math.max(peak, s.rss);
    if (current) {
      current.peak = Math.max(current.peak, s.rss);
      current.samples += 1;
    }
  };
  const timer = setInterval(sample, 100);
  timer.unref();
  return {
    phase(name) {
      sample();
      const start = readStatus(pid)?.rss ?? 0;
      current = { name, start, peak: start, samples: 0 };
      phases.push(current);
    },
    stop() {
      sample();
      clearInterval(timer);
      return { phases, peak, final: readStatus(pid) };
    },
  };
}

// ---------------------------------------------------------------- HTTP helpers

let baseUrl = "";
let authToken = "";

async function call(method, pathname, body) {
  const headers = { accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (authToken) headers["x-auth-token"] = authToken;
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const started = performance.now();
  const res = await fetch(baseUrl + pathname, { method, headers, body: payload });
  const text = await res.text();
  const ms = performance.now() - started;
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = { raw: text.slice(0, 300) };
  }
  if (!res.ok) throw new Error(`${method} ${pathname} -> ${res.status}: ${JSON.stringify(data).slice(0, 300)}`);
  return { data, ms, requestBytes: payload ? Buffer.byteLength(payload) : 0, responseBytes: Buffer.byteLength(text) };
}

async function waitFor(fn, { timeout, interval = 250, what }) {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      const value = await fn();
      if (value) return value;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, interval));
  }
}

// ---------------------------------------------------------------- main

const tmp = mkdtempSync(path.join(os.tmpdir(), "coldmail-bench-"));
const serverLog = path.join(tmp, "server.log");
let server = null;
let browser = null;
let cleanedUp = false;

async function cleanup() {
  if (cleanedUp) return;
  cleanedUp = true;
  if (browser) await browser.close().catch(() => undefined);
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((r) => server.once("exit", r));
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {
      // already gone
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-server.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }, 5_000);
    await exited;
    clearTimeout(timer);
  }
  rmSync(tmp, { recursive: true, force: true });
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    cleanup().finally(() => process.exit(130));
  });
}

const checks = [];
function check(label, ok, detail = "") {
  checks.push({ label, ok, detail });
  if (!ok) log(`CHECK FAILED: ${label} ${detail}`);
}

async function main() {
  const t0 = performance.now();

  // 1. Data.
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
  log(
    `generated ${fmt(ROWS)} rows x ${COLUMNS.length} columns (${(Buffer.byteLength(csvText) / 1024 / 1024).toFixed(1)} MB CSV) in ${secs(generateMs)}, parsed in ${secs(parseMs)}`,
  );

  // 2. Server.
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: path.join(tmp, "data"),
    APP_URL: `http://localhost:${port}`,
    NEXT_TELEMETRY_DISABLED: "1",
  };
  for (const key of ["DATABASE_URL", "MAIL_DRIVER", "PAYMENTS_DRIVER", "RESEND_API_KEY", "STRIPE_SECRET_KEY"])
    delete env[key];
  log(
    `starting the production server on port ${port} (DATA_DIR ${env.DATA_DIR}; builds first if stale; log: ${serverLog})`,
  );
  const out = openSync(serverLog, "a");
  t = performance.now();
  server = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: root,
    env,
    detached: true,
    stdio: ["ignore", out, out],
  });
  let serverExit = null;
  server.on("exit", (code, signal) => (serverExit = { code, signal }));
  await waitFor(
    async () => {
      if (serverExit) throw Object.assign(new Error("server exited"), { fatal: true });
      const res = await fetch(`${baseUrl}/api/health`);
      return res.ok;
    },
    { timeout: 15 * 60_000, interval: 500, what: "/api/health" },
  ).catch((error) => {
    const tail = readFileSync(serverLog, "utf8").split("\n").slice(-40).join("\n");
    throw new Error(
      `${error.message}${serverExit ? ` (server exited: ${JSON.stringify(serverExit)})` : ""}\n--- server log tail ---\n${tail}`,
    );
  });
  const startMs = performance.now() - t;
  const pid = serverPid(port, server.pid);
  const memory = memorySampler(pid);
  const idle = readStatus(pid);
  log(`server ready in ${secs(startMs)}; next start pid ${pid} (start.mjs pid ${server.pid}), RSS ${mb(idle.rss)}`);

  // 3. User.
  memory.phase("register + verify");
  const email = `bench-${Date.now().toString(36)}@bench.test`;
  await call("POST", "/api/auth/register", { name: "Bench User", email, password: PASSWORD });
  const mail = await waitFor(
    async () => {
      const { data } = await call("GET", `/api/dev/mailbox?to=${encodeURIComponent(email)}`);
      return data.find((m) => m.text.includes("/verify-email/"));
    },
    { timeout: 30_000, what: "the verification mail" },
  );
  const verifyToken = mail.text.match(/\/verify-email\/([^\s]+)/)[1];
  const verified = await call("GET", `/api/auth/verify-email/${verifyToken}`);
  authToken = verified.data.token;
  check("verification returned a token", Boolean(authToken));

  // 4. Import in chunks, exactly as use-csv-file.ts does.
  memory.phase("import (API)");
  const fileName = `bench-${ROWS}.csv`;
  const chunkTimes = [];
  let sentBytes = 0;
  t = performance.now();
  const first = parsedRows.slice(0, CHUNK_ROWS);
  const single = parsedRows.length <= CHUNK_ROWS;
  const created = await call("POST", "/api/csv/import", { fileName, columns: header, rows: first, final: single });
  chunkTimes.push(created.ms);
  sentBytes += created.requestBytes;
  const id = created.data._id;
  for (let i = CHUNK_ROWS; i < parsedRows.length; i += CHUNK_ROWS) {
    const chunk = parsedRows.slice(i, i + CHUNK_ROWS);
    const res = await call("POST", `/api/csv/${id}/append`, {
      rows: chunk,
      final: i + CHUNK_ROWS >= parsedRows.length,
    });
    chunkTimes.push(res.ms);
    sentBytes += res.requestBytes;
  }
  const importMs = performance.now() - t;
  log(
    `imported ${fmt(ROWS)} rows in ${chunkTimes.length} requests, ${secs(importMs)} (${fmt(ROWS / (importMs / 1000))} rows/s)`,
  );

  // Read back.
  memory.phase("read-back (API)");
  t = performance.now();
  const back = await call("GET", `/api/csv/${id}`);
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
  const list = await call("GET", "/api/csv");
  check(
    "file listed as ready with its row count",
    list.data.some((f) => f._id === id && f.rowCount === ROWS),
  );
  log(
    `read back ${fmt(file.rows.length)} rows (${(back.responseBytes / 1024 / 1024).toFixed(1)} MB JSON) in ${secs(readMs)} (${fmt(ROWS / (readMs / 1000))} rows/s)`,
  );

  // 5. Browser.
  memory.phase("browser");
  const { chromium } = await import("playwright-core");
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--no-sandbox",
      "--headless",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-quic",
      "--no-first-run",
    ],
  });
  const context = await browser.newContext({
    baseURL: `http://localhost:${port}`,
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL(/\/dashboard$/, { timeout: 60_000 });

  const footerText = `${fmt(ROWS)} rows x ${COLUMNS.length} columns`;
  t = performance.now();
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
  check(
    "DOM holds a few screens of rows, not all of them",
    renderedRows > 5 && renderedRows < 200,
    String(renderedRows),
  );
  const firstName = await page
    .locator('[role=row][data-row-id] [role=cell][data-column="First Name"]')
    .first()
    .textContent();
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

  const mem = memory.stop();
  const totalMs = performance.now() - t0;
  const chunkSorted = [...chunkTimes].sort((a, b) => a - b);
  const failed = checks.filter((c) => !c.ok);

  const lines = [
    "",
    "==================== CSV benchmark summary ====================",
    `Data                 ${fmt(ROWS)} rows x ${COLUMNS.length} columns, ${(Buffer.byteLength(csvText) / 1024 / 1024).toFixed(1)} MB CSV (generated ${secs(generateMs)}, Papa parse ${secs(parseMs)})`,
    `Server start         ${secs(startMs)} (includes a build when the sources changed)`,
    `Import (API)         ${secs(importMs)}  ->  ${fmt(ROWS / (importMs / 1000))} rows/s   [${chunkTimes.length} requests of <= ${fmt(CHUNK_ROWS)} rows, ${(sentBytes / 1024 / 1024).toFixed(1)} MB JSON; per request min ${fmt(chunkSorted[0])} ms, median ${fmt(chunkSorted[Math.floor(chunkSorted.length / 2)])} ms, max ${fmt(chunkSorted.at(-1))} ms]`,
    `Read-back (API)      ${secs(readMs)}  ->  ${fmt(ROWS / (readMs / 1000))} rows/s   [${(back.responseBytes / 1024 / 1024).toFixed(1)} MB JSON]`,
    `Browser              GET /api/csv/{id} answered ${fmt(apiTiming.responseEnd)} ms after request start; first table row at ${fmt(firstRowMs)} ms after navigation start;`,
    `                     footer '${footerText}' after ${fmt(footerWallMs)} ms (wall clock from page.goto)`,
    `                     [role=row] in DOM: ${renderedRows} (incl. header row) on load, ${renderedAfterScroll} after scrolling to row ${fmt(ROWS)} (${fmt(scrollMs)} ms); JS heap ${(heap / 1024 / 1024).toFixed(0)} MB`,
    `Server memory (pid ${pid}, next start)`,
    `                     RSS when ready ${mb(idle.rss)}; peak RSS sampled every 100 ms ${mb(mem.peak)}; RSS at end ${mb(mem.final?.rss ?? 0)};`,
    `                     VmHWM (lifetime peak incl. start-up and migrations, before sampling began) ${mb(mem.final?.hwm ?? 0)}`,
    ...mem.phases.map(
      (p) =>
        `                     ${p.name.padEnd(18)} RSS at start ${mb(p.start).padStart(9)}, peak ${mb(p.peak).padStart(9)} (${p.samples} samples)`,
    ),
    `Total time           ${secs(totalMs)}`,
    `Checks               ${checks.length - failed.length}/${checks.length} passed${failed.length ? `; FAILED: ${failed.map((c) => `${c.label} (${c.detail})`).join("; ")}` : ""}`,
    "===============================================================",
  ];
  console.log(lines.join("\n"));
  if (KEEP) {
    log(
      `--keep: server still running at http://localhost:${port} (pid group ${server.pid}), file ${id}, user ${email} / ${PASSWORD}; Ctrl-C to stop and clean up`,
    );
    writeFileSync(path.join(tmp, "bench-user.txt"), `${email}\n${PASSWORD}\n${id}\n`);
    await new Promise(() => undefined);
  }
  return failed.length === 0;
}

let ok = false;
try {
  ok = await main();
} catch (error) {
  console.error(`[bench] FAILED: ${error.stack ?? error}`);
} finally {
  await cleanup();
}
process.exit(ok ? 0 : 1);
