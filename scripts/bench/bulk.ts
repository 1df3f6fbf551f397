// `npm run bench:bulk`: throughput of the bulk-generation worker against the fake AI provider.
//
//   tsx --conditions=react-server scripts/bench/bulk.ts
//
// The fake answers after BENCH_LATENCY_MS (default 2000) and limits each key as the real APIs do: a bucket of
// BENCH_RATE_LIMIT (default 240) requests per minute refilled continuously, optionally a tokens-per-minute bucket
// (input + output cap per request, at admission), with rate-limit headers on every answer. Each scenario gets a fresh
// lifetime user and connection of the path's provider with a fresh key, and runs real batches
// (startBatch) with the real worker (runBatch):
//   single   one BENCH_ROWS-row batch (default 600); goal ≥ 0.98 of what the key allows
//   two      two BENCH_ROWS/2-row batches at once on one key, as two workers; goal together ≥ 0.95 of what the key
//            allows, 429s ≤ single's + 1 % of the rows
//   fair     a 570-row list, and a 30-row list started beside it once the key's bucket is drained
//            (BENCH_FAIR_ROWS=570,30); goal: the small list finishes within 1.2 × its fair share (half the key)
//   tokens   a BENCH_TOKEN_ROWS-row batch (default 600) on a key of 600 requests/min whose tokens bind first: its
//            tokens per minute allow about BENCH_TOKEN_ROWS_PER_MIN rows (default 200) at what a call costs (measured
//            on the trial batch). OpenAI: one bucket, input + output cap at admission, output counted when the call
//            ends if no cap was named, web-search input at the end. Anthropic: the output-token bucket binds
//            (max_tokens at the start), input tokens apart, remaining counts rounded to the nearest thousand.
//            Goal ≥ 0.95 of what the key allows, 429s < 1 % of the rows
//   fixed-N  one batch at a fixed concurrency N, no pacer (comparison; not in the default run)
// "What the key allows" is the wall time of an oracle client that starts a request whenever the key's buckets and
// the in-flight cap allow (scripts/bench/bulk-ideal.ts). Before each scenario a 10-row trial batch on the same user and
// prompt feeds the estimate (POST /api/ai/estimate), printed beside the provider-reported usage of the scenario's
// first batch (goal: cost within 35 %). Checks: every row generated exactly once, credits used == rows, no row lost.
// BENCH_MODES=single,two,fair,tokens (default) picks scenarios; BENCH_PATHS the paths they run on, each a provider
// and a use case (default all four: openai-research, openai-content, anthropic-research, anthropic-content) — web
// research goes through OpenAI's Responses API with its search tool, content creation through Chat Completions.
// Exit code 1 when a check or a goal fails.
// Local mode (no DATABASE_URL): an in-memory embedded database.
import { randomBytes } from "node:crypto";
import { benchUserId, inProcessEnv } from "./in-process";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { startFakeProvider, type FakeProviderHandle } from "../../tests/fakes/ai-provider";
import { idealSeconds, type KeyModel } from "./bulk-ideal";
import { printReport, scenarioGoals, type BatchRun, type Result } from "./bulk-report";

const e = process.env;
const ROWS = Number(e.BENCH_ROWS ?? 600);
const LATENCY_MS = Number(e.BENCH_LATENCY_MS ?? 2000);
const LIMIT = Number(e.BENCH_RATE_LIMIT ?? 240);
const TOKEN_RPM = 600;
const TOKEN_ROWS_PER_MIN = Number(e.BENCH_TOKEN_ROWS_PER_MIN ?? 200);
const TOKEN_ROWS = Number(e.BENCH_TOKEN_ROWS ?? 600);
const [FAIR_BIG, FAIR_SMALL] = (e.BENCH_FAIR_ROWS ?? "570,30").split(",").map(Number) as [number, number];
interface BenchPath {
  name: string;
  provider: "OpenAI" | "Anthropic";
  model: string;
  useCase: "web_research" | "content_creation";
}
const ALL_PATHS: BenchPath[] = [
  { name: "openai-research", provider: "OpenAI", model: "gpt-4o-mini", useCase: "web_research" },
  { name: "openai-content", provider: "OpenAI", model: "gpt-4o-mini", useCase: "content_creation" },
  { name: "anthropic-research", provider: "Anthropic", model: "claude-haiku-4-5-20251001", useCase: "web_research" },
  { name: "anthropic-content", provider: "Anthropic", model: "claude-haiku-4-5-20251001", useCase: "content_creation" },
];
const list = (text: string) =>
  text
    .split(",")
    .map((m) => m.trim())
    .filter(Boolean);
