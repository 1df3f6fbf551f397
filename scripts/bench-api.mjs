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
// 1. Starts the production server like bench-csv (`node scripts/start.mjs` on a free port: it BUILDS
//    FIRST when the build is stale, which takes several minutes on a 2-core machine) and a fake
//    OpenAI-compatible provider (tests/fakes/serve-fake-provider.ts through tsx; OPENAI_BASE_URL).
//    Idle RSS: VmRSS of the `next start` process (the one listening on the port) ~3 s after
//    /api/health first answers.
// 2. Registers and verifies a user (API + dev mailbox), adds an AI connection (the fake), imports a
//    100-row file and runs a 5-row batch on it to the end (POST /api/ai/bulk-batched).
// 3. CSV import of N x 12 rows (default 50,000): in 5,000-row chunks as the app does (POST
//    /api/csv/import final:false, then POST /api/csv/{id}/append) — once unmeasured to warm the
//    server's code and heap (that file is then deleted; its memory still counts), then timed —,
//    then all rows in one POST /api/csv/import (body <= 32 MB); read-back GET /api/csv/{id}. Each request
//    is timed as load generators do: node:http on a keep-alive socket, Accept-Encoding gzip, deflate (as a
//    browser over http), from the first byte sent to the last byte of the answer; the answer is decoded and
//    parsed after the clock stops. Server RSS sampled every 100 ms (VmHWM, the lifetime peak, per phase).
//    On PostgreSQL also a `COPY` of the same rows (JSON text made from the same objects, timed) into
//    `create table bench_copy (like csv_rows including all)` — a scratch copy of the real table with
//    its indexes and defaults but without the foreign key to csv_files — through node-postgres and
//    pg-copy-streams; goal: import >= 0.5 x COPY. Local mode: goal >= 20,000 rows/s.
// 4. Hot endpoints under 100 keep-alive connections (node:http Agent, 100 loops, 1 s warm-up, then
//    --duration seconds, default 8; after one unmeasured 2 s round over all of them), x-auth-token
//    header: /api/health (measured before and after the others; the baseline is the mean of both
//    runs), /api/ai/credits, /api/auth/me,
//    /api/csv/{id}/changes?since=<serverTime> (the 100-row file, nothing changed since),
//    /api/ai/batch-status/{id} (the finished batch). Only 2xx answers count; others are errors.
//    Goals: req/s >= 0.6 x health's, p99 <= 1.5 x health's.
// 5. First-load JavaScript of /login, /email-generator and /dashboard (signed in with the session
//    cookies of POST /api/auth/login): each page in a fresh Chromium context, until networkidle; the
//    sum of the encoded (transfer) body sizes of every script response. KB = 1,024 bytes.
// 6. A summary table (figure, goal, PASS/FAIL). Exit code 0 unless the run itself broke.
// The server, the fake provider and Chromium are stopped, the temporary DATA_DIR removed and the
// PostgreSQL database dropped at the end, also on errors and Ctrl-C (--keep leaves them up until Ctrl-C).
// The machine's own load shows in the figures: run it on a quiet machine for numbers worth comparing.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, openSync, readFileSync, readdirSync, rmSync } from "node:fs";
import http from "node:http";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";

const root = process.cwd();
const argValue = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
};
const ROWS = Number(argValue("--rows", "50000"));
const DURATION_S = Number(argValue("--duration", "8"));
const WARMUP_S = 1;
const CONNECTIONS = 100;
const SKIP_PAGES = process.argv.includes("--skip-pages");
const KEEP = process.argv.includes("--keep");
const CHUNK_ROWS = 5_000; // CSV_LIMITS.chunkRows in lib/csv/limits.ts
const MAX_BODY_BYTES = 32 * 1024 * 1024; // BODY_LIMITS.rows in lib/http/parse.ts
const SMALL_ROWS = 100;
const BATCH_ROWS = 5;
const PASSWORD = "Str0ng!Passw0rd";
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const ADMIN_URL = process.env.DATABASE_URL?.trim() || null;
const PG = ADMIN_URL !== null;
const STAMP = `${Date.now().toString(36)}${randomBytes(3).toString("hex")}`;
const DB_NAME = `bench_${STAMP}`;
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

if (!Number.isInteger(ROWS) || ROWS < 1 || ROWS > 100_000) throw new Error("--rows must be 1..100000");
if (!(DURATION_S > 0)) throw new Error("--duration must be a positive number of seconds");

const fmt = (n) => Math.round(n).toLocaleString("en-US");
const mb = (kb) => `${(kb / 1024).toFixed(1)} MB`;
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const secs = (ms) => `${(ms / 1000).toFixed(2)} s`;
const ratio = (x) => (Number.isFinite(x) ? x.toFixed(2) : "n/a");
const log = (...a) => console.log(`[bench:api] ${a.join(" ")}`);
const delay = (ms) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------- deterministic data (as bench-csv)

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

