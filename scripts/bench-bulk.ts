// `npm run bench:bulk`: throughput of the bulk-generation worker against the fake AI provider.
//
//   tsx --conditions=react-server scripts/bench-bulk.ts
//
// The fake answers after BENCH_LATENCY_MS (default 2000) and allows BENCH_RATE_LIMIT (default 500)
// requests per key per minute (sliding window; 429 + retry-after beyond it). For each mode a fresh
// lifetime user, OpenAI connection and BENCH_ROWS-row CSV (default 1000) are created through the
// services, a batch is started (startBatch) and run by the real worker (runBatch):
//   adaptive  default AIMD concurrency, at most GENERATION_CONCURRENCY (default 32)
//   fixed-5   fixedConcurrency: 5, for comparison (≈ 0.3 of the limit at 2 s latency; ~400 s for 1,000 rows)
// BENCH_MODES=adaptive skips the comparison. Checks: every row generated exactly once, credits used ==
// rows (nothing refunded, nothing charged twice), no row lost. Exit code 1 when a check fails or the
// adaptive run stays below BENCH_TARGET (default 0.9) of the provider limit.
// Local mode (no DATABASE_URL): an in-memory embedded database.
import { randomBytes, randomUUID } from "node:crypto";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { startFakeProvider, type FakeProviderHandle } from "../tests/fakes/ai-provider";

const e = process.env;
const ROWS = Number(e.BENCH_ROWS ?? 1000);
const LATENCY_MS = Number(e.BENCH_LATENCY_MS ?? 2000);
const LIMIT = Number(e.BENCH_RATE_LIMIT ?? 500);
const TARGET = Number(e.BENCH_TARGET ?? 0.9);
const MODES = (e.BENCH_MODES ?? "adaptive,fixed-5").split(",").map((m) => m.trim()).filter(Boolean);

if (!e.DATABASE_URL?.trim()) e.DATA_DIR = "memory";
else {
  e.MAIL_DRIVER ||= "outbox";
  e.PAYMENTS_DRIVER ||= "test";
}
e.AUTH_SECRET ||= `bench-${randomBytes(24).toString("hex")}`;
e.ENCRYPTION_KEY ||= randomBytes(32).toString("hex");
e.GENERATION_CONCURRENCY ||= "32";

const fake: FakeProviderHandle = await startFakeProvider({ latencyMs: LATENCY_MS, rateLimitPerMinute: LIMIT, maxRecorded: ROWS * 20 });
e.OPENAI_BASE_URL = fake.openaiBaseUrl;
e.ANTHROPIC_BASE_URL = fake.anthropicBaseUrl;

// App modules read the environment lazily: import them only now.
const { eq } = await import("drizzle-orm");
const { closeDatabase, db, migrateDatabase } = await import("@/lib/db");
const { batchItems, users } = await import("@/lib/db/schema");
const { env } = await import("@/lib/env");
const { createConnection } = await import("@/lib/services/connections/connections");
const { getCsvFile, importCsv } = await import("@/lib/services/csv/csv-files");
const { getCredits } = await import("@/lib/services/credits/credits");
const { getBatchStatus } = await import("@/lib/services/generation/batch-control");
const { runBatch } = await import("@/lib/services/generation/run-batch");
const { startBatch } = await import("@/lib/services/generation/start-batch");

interface Result {
  mode: string;
  rows: number;
  wallS: number;
  rowsPerMin: number;
  ratio: number;
  idealS: number;
  rateLimited: number;
  failed: number;
  maxInFlight: number;
  problems: string[];
}

/** Best possible wall time: an oracle client that starts a request whenever the window and the cap allow. */
function idealSeconds(rows: number, cap: number): number {
  const starts: number[] = [];
  const ends: number[] = [];
  let t = 0;
  while (starts.length < rows) {
    const inFlight = ends.filter((x) => x > t).length;
    const windowOpen = starts.length >= LIMIT ? starts[starts.length - LIMIT]! + 60_000 : 0;
    if (inFlight < cap && t >= windowOpen) {
      starts.push(t);
      ends.push(t + LATENCY_MS);
      continue;
    }
    const waits = [windowOpen];
    if (inFlight >= cap) waits.push(Math.min(...ends.filter((x) => x > t)));
    t = Math.max(t, ...waits);
  }
  return Math.max(...ends) / 1000;
}

async function benchUser() {
  const id = randomUUID();
  await db.insert(users).values({ id, name: "Bench", email: `bench-${id}@example.test`, emailVerified: true, subscription: "lifetime" });
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user!;
}