const MODES = list(e.BENCH_MODES ?? "single,two,fair,tokens");
const PATHS = list(e.BENCH_PATHS ?? ALL_PATHS.map((p) => p.name).join(",")).map((name) => {
  const path = ALL_PATHS.find((p) => p.name === name);
  if (!path) throw new Error(`BENCH_PATHS: unknown path ${name} (${ALL_PATHS.map((p) => p.name).join(", ")})`);
  return path;
});
/** The output cap of the newest generation request (Anthropic's output bucket is charged it at the start). */
let lastOutputCap = 0;

inProcessEnv();
e.GENERATION_CONCURRENCY ||= "32";

const fake: FakeProviderHandle = await startFakeProvider({
  latencyMs: LATENCY_MS,
  rateLimitPerMinute: LIMIT,
  rateLimitAlgorithm: "token-bucket",
  maxRecorded: (ROWS + FAIR_BIG + FAIR_SMALL) * 20,
  onRequest: (info) => {
    const cap = info.body?.max_tokens ?? info.body?.max_output_tokens ?? info.body?.max_completion_tokens;
    if (typeof cap === "number") lastOutputCap = cap;
  },
});
e.OPENAI_BASE_URL = fake.openaiBaseUrl;
e.ANTHROPIC_BASE_URL = fake.anthropicBaseUrl;

// App modules read the environment lazily: import them only now.
const { eq } = await import("drizzle-orm");
const { closeDatabase, db, migrateDatabase } = await import("@/lib/db");
const { batchItems, users } = await import("@/lib/db/schema");
const { env } = await import("@/lib/env");
const { createConnection } = await import("@/lib/services/connections/connections");
const { getCsvFile } = await import("@/lib/services/csv/csv-files");
const { importCsv } = await import("@/lib/services/csv/csv-import");
const { getCredits } = await import("@/lib/services/credits/credits");
const { getBatchStatus } = await import("@/lib/services/generation/batch-control");
const { runBatch } = await import("@/lib/services/generation/run-batch");
const { startBatch } = await import("@/lib/services/generation/start-batch");
const { estimateRun } = await import("@/lib/services/usage/estimate");
const { costOfUsage } = await import("@/lib/ai/usage");

async function benchUser() {
  const id = await benchUserId();
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user!;
}

type User = Awaited<ReturnType<typeof benchUser>>;
const PROMPT = "Row {{First Name}}: write a short cold email to {{First Name}} at {{Company}} ({{Website}}).";

function csvRows(tag: string, n: number) {
  return Array.from({ length: n }, (_, i) => ({
    "First Name": `${tag}x${i}`,
    Company: `Company${i}`,
    Website: `https://c${i}.example`,
  }));
}

/**
 * Every row generated exactly once by the provider (`callsPerRow` calls: Anthropic's web research asks for the
 * email in a follow-up turn), written to its CSV row, no batch item left.
 */