const FIRST = ["Łukasz", "Zoë", "Siobhán", "José", "Chloé", "Maëlle", "Sofía", "Jürgen", "Åsa", "Priya", "Kenji"];
const LAST = ["O'Brien", "Müller", "García", "Kowalski", "Nguyen", "Johansson", "Dubois", "Søndergaard", "Çelik"];
const TITLES = ["CTO", "VP Sales", "Head of Growth", "Founder & CEO", "Marketing Manager", "Director, Partnerships"];
const PREFIX = ["Acme", "Globex", "Initech", "Umbrella", "Hooli", "Stark", "Wayne", "Tyrell", "Vandelay", "Northwind"];
const SUFFIX = ["Labs", "Cloud", "Robotics", "Foods", "Studio", "Health", "Analytics", "Logistics"];
const PLACES = [
  ["Berlin", "Germany"],
  ["Kraków", "Poland"],
  ["São Paulo", "Brazil"],
  ["Osaka", "Japan"],
  ["Lagos", "Nigeria"],
  ["Austin", "USA"],
  ["Malmö", "Sweden"],
];
const INDUSTRIES = ["SaaS", "Fintech", "E-commerce", "Healthcare", "Logistics", "Manufacturing"];
const NOTES = [
  "",
  "Prefers e-mail, not calls",
  'Hiring 3 SDRs, "scaling fast"',
  "Line one\nline two",
  "Uses a competitor, renewal in Q3\r\nFollow up in May",
  "Café owner; très intéressé — “smart quotes”",
  "Path C:\\Users\\bench (backslashes)",
];

const ascii = (s) =>
  s
    .normalize("NFD")
    .replace(/[^a-zA-Z]/g, "")
    .toLowerCase() || "x";

function generateRows(count, seed = 20240601) {
  const rand = mulberry32(seed);
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

// ---------------------------------------------------------------- processes and memory (as bench-csv)

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
  const sample = () => {
    const s = readStatus(pid);
    if (s && current) {
      current.peak = Math.max(current.peak, s.rss);
      current.hwm = s.hwm;
      current.samples += 1;
    }
  };
  const timer = setInterval(sample, 100);
  timer.unref();
  return {
    phase(name) {
      sample();
      const status = readStatus(pid);
      const start = status?.rss ?? 0;
      current = { name, start, peak: start, hwm: status?.hwm ?? 0, samples: 0 };
      phases.push(current);
      return current;
    },
    stop() {
      sample();
      clearInterval(timer);
      return phases;
    },
  };
}

/** A detached child (its own process group, so everything it starts can be stopped with it). */
function launch(name, args, env, logFile) {
  const out = openSync(logFile, "a");
  const child = spawn(process.execPath, args, { cwd: root, env, detached: true, stdio: ["ignore", out, out] });
  const entry = { name, child, logFile, exited: null };
  child.on("exit", (code, signal) => (entry.exited = { code, signal }));
  children.push(entry);
  return entry;
}

async function stop(entry) {
  if (entry.exited || entry.child.exitCode !== null || entry.child.signalCode !== null) return;
  const gone = new Promise((r) => entry.child.once("exit", r));
  const kill = (signal) => {
    try {
      process.kill(-entry.child.pid, signal);
    } catch {
      // already gone
    }
  };
  kill("SIGTERM");
  const timer = setTimeout(() => kill("SIGKILL"), 5_000);
  await gone;
  clearTimeout(timer);
}

const tail = (file, lines = 40) => {
  try {
    return readFileSync(file, "utf8").split("\n").slice(-lines).join("\n");
  } catch {
    return "";
  }
};