async function runMode(mode: string): Promise<Result> {
  fake.reset();
  const user = await benchUser();
  const conn = await createConnection(user.id, { name: "bench", provider: "OpenAI", apiKey: `sk-valid-bench-${randomBytes(6).toString("hex")}` });
  const rows = Array.from({ length: ROWS }, (_, i) => ({ "First Name": `Person${i}`, Company: `Company${i}`, Website: `https://c${i}.example` }));
  const file = (await importCsv(user.id, { fileName: "bench.csv", rows })) as { _id: string };
  const { batchId, total } = await startBatch(user, {
    csvId: file._id,
    prompt: "Row {{First Name}}: write a short cold email to {{First Name}} at {{Company}} ({{Website}}).",
    connectionId: conn._id,
    model: "gpt-4o-mini",
    useCase: "content_creation",
    rowsToProcess: ROWS,
  });
  const fixed = /^fixed-(\d+)$/.exec(mode);
  const cap = fixed ? Number(fixed[1]) : env().generationConcurrency;

  const t0 = Date.now();
  let lastOk = 0;
  const lag = monitorEventLoopDelay({ resolution: 20 });
  lag.enable();
  const timeline = setInterval(() => {
    const s = fake.stats;
    const ok = s.calls.filter((c) => c.status === 200).length;
    const t = (Date.now() - t0) / 1000;
    const lagMs = lag.max / 1e6;
    lag.reset();
    console.log(`  [${mode}] t=${t.toFixed(0).padStart(4)}s in-flight=${String(s.inFlight).padStart(2)} done=${String(ok).padStart(5)} (+${ok - lastOk}/10s) 429s=${s.rateLimited} event-loop lag max=${lagMs.toFixed(0)}ms`);
    lastOk = ok;
  }, 10_000);
  const outcome = await runBatch(batchId, { workerId: `bench-${mode}`, ...(fixed ? { fixedConcurrency: cap } : {}) });
  clearInterval(timeline);
  lag.disable();
  const wallS = (Date.now() - t0) / 1000;

  const problems: string[] = [];
  const status = await getBatchStatus(user.id, batchId);
  if (outcome !== "done" || status.status !== "completed") problems.push(`batch ended ${outcome}/${status.status}${status.error ? `: ${status.error}` : ""}`);
  if (status.progress.processed !== total) problems.push(`processed ${status.progress.processed} of ${total}`);
  const csv = await getCsvFile(user.id, file._id);
  const perRow = new Map<number, number>();
  for (const c of fake.stats.calls) {
    const row = /^Row Person(\d+):/.exec(c.prompt);
    if (c.status === 200 && row) perRow.set(Number(row[1]), (perRow.get(Number(row[1])) ?? 0) + 1);
  }
  let missing = 0;
  let twice = 0;
  csv.rows.forEach((row, i) => {
    if (!(row["Subject Line"] ?? "").includes(`Row Person${i}:`) || !row["AI Response"]) missing++;
    if ((perRow.get(i) ?? 0) !== 1) twice++;
  });
  if (csv.rows.length !== ROWS) problems.push(`CSV has ${csv.rows.length} rows, expected ${ROWS}`);
  if (missing) problems.push(`${missing} rows without their generated subject (lost)`);
  if (twice) problems.push(`${twice} rows not generated exactly once by the provider`);
  const used = (await getCredits(user)).credits.used;
  if (used !== ROWS) problems.push(`credits used ${used}, expected ${ROWS}`);
  const items = await db.select({ status: batchItems.status, error: batchItems.error }).from(batchItems).where(eq(batchItems.batchId, batchId));
  const notDone = items.filter((i) => i.status !== "done");
  if (notDone.length) problems.push(`${notDone.length} batch items not done`);
  const errors = new Map<string, number>();
  for (const i of notDone) errors.set(`${i.status}: ${i.error ?? "-"}`, (errors.get(`${i.status}: ${i.error ?? "-"}`) ?? 0) + 1);
  for (const [error, n] of errors) problems.push(`${n} × ${error}`);

  const rowsPerMin = (ROWS / wallS) * 60;
  return {
    mode: fixed ? mode : `adaptive (max ${cap})`,
    rows: ROWS,
    wallS,
    rowsPerMin,
    ratio: rowsPerMin / LIMIT,
    idealS: idealSeconds(ROWS, cap),
    rateLimited: fake.stats.rateLimited,
    failed: status.failed,
    maxInFlight: fake.stats.maxInFlight,
    problems,
  };
}

console.log(`bench:bulk: ${ROWS} rows, fake provider latency ${LATENCY_MS} ms, limit ${LIMIT} requests/min per key, modes ${MODES.join(", ")}`);
await migrateDatabase();
const results: Result[] = [];
for (const mode of MODES) {
  console.log(`\n▶ ${mode}`);
  results.push(await runMode(mode));
}

const header = ["mode", "rows", "wall s", "rows/min", "limit/min", "ratio", "ideal s", "vs ideal", "429s", "failed", "max in-flight", "checks"];
const table = results.map((r) => [
  r.mode,
  String(r.rows),
  r.wallS.toFixed(1),
  r.rowsPerMin.toFixed(0),
  String(LIMIT),
  r.ratio.toFixed(2),
  r.idealS.toFixed(1),
  `${((r.idealS / r.wallS) * 100).toFixed(0)}%`,
  String(r.rateLimited),
  String(r.failed),
  String(r.maxInFlight),
  r.problems.length ? "FAIL" : "ok",
]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
console.log(`\n${line(header)}\n|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
for (const row of table) console.log(line(row));

let exit = 0;
for (const r of results) {
  for (const p of r.problems) {
    console.log(`✗ ${r.mode}: ${p}`);
    exit = 1;
  }
  if (!r.problems.length) console.log(`✓ ${r.mode}: every row generated exactly once, credits used == ${r.rows}, no row lost`);
}
const adaptive = results.find((r) => r.mode.startsWith("adaptive"));
if (adaptive) {
  const ok = adaptive.ratio >= TARGET;
  console.log(`${ok ? "✓" : "✗"} adaptive throughput ${adaptive.ratio.toFixed(2)} × the provider limit (target ≥ ${TARGET})`);
  if (!ok) exit = 1;
}
await fake.close();
await closeDatabase();
process.exit(exit);