async function checkBatch(
  user: User,
  batchId: string,
  fileId: string,
  spec: { tag: string; rows: number },
  callsPerRow: number,
): Promise<string[]> {
  const { tag, rows } = spec;
  const problems: string[] = [];
  const status = await getBatchStatus(user.id, batchId);
  if (status.status !== "completed") problems.push(`${tag}: batch ended ${status.status} ${status.error ?? ""}`);
  if (status.progress.processed !== rows) problems.push(`${tag}: processed ${status.progress.processed} of ${rows}`);
  const perRow = new Map<string, number>();
  for (const c of fake.stats.calls) {
    const name = /^Row (\S+):/.exec(c.prompt)?.[1];
    if (c.status === 200 && name) perRow.set(name, (perRow.get(name) ?? 0) + 1);
  }
  const csv = await getCsvFile(user.id, fileId);
  let missing = 0;
  let twice = 0;
  csv.rows.forEach((row, i) => {
    if (!(row["Subject Line"] ?? "").includes(`Row ${tag}x${i}:`) || !row["AI Response"]) missing++;
    if ((perRow.get(`${tag}x${i}`) ?? 0) !== callsPerRow) twice++;
  });
  if (csv.rows.length !== rows) problems.push(`${tag}: CSV has ${csv.rows.length} rows, expected ${rows}`);
  if (missing) problems.push(`${tag}: ${missing} rows without their generated subject (lost)`);
  if (twice) problems.push(`${tag}: ${twice} rows not generated exactly once by the provider`);
  const items = await db
    .select({ status: batchItems.status, error: batchItems.error })
    .from(batchItems)
    .where(eq(batchItems.batchId, batchId));
  const errors = new Map<string, number>();
  for (const i of items.filter((x) => x.status !== "done"))
    errors.set(`${i.status}: ${i.error ?? "-"}`, (errors.get(`${i.status}: ${i.error ?? "-"}`) ?? 0) + 1);
  for (const [error, n] of errors) problems.push(`${tag}: ${n} × ${error}`);
  return problems;
}

const resultsByMode = new Map<string, Result>();

type Limits = Parameters<FakeProviderHandle["setOptions"]>[0];
const BOUNDLESS = 1e9;

/**
 * The token scenario's limits, sized from what the trial's calls cost: about TOKEN_ROWS_PER_MIN rows a minute.
 * OpenAI: its one bucket (input + output cap). Anthropic: the output bucket binds; input tokens have room.
 */
function tokenLimits(path: BenchPath, trialCalls: Array<{ tokens: number }>, cap: number): Limits {
  const perCall = trialCalls.reduce((sum, c) => sum + c.tokens, 0) / Math.max(1, trialCalls.length);
  const base = { rateLimitPerMinute: TOKEN_RPM, rateLimitAlgorithm: "token-bucket" as const };
  if (path.provider === "OpenAI") return { ...base, tokenLimitPerMinute: Math.round(perCall * TOKEN_ROWS_PER_MIN) };
  return {
    ...base,
    inputTokenLimitPerMinute: Math.round((perCall - cap) * TOKEN_ROWS_PER_MIN * 3),
    outputTokenLimitPerMinute: Math.round(cap * TOKEN_ROWS_PER_MIN),
  };
}