async function waitFor(fn, { timeout, interval = 250, what, watch = [] }) {
  const deadline = Date.now() + timeout;
  for (;;) {
    for (const entry of watch)
      if (entry.exited)
        throw new Error(
          `${entry.name} exited (${JSON.stringify(entry.exited)}) while waiting for ${what}\n--- ${entry.logFile} ---\n${tail(entry.logFile)}`,
        );
    try {
      const value = await fn();
      if (value) return value;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await delay(interval);
  }
}

// ---------------------------------------------------------------- HTTP helpers

let baseUrl = "";
let authToken = "";

const callAgent = new http.Agent({ keepAlive: true, maxSockets: 4 });

/** One request on a keep-alive socket; resolves at the answer's last byte with its raw (encoded) bytes. */
function send(method, pathname, headers, payload) {
  return new Promise((resolve, reject) => {
    const sentAt = performance.now();
    const req = http.request(baseUrl + pathname, { method, headers, agent: callAgent }, (res) => {
      const chunks = [];
      let firstByteMs = null;
      res.on("data", (chunk) => {
        firstByteMs ??= performance.now() - sentAt;
        chunks.push(chunk);
      });
      res.on("end", () => resolve({ res, raw: Buffer.concat(chunks), firstByteMs }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(payload);
  });
}

/** Decodes an answer as a browser would (Content-Encoding gzip, deflate or br). */
function decodeAnswer(res, raw) {
  const encoding = res.headers["content-encoding"];
  if (encoding === "gzip") return zlib.gunzipSync(raw);
  if (encoding === "deflate") return zlib.inflateSync(raw);
  if (encoding === "br") return zlib.brotliDecompressSync(raw);
  return raw;
}

/**
 * Sends a request as a browser would (JSON body, Accept-Encoding gzip, deflate) and times it from the
 * first byte sent to the last byte of the answer received, as load generators (wrk, autocannon) do:
 * the answer is decompressed and parsed after the clock stops, so the client's own work on the shared
 * cores (gunzip and decode of a 20 MB answer cost about 0.1–0.3 s here) is not counted as the server's.
 */
async function call(method, pathname, body, { token = authToken } = {}) {
  const headers = { accept: "application/json", "accept-encoding": "gzip, deflate" };
  const payload = body === undefined ? undefined : Buffer.from(typeof body === "string" ? body : JSON.stringify(body));
  if (payload) {
    headers["content-type"] = "application/json";
    headers["content-length"] = String(payload.length);
  }
  if (token) headers["x-auth-token"] = token;
  const started = performance.now();
  const { res, raw, firstByteMs } = await send(method, pathname, headers, payload);
  const ms = performance.now() - started;
  const text = decodeAnswer(res, raw).toString("utf8");
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = { raw: text.slice(0, 300) };
  }
  const ok = res.statusCode >= 200 && res.statusCode < 300;
  if (!ok) throw new Error(`${method} ${pathname} -> ${res.statusCode}: ${JSON.stringify(data).slice(0, 300)}`);
  return {
    data,
    ms,
    firstByteMs,
    res,
    requestBytes: payload ? payload.length : 0,
    responseBytes: Buffer.byteLength(text),
  };
}

/** Imports `rows` as the app does: POST /api/csv/import with the first chunk, then one append per chunk. */
async function chunkedImport(rows, fileName) {
  const started = performance.now();
  const created = await call("POST", "/api/csv/import", {
    fileName,
    columns: COLUMNS,
    rows: rows.slice(0, CHUNK_ROWS),
    final: rows.length <= CHUNK_ROWS,
  });
  let requests = 1;
  for (let i = CHUNK_ROWS; i < rows.length; i += CHUNK_ROWS) {
    await call("POST", `/api/csv/${created.data._id}/append`, {
      rows: rows.slice(i, i + CHUNK_ROWS),
      final: i + CHUNK_ROWS >= rows.length,
    });
    requests += 1;
  }
  return { id: created.data._id, ms: performance.now() - started, requests };
}

/**
 * `connections` loops, each sending GET `pathname` on a keep-alive socket as soon as its previous
 * answer is in, for `warmupS` + `durationS`; counts the 2xx answers started and finished inside the
 * measured window. Answers req/s, p50/p99 (ms) and the non-2xx / failed requests by status.
 */
async function loadTest(pathname, { durationS = DURATION_S, warmupS = WARMUP_S, connections = CONNECTIONS } = {}) {
  const { hostname, port } = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  const headers = { accept: "application/json", "x-auth-token": authToken };
  const latencies = [];
  const errors = new Map();
  const measureFrom = performance.now() + warmupS * 1000;
  const stopAt = measureFrom + durationS * 1000;
  const one = () =>
    new Promise((resolve) => {
      const started = performance.now();
      const req = http.request({ host: hostname, port, path: pathname, method: "GET", agent, headers }, (res) => {
        res.on("data", () => undefined);
        res.on("end", () => resolve({ status: res.statusCode, started, ended: performance.now() }));
        res.on("error", (e) => resolve({ status: e.code ?? "error", started, ended: performance.now() }));
      });
      req.on("error", (e) => resolve({ status: e.code ?? "error", started, ended: performance.now() }));
      req.end();
    });
  const loop = async () => {
    while (performance.now() < stopAt) {
      const r = await one();
      if (r.started < measureFrom || r.ended > stopAt) continue;
      if (typeof r.status === "number" && r.status >= 200 && r.status < 300) latencies.push(r.ended - r.started);
      else errors.set(String(r.status), (errors.get(String(r.status)) ?? 0) + 1);
      // A refused connection answers at once: do not spin.
      if (typeof r.status !== "number") await delay(10);
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p) =>
    latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] : NaN;
  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
  return {
    ok: latencies.length,
    reqPerSec: latencies.length / durationS,
    p50: pct(0.5),
    p99: pct(0.99),
    errors,
    errorCount,
  };
}

// ---------------------------------------------------------------- PostgreSQL

let pgModule = null;
async function pgClient(connectionString) {
  pgModule ??= (await import("pg")).default;
  const client = new pgModule.Client({ connectionString });
  await client.connect();
  return client;
}

async function adminQuery(sql) {
  const client = await pgClient(ADMIN_URL);
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

function benchDatabaseUrl() {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
}

/** COPY text-format lines `file_id \t position \t json` (backslashes doubled), 1,000 rows per chunk. */
function* copyLines(fileId, rows) {
  for (let i = 0; i < rows.length; i += 1_000) {
    let chunk = "";
    const end = Math.min(rows.length, i + 1_000);
    for (let j = i; j < end; j++) chunk += `${fileId}\t${j}\t${JSON.stringify(rows[j]).replaceAll("\\", "\\\\")}\n`;
    yield chunk;
  }
}

/** Times a COPY of `rows` into a scratch copy of csv_rows (indexes and defaults, no foreign key). */
async function copyBaseline(fileId, rows) {
  const { from: copyFrom } = (await import("pg-copy-streams")).default;
  const client = await pgClient(benchDatabaseUrl());
  try {
    await client.query("drop table if exists bench_copy");
    await client.query("create table bench_copy (like csv_rows including all)");
    const started = performance.now();
    await pipeline(
      Readable.from(copyLines(fileId, rows)),
      client.query(copyFrom("copy bench_copy (file_id, position, data) from stdin")),
    );
    const ms = performance.now() - started;
    const { rows: counted } = await client.query("select count(*)::int as n from bench_copy");
    await client.query("drop table bench_copy");
    return { ms, count: counted[0].n };
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------- pages

function sessionCookies(setCookies, origin) {
  return setCookies.map((line) => {
    const [pair] = line.split(";");
    const eq = pair.indexOf("=");
    return {
      name: pair.slice(0, eq).trim(),
      value: pair.slice(eq + 1).trim(),
      url: origin,
      httpOnly: true,
      secure: false,
      sameSite: "Lax",
    };
  });
}

/** Opens `pathname` in a fresh context; sums the encoded sizes of the script responses until networkidle. */
async function pageWeight(pathname, cookies, origin) {
  const context = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 800 } });
  try {
    if (cookies.length) await context.addCookies(cookies);
    const page = await context.newPage();
    const scripts = [];
    let loaded = false;
    page.on("response", (response) => {
      const type = response.request().resourceType();
      const contentType = response.headers()["content-type"] ?? "";
      if (type === "script" || /javascript/.test(contentType)) scripts.push({ response, afterLoad: loaded });
    });
    const document = await page.goto(pathname, { waitUntil: "load", timeout: 180_000 });
    loaded = true;
    let idle = true;
    await page.waitForLoadState("networkidle", { timeout: 60_000 }).catch(() => (idle = false));
    const finalPath = new URL(page.url()).pathname;
    const status = document?.status() ?? 0;
    const result = { path: pathname, finalPath, status, idle, files: 0, encoded: 0, encodedByLoad: 0, decoded: 0 };
    const encodings = new Map();
    for (const { response, afterLoad } of scripts) {
      if (response.status() < 200 || response.status() >= 300) continue;
      const sizes = await response
        .request()
        .sizes()
        .catch(() => null);
      const headerLength = Number(response.headers()["content-length"] ?? NaN);
      const encoded = sizes?.responseBodySize ?? (Number.isFinite(headerLength) ? headerLength : 0);
      const body = await response.body().catch(() => null);
      const encoding = response.headers()["content-encoding"] ?? "identity";
      encodings.set(encoding, (encodings.get(encoding) ?? 0) + 1);
      result.files += 1;
      result.encoded += encoded;
      if (!afterLoad) result.encodedByLoad += encoded;
      result.decoded += body?.length ?? 0;
    }
    result.encodings = [...encodings].map(([e, n]) => `${e} x${n}`).join(", ") || "none";
    return result;
  } finally {
    await context.close().catch(() => undefined);
  }
}

// ---------------------------------------------------------------- run

const tmp = mkdtempSync(path.join(os.tmpdir(), "coldmail-bench-api-"));
const children = [];
let browser = null;
let dbCreated = false;
let cleanedUp = false;

async function cleanup() {
  if (cleanedUp) return;
  cleanedUp = true;
  if (browser) {
    const closing = browser.close().catch(() => undefined);
    await Promise.race([closing, delay(10_000)]);
  }
  for (const entry of [...children].reverse()) await stop(entry).catch(() => undefined);
  if (dbCreated)
    await adminQuery(`drop database if exists "${DB_NAME}" with (force)`).catch((e) =>
      console.error(`[bench:api] could not drop database ${DB_NAME}: ${e.message}`),
    );
  rmSync(tmp, { recursive: true, force: true });
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    cleanup().finally(() => process.exit(130));
  });
}

async function main() {
  const t0 = performance.now();
  log(`${PG ? `PostgreSQL (fresh database ${DB_NAME} on ${new URL(ADMIN_URL).host})` : "local mode (PGlite)"}`);

  // ---- data
  const rows = generateRows(ROWS);
  const smallRows = generateRows(SMALL_ROWS, 7);
  const singleBody = JSON.stringify({ fileName: `bench-${ROWS}-single.csv`, columns: COLUMNS, rows, final: true });
  const singleBytes = Buffer.byteLength(singleBody);
  log(`generated ${fmt(ROWS)} rows x ${COLUMNS.length} columns (${(singleBytes / 1024 / 1024).toFixed(1)} MB as JSON)`);

  // ---- database
  if (PG) {
    await adminQuery(`create database "${DB_NAME}"`);
    dbCreated = true;
    log(`database ${DB_NAME} created`);
  }

  // ---- fake AI provider
  const fakePort = await freePort();
  const fakeUrl = `http://127.0.0.1:${fakePort}`;
  const fake = launch(
    "fake-provider",
    [path.join(root, "node_modules", "tsx", "dist", "cli.mjs"), "tests/fakes/serve-fake-provider.ts", String(fakePort)],
    { ...process.env },
    path.join(tmp, "fake-provider.log"),
  );

  // ---- server
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  const origin = `http://localhost:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: path.join(tmp, "data"),
    APP_URL: origin,
    NEXT_TELEMETRY_DISABLED: "1",
    OPENAI_BASE_URL: `${fakeUrl}/v1`,
    ANTHROPIC_BASE_URL: fakeUrl,
  };
  for (const key of [
    "DATABASE_URL",
    "DATABASE_URL_UNPOOLED",
    "MAIL_DRIVER",
    "PAYMENTS_DRIVER",
    "RESEND_API_KEY",
    "STRIPE_SECRET_KEY",
    "WORKER_MODE",
    "AUTH_SECRET",
    "ENCRYPTION_KEY",
  ])
    delete env[key];
  if (PG)
    Object.assign(env, {
      DATABASE_URL: benchDatabaseUrl(),
      AUTH_SECRET: `bench-${randomBytes(24).toString("hex")}`,
      ENCRYPTION_KEY: randomBytes(32).toString("hex"),
      MAIL_DRIVER: "outbox",
      PAYMENTS_DRIVER: "test",
      ALLOW_TEST_DRIVERS: "1",
    });
  const serverLog = path.join(tmp, "server.log");
  log(`starting the production server on port ${port} (builds first if stale: minutes; log ${serverLog})`);
  let t = performance.now();
  const server = launch("server", ["scripts/start.mjs"], env, serverLog);
  await waitFor(async () => (await fetch(`${fakeUrl}/__health`)).ok, {
    timeout: 120_000,
    what: "the fake provider",
    watch: [fake],
  });
  await waitFor(async () => (await fetch(`${baseUrl}/api/health`)).ok, {
    timeout: 20 * 60_000,
    interval: 500,
    what: "/api/health",
    watch: [server],
  }).catch((error) => {
    throw new Error(`${error.message}\n--- server log tail ---\n${tail(serverLog)}`);
  });
  const startMs = performance.now() - t;
  const pid = serverPid(port, server.child.pid);
  await delay(3_000);
  const idle = readStatus(pid);
  log(`server ready in ${secs(startMs)}; next start pid ${pid}; idle RSS ${mb(idle.rss)} (VmHWM ${mb(idle.hwm)})`);
  const memory = memorySampler(pid);

  // ---- user, connection, small file, batch
  const email = `bench-${STAMP}@bench.test`;
  await call("POST", "/api/auth/register", { name: "Bench User", email, password: PASSWORD });
  const mail = await waitFor(
    async () => {
      const { data } = await call("GET", `/api/dev/mailbox?to=${encodeURIComponent(email)}`);
      return data.find((m) => m.text.includes("/verify-email/"));
    },
    { timeout: 30_000, what: "the verification mail", watch: [server] },
  );
  const verified = await call("GET", `/api/auth/verify-email/${mail.text.match(/\/verify-email\/([^\s]+)/)[1]}`);
  authToken = verified.data.token;
  if (!authToken) throw new Error("verify-email answered no token");
  const connection = await call("POST", "/api/ai/connections", {
    name: "Bench fake OpenAI",
    provider: "OpenAI",
    apiKey: `sk-valid-bench-${STAMP}`,
  });
  const small = await call("POST", "/api/csv/import", {
    fileName: "bench-small.csv",
    columns: COLUMNS,
    rows: smallRows,
  });
  const smallId = small.data._id;
  const batch = await call("POST", "/api/ai/bulk-batched", {
    csvId: smallId,
    connectionId: connection.data._id,
    rowsToProcess: BATCH_ROWS,
    prompt: "Write to {{First Name}} at {{Company}}",
    useCase: "content_creation",
  });
  const batchId = batch.data.batchId;
  const batchStatus = await waitFor(
    async () => {
      const { data } = await call("GET", `/api/ai/batch-status/${batchId}`);
      return ["completed", "failed", "cancelled"].includes(data.status) ? data : null;
    },
    { timeout: 120_000, interval: 500, what: `batch ${batchId} to finish`, watch: [server] },
  );
  const batchDoneAt = Date.now();
  log(`user verified; batch ${batchId} ${batchStatus.status} (${JSON.stringify(batchStatus.progress)})`);

  // ---- imports
  // What a user meets first: the first import after a fresh start, in one request (cold code, cold heap).
  let cold = null;
  if (singleBytes <= MAX_BODY_BYTES) {
    const coldPhase = memory.phase("import, one request, cold");
    const first = await call("POST", "/api/csv/import", singleBody.replace("-single.csv", "-cold.csv"));
    cold = { ms: first.ms, firstByteMs: first.firstByteMs, phase: coldPhase };
    await call("DELETE", `/api/csv/${first.data._id}`);
    log(
      `cold: first one-request import after the start, ${secs(first.ms)} (${fmt(ROWS / (first.ms / 1000))} rows/s), first byte after ${secs(first.firstByteMs)}; file deleted`,
    );
  }
  // A fresh server runs the import slower until its code is compiled and its heap has grown (as for the
  // endpoints below): the same rows are imported once in chunks, unmeasured, and that file is deleted.
  const warmPhase = memory.phase("import, chunked, warm-up");
  const warm = await chunkedImport(rows, `bench-${ROWS}-warm-up.csv`);
  await call("DELETE", `/api/csv/${warm.id}`);
  log(`warm-up: chunked import of ${fmt(ROWS)} rows in ${secs(warm.ms)}, not counted; file deleted`);
  const problems = [];
  const importPhase = memory.phase("import, chunked");
  const chunked = await chunkedImport(rows, `bench-${ROWS}-chunked.csv`);
  const { id: chunkedId, ms: chunkedMs, requests } = chunked;
  log(
    `chunked import: ${fmt(ROWS)} rows in ${requests} requests, ${secs(chunkedMs)} (${fmt(ROWS / (chunkedMs / 1000))} rows/s)`,
  );

  const singlePhase = memory.phase("import, one request");
  let singleMs = NaN;
  let singleId = null;
  if (singleBytes <= MAX_BODY_BYTES) {
    const single = await call("POST", "/api/csv/import", singleBody);
    singleMs = single.ms;
    singleId = single.data._id;
    log(`single-request import: ${secs(singleMs)} (${fmt(ROWS / (singleMs / 1000))} rows/s)`);
  } else {
    problems.push(`single-request import skipped: body ${(singleBytes / 1024 / 1024).toFixed(1)} MB > 32 MB`);
  }

  const readPhase = memory.phase("read-back");
  const back = await call("GET", `/api/csv/${chunkedId}`);
  const readMs = back.ms;
  if (back.data.rows?.length !== ROWS) problems.push(`read-back answered ${back.data.rows?.length} rows, not ${ROWS}`);
  log(
    `read-back: ${secs(readMs)} (${fmt(ROWS / (readMs / 1000))} rows/s, ${(back.responseBytes / 1024 / 1024).toFixed(1)} MB)`,
  );
  memory.phase("after imports");
  const afterImports = readStatus(pid);
  const list = await call("GET", "/api/csv");
  for (const id of [chunkedId, singleId].filter(Boolean)) {
    const f = list.data.find((x) => x._id === id);
    if (f?.rowCount !== ROWS) problems.push(`file ${id} lists rowCount ${f?.rowCount}, not ${ROWS}`);
  }

  let copy = null;
  if (PG) {
    copy = await copyBaseline(singleId ?? chunkedId, rows);
    if (copy.count !== ROWS) problems.push(`COPY stored ${copy.count} rows, not ${ROWS}`);
    log(`COPY of the same rows: ${secs(copy.ms)} (${fmt(ROWS / (copy.ms / 1000))} rows/s)`);
  }

  // ---- hot endpoints
  const sinceWait = 6_000 - (Date.now() - batchDoneAt);
  if (sinceWait > 0) await delay(sinceWait); // changes?since= looks 5 s back: let the batch's writes age out
  const smallFile = await call("GET", `/api/csv/${smallId}`);
  const changesPath = `/api/csv/${smallId}/changes?since=${encodeURIComponent(smallFile.data.serverTime)}`;
  const probe = await call("GET", changesPath);
  log(
    `changes probe: ${probe.data.rows.length} changed rows, reload ${probe.data.reload} (${probe.responseBytes} bytes)`,
  );
  const endpoints = [
    ["GET /api/health", "/api/health"],
    ["GET /api/ai/credits", "/api/ai/credits"],
    ["GET /api/auth/me", "/api/auth/me"],
    ["GET /api/csv/{id}/changes", changesPath],
    ["GET /api/ai/batch-status/{id}", `/api/ai/batch-status/${batchId}`],
    ["GET /api/health (again)", "/api/health"],
  ];
  // A fresh server runs slower until its code is warm: one unmeasured round over every endpoint first.
  for (const [, pathname] of endpoints.slice(0, -1)) await loadTest(pathname, { durationS: 1, warmupS: 1 });
  const hot = [];
  for (const [label, pathname] of endpoints) {
    memory.phase(label);
    const r = await loadTest(pathname);
    hot.push({ label, ...r });
    log(
      `${label.padEnd(30)} ${fmt(r.reqPerSec).padStart(6)} req/s  p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms${r.errorCount ? `  ERRORS ${JSON.stringify(Object.fromEntries(r.errors))}` : ""}`,
    );
  }
  const healthRuns = hot.filter((h) => h.label.startsWith("GET /api/health"));
  const baseline = {
    reqPerSec: healthRuns.reduce((a, h) => a + h.reqPerSec, 0) / healthRuns.length,
    p99: healthRuns.reduce((a, h) => a + h.p99, 0) / healthRuns.length,
  };

  // ---- pages
  const pages = [];
  if (!SKIP_PAGES) {
    memory.phase("pages");
    const { chromium } = await import("@playwright/test");
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
    const login = await call("POST", "/api/auth/login", { email, password: PASSWORD }, { token: "" });
    const cookies = sessionCookies(login.res.headers["set-cookie"] ?? [], origin);
    if (!cookies.some((c) => /session_token/.test(c.name))) problems.push("login answered no session cookie");
    for (const [pathname, signedIn] of [
      ["/login", false],
      ["/email-generator", true],
      ["/dashboard", true],
    ]) {
      const r = await pageWeight(pathname, signedIn ? cookies : [], origin);
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
    browser = null;
  }

  const phases = memory.stop();
  const final = readStatus(pid);
  const importPeak = Math.max(cold?.phase.peak ?? 0, warmPhase.peak, importPhase.peak, singlePhase.peak);

  // ---- summary
  const table = [];
  const row = (figure, value, goal, pass) =>
    table.push([figure, value, goal, pass === null ? "info" : pass ? "PASS" : "FAIL"]);
  row(
    "Idle RSS (next start)",
    mb(idle.rss),
    PG ? "(≤ 400 MB is the local-mode goal)" : `≤ ${GOALS.idleRssMb} MB`,
    PG ? null : idle.rss / 1024 <= GOALS.idleRssMb,
  );
  const copyRate = copy ? ROWS / (copy.ms / 1000) : NaN;
  for (const [label, ms] of [
    [`Import ${fmt(ROWS)} rows, ${requests} chunks`, chunkedMs],
    [`Import ${fmt(ROWS)} rows, 1 request`, singleMs],
  ]) {
    const rate = ROWS / (ms / 1000);
    if (!Number.isFinite(rate)) row(label, "skipped", "", false);
    else if (PG)
      row(
        label,
        `${fmt(rate)} rows/s = ${ratio(rate / copyRate)} x COPY`,
        `≥ ${GOALS.importVsCopy} x COPY`,
        rate / copyRate >= GOALS.importVsCopy,
      );
    else
      row(
        label,
        `${fmt(rate)} rows/s`,
        `≥ ${fmt(GOALS.importRowsPerSecLocal)} rows/s`,
        rate >= GOALS.importRowsPerSecLocal,
      );
  }
  if (PG)
    row(
      `COPY ${fmt(ROWS)} rows (scratch table, no FK)`,
      `${fmt(copyRate)} rows/s (${secs(copy.ms)})`,
      "baseline",
      null,
    );
  row(
    "Peak RSS during imports (sampled)",
    mb(importPeak),
    `≤ ${GOALS.peakRssMb} MB`,
    importPeak / 1024 <= GOALS.peakRssMb,
  );
  row("Peak RSS during the read-back (sampled)", mb(readPhase.peak), "", null);
  if (cold) {
    const coldRate = ROWS / (cold.ms / 1000);
    row(
      "Cold: first one-request import after the start",
      `${fmt(coldRate)} rows/s (${secs(cold.ms)}, first byte ${secs(cold.firstByteMs)})`,
      Number.isFinite(singleMs) ? `warm: ${fmt(ROWS / (singleMs / 1000))} rows/s` : "",
      null,
    );
  }
  row("VmHWM after imports (lifetime peak)", mb(afterImports?.hwm ?? 0), "", null);
  row(
    "VmHWM at the end (the whole run's peak)",
    mb(final?.hwm ?? 0),
    `≤ ${GOALS.peakRssMb} MB`,
    (final?.hwm ?? 0) / 1024 <= GOALS.peakRssMb,
  );
  const readRate = ROWS / (readMs / 1000);
  row(
    "Read-back GET /api/csv/{id}",
    `${fmt(readRate)} rows/s`,
    `≥ ${fmt(GOALS.readBackRowsPerSec)} rows/s`,
    readRate >= GOALS.readBackRowsPerSec,
  );
  row(
    "GET /api/health (baseline, mean of 2)",
    `${fmt(baseline.reqPerSec)} req/s, p99 ${baseline.p99.toFixed(1)} ms`,
    "baseline",
    null,
  );
  for (const h of hot) {
    if (h.label.startsWith("GET /api/health")) continue;
    const tp = h.reqPerSec / baseline.reqPerSec;
    const p99 = h.p99 / baseline.p99;
    const errs = h.errorCount ? ` (${h.errorCount} errors)` : "";
    row(
      `${h.label} req/s`,
      `${fmt(h.reqPerSec)} = ${ratio(tp)} x health${errs}`,
      `≥ ${GOALS.throughputRatio} x`,
      tp >= GOALS.throughputRatio && !h.errorCount,
    );
    row(
      `${h.label} p99`,
      `${h.p99.toFixed(1)} ms = ${ratio(p99)} x health`,
      `≤ ${GOALS.p99Ratio} x`,
      p99 <= GOALS.p99Ratio,
    );
  }
  for (const p of pages) {
    const goal = p.path === "/login" ? GOALS.loginKb : p.path === "/email-generator" ? GOALS.generatorKb : null;
    row(
      `First-load JS ${p.path}`,
      p.status === 200 ? `${kib(p.encoded)} (${p.files} files)` : `answered ${p.status}`,
      goal ? `≤ ${goal} KB` : "",
      goal ? p.status === 200 && p.encoded / 1024 <= goal : null,
    );
  }

  const widths = [0, 1, 2, 3].map((i) =>
    Math.max(...table.map((r) => r[i].length), ["Figure", "Value", "Goal", ""][i].length),
  );
  const line = (cells) => cells.map((c, i) => c.padEnd(widths[i])).join("  ");
  const out = [
    "",
    `==================== bench:api — ${PG ? `PostgreSQL (${DB_NAME})` : "local mode (PGlite)"} ====================`,
    `${fmt(ROWS)} rows x ${COLUMNS.length} columns (${(singleBytes / 1024 / 1024).toFixed(1)} MB JSON); hot endpoints: ${CONNECTIONS} keep-alive connections, ${WARMUP_S} s warm-up + ${DURATION_S} s each; server start ${secs(startMs)}`,
    "",
    line(["Figure", "Value", "Goal", ""]),
    line(widths.map((w) => "-".repeat(w))),
    ...table.map(line),
    "",
    "Hot endpoints (all runs):",
    ...hot.map(
      (h) =>
        `  ${h.label.padEnd(30)} ${fmt(h.reqPerSec).padStart(6)} req/s  p50 ${h.p50.toFixed(1).padStart(6)} ms  p99 ${h.p99.toFixed(1).padStart(6)} ms  errors ${h.errorCount ? JSON.stringify(Object.fromEntries(h.errors)) : 0}`,
    ),
    ...(pages.length
      ? [
          "Pages (encoded = transfer size of the script bodies; by load = before the load event):",
          ...pages.map(
            (p) =>
              `  ${p.path.padEnd(16)} ${kib(p.encoded).padStart(9)} encoded, ${kib(p.encodedByLoad).padStart(9)} by load, ${kib(p.decoded).padStart(9)} decoded, ${p.files} files; ${p.encodings}`,
          ),
        ]
      : []),
    "Server memory per phase (VmRSS at start / sampled peak; VmHWM, the lifetime peak, at the phase's end):",
    ...phases.map(
      (p) =>
        `  ${p.name.padEnd(30)} ${mb(p.start).padStart(9)} / ${mb(p.peak).padStart(9)}; VmHWM ${mb(p.hwm).padStart(9)}`,
    ),
    `  at end: RSS ${mb(final?.rss ?? 0)}, VmHWM ${mb(final?.hwm ?? 0)}`,
    ...(problems.length ? ["Problems:", ...problems.map((p) => `  - ${p}`)] : []),
    `Total time ${secs(performance.now() - t0)}`,
    "=".repeat(60),
  ];
  console.log(out.join("\n"));

  if (KEEP) {
    log(`--keep: server at ${origin} (user ${email} / ${PASSWORD}, token ${authToken}); Ctrl-C stops and cleans up`);
    await new Promise(() => undefined);
  }
}

let broke = false;
try {
  await main();
} catch (error) {
  broke = true;
  console.error(`[bench:api] FAILED: ${error.stack ?? error}`);
} finally {
  await cleanup();
}
process.exit(broke ? 1 : 0);