async function runMode(path: BenchPath, mode: string): Promise<Result> {
  const single = resultsByMode.get(`${path.name}/single`);
  const fixed = /^fixed-(\d+)$/.exec(mode);
  const specs =
    mode === "two"
      ? [
          { tag: "A", rows: Math.ceil(ROWS / 2) },
          { tag: "B", rows: Math.floor(ROWS / 2) },
        ]
      : mode === "fair"
        ? [
            { tag: "Big", rows: FAIR_BIG },
            { tag: "Small", rows: FAIR_SMALL, whenDrained: true },
          ]
        : [{ tag: "P", rows: mode === "tokens" ? TOKEN_ROWS : ROWS }];
  const tokens = mode === "tokens";
  const rpm = tokens ? TOKEN_RPM : LIMIT;
  // The token scenario's trial runs with boundless token buckets, so that what its calls cost is counted.
  let limits: Limits = {
    rateLimitPerMinute: rpm,
    rateLimitAlgorithm: "token-bucket",
    ...(tokens ? { tokenLimitPerMinute: BOUNDLESS, outputTokenLimitPerMinute: BOUNDLESS } : { tokenLimitPerMinute: 0 }),
  };
  fake.reset();
  fake.setOptions(limits);
  const user = await benchUser();
  const newConnection = (name: string) => {
    const apiKey = `${path.provider === "Anthropic" ? "sk-ant-valid" : "sk-valid"}-bench-${randomBytes(6).toString("hex")}`;
    return createConnection(user.id, { name, provider: path.provider, apiKey });
  };
  let conn = await newConnection("bench");
  const files: string[] = [];
  for (const s of specs) {
    const file = (await importCsv(user.id, { fileName: `${s.tag}.csv`, rows: csvRows(s.tag, s.rows) })) as {
      _id: string;
    };
    files.push(file._id);
  }
  const payload = (csvId: string, rows: number) => ({
    csvId,
    prompt: PROMPT,
    connectionId: conn._id,
    model: path.model,
    useCase: path.useCase,
    rowsToProcess: rows,
  });
  // As a user would: try the prompt on a few rows first (their output sizes feed the estimate), then look at what
  // the Save menu shows for the whole run (POST /api/ai/estimate), compared below with the provider-reported usage.
  const trial = (await importCsv(user.id, { fileName: "trial.csv", rows: csvRows("T", 10) })) as { _id: string };
  const trialBatch = await startBatch(user, payload(trial._id, 10));
  await runBatch(trialBatch.batchId, { workerId: `bench-${mode}-trial`, ...(fixed ? { fixedConcurrency: 5 } : {}) });
  const estimate = await estimateRun(user, payload(files[0]!, specs[0]!.rows));
  const outputCap = lastOutputCap;
  if (tokens)
    limits = tokenLimits(
      path,
      fake.stats.calls.filter((c) => c.status === 200),
      outputCap,
    );
  // The trial used the key: start from a full bucket, and wait until the pacer's share of it is back too. The token
  // scenario's key is a new one, limited from its first call (as the user's key would be): the trial's key had
  // boundless token buckets, and a pacer learning a new limit with 32 requests out is another scenario.
  if (tokens) conn = await newConnection("bench-tokens");
  else await new Promise((r) => setTimeout(r, (10 * 60_000) / rpm));
  fake.reset();
  fake.setOptions(limits);
  const cap = fixed ? Number(fixed[1]) : env().generationConcurrency;

  // Lists started together are created before the clock starts (as a single batch always was).
  const ids: string[] = [];
  for (const [i, s] of specs.entries())
    if (!("whenDrained" in s)) ids[i] = (await startBatch(user, payload(files[i]!, s.rows))).batchId;
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
    console.log(
      `  [${mode}] t=${t.toFixed(0).padStart(4)}s in-flight=${String(s.inFlight).padStart(2)} done=${String(ok).padStart(5)} (+${ok - lastOk}/10s) 429s=${s.rateLimited} event-loop lag max=${lagMs.toFixed(0)}ms`,
    );
    lastOk = ok;
  }, 10_000);
  const batches: BatchRun[] = [];
  const runs = specs.map(async (s, i) => {
    if ("whenDrained" in s && s.whenDrained) {
      // Beside a list that has drained the key's bucket (its burst and the refill during the burst): from now on
      // the key runs at its limit and is shared.
      while (fake.stats.calls.filter((c) => c.status === 200).length < LIMIT * 1.3)
        await new Promise((r) => setTimeout(r, 100));
    }
    ids[i] ??= (await startBatch(user, payload(files[i]!, s.rows))).batchId;
    const batchId = ids[i];
    const start = Date.now();
    const outcome = await runBatch(batchId, {
      workerId: `bench-${mode}-${s.tag}`,
      ...(fixed ? { fixedConcurrency: cap } : {}),
    });
    batches[i] = { rows: s.rows, startS: (start - t0) / 1000, wallS: (Date.now() - start) / 1000 };
    return outcome;
  });
  const outcomes = await Promise.all(runs);
  clearInterval(timeline);
  lag.disable();
  const wallS = (Date.now() - t0) / 1000;

  const problems: string[] = [];
  outcomes.forEach((o, i) => o !== "done" && problems.push(`${specs[i]!.tag}: run ended ${o}`));
  const callsPerRow = path.provider === "Anthropic" && path.useCase === "web_research" ? 2 : 1;
  for (const [i, s] of specs.entries()) problems.push(...(await checkBatch(user, ids[i]!, files[i]!, s, callsPerRow)));
  const rows = specs.reduce((sum, s) => sum + s.rows, 0);
  const used = (await getCredits(user)).credits.used - 10;
  if (used !== rows) problems.push(`credits used ${used}, expected ${rows}`);
  const okCalls = fake.stats.calls.filter((c) => c.status === 200);
  // The binding token bucket and what a call costs in it: OpenAI's one bucket (what the fake counted), else
  // Anthropic's output bucket (the output cap).
  const outputBound = Boolean(limits.outputTokenLimitPerMinute) && path.provider === "Anthropic";
  const tpm = outputBound ? limits.outputTokenLimitPerMinute! : (limits.tokenLimitPerMinute ?? 0);
  const tokensPerRequest = outputBound
    ? outputCap
    : okCalls.reduce((sum, c) => sum + c.tokens, 0) / Math.max(1, okCalls.length);
  const key: KeyModel = {
    rpm,
    tpm,
    tokensPerRequest,
    algorithm: "token-bucket",
    latencyMs: LATENCY_MS,
    cap: cap * specs.length,
  };
  // Every call the provider answered (a research row on Anthropic can take two: its follow-up turn).
  const idealS = idealSeconds(okCalls.length, key);
  const statuses = await Promise.all(ids.map((id) => getBatchStatus(user.id, id)));
  const first = statuses[0]!;
  const rateLimited = fake.stats.rateLimited;
  const ofKey = idealS / wallS;
  const goals = scenarioGoals(mode, {
    path: path.name,
    ofKey,
    rows,
    rateLimited,
    singleRateLimited: single?.rateLimited,
    small: batches[1],
    tpm,
    rpm,
    tokensPerRequest,
    outputBound,
    limit: LIMIT,
    fairRows: [FAIR_BIG, FAIR_SMALL],
    latencyMs: LATENCY_MS,
  });
  return {
    mode: `${path.name}/${mode}`,
    model: path.model,
    batches,
    rows,
    wallS,
    rpm,
    tpm,
    idealS,
    ofKey,
    rateLimited,
    failed: statuses.reduce((sum, s) => sum + s.failed, 0),
    maxInFlight: fake.stats.maxInFlight,
    tokensPerRequest,
    problems,
    goals,
    estimate: {
      inputTokens: estimate.inputTokens,
      outputTokens: estimate.outputTokens,
      costUsd: estimate.costUsd?.expected ?? null,
      durationS: estimate.durationSeconds,
    },
    actual: {
      inputTokens: first.usage.inputTokens,
      outputTokens: first.usage.outputTokens,
      cachedInputTokens: first.usage.cachedInputTokens,
      costUsd: first.usage.costUsd,
      rows: specs[0]!.rows,
    },
  };
}

console.log(
  `bench:bulk: fake providers, latency ${LATENCY_MS} ms, ${LIMIT} requests/min per key (token bucket, headers on every ` +
    `answer), scenarios ${MODES.join(", ")} on ${PATHS.map((p) => `${p.name} (${p.model})`).join(", ")}`,
);
await migrateDatabase();
const results: Result[] = [];
for (const path of PATHS) {
  for (const mode of MODES) {
    console.log(`\n▶ ${path.name}/${mode}`);
    const r = await runMode(path, mode);
    resultsByMode.set(r.mode, r);
    results.push(r);
  }
}

const exit = printReport(results, costOfUsage);
await fake.close();
await closeDatabase();
process.exit(exit);
