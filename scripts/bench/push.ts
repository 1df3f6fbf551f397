// `npm run bench:push`: pushing generated rows into a campaign of each fake sending tool at its documented limit.
//
//   tsx --conditions=react-server scripts/bench/push.ts
//
// For each tool of BENCH_TOOLS (default instantly,smartlead,lemlist): a fresh user, key and campaign in the fake
// (tests/fakes/sending-tools.ts), its documented limits left as they are (Instantly 100 calls/s and 6,000/min for the
// workspace, 1,000 leads a call; Smartlead 10/s and 60/min per key, 400 leads a call; lemlist 20 per 2 s per key, one
// lead a call), the connection made as the app makes it (its key check is one call), a file of BENCH_ROWS generated
// rows (default 5,000, every one pushable), then createPush and runPush: the real job code as the worker runs it.
// Before any measured push, each tool gets an unmeasured 10-row push at no latency (pg-boss started, code compiled).
// Latency model: every answer of a tool comes after BENCH_LATENCY_MS (default 20) + BENCH_LATENCY_PER_LEAD_MS
// (default 1) × the leads of a full call (the fake's setLatency is one figure per tool, so the campaign-list read and
// a last, shorter call wait as long): Instantly 1,020 ms, Smartlead 420 ms, lemlist 21 ms.
// Figures, per push:
//   measured s        from createPush's call to runPush's "done" (planning, the campaign-list read, the receipts'
//                     insert, every call and its recorded answer)
//   oracle s          what the documented limit allows: an oracle client (push-ideal.ts) making the push's calls (the
//                     campaign-list read, then one add-lead call per full batch) one after another, each started as
//                     soon as the previous answer and the tool's sliding windows allow (the key check made before
//                     the push still fills them), each taking the latency above
//   share             oracle s / measured s; goal ≥ 0.9 per tool (the "push" runs)
//   leads/min         rows / measured time; "oracle leads/min" the same over the oracle's time; "limit leads/min" the
//                     limit's own ceiling for reference: calls its tightest window allows a minute × leads a call
//   429s              the tool's 429 answers to this key; goal: none after the first (at most one)
//   where time went   creation (createPush); per add-lead call, means: the job between two calls (recording the
//                     previous answer, the lease, reading the next pending rows), pacer + send (the pacer's
//                     reservation and its wait, until the fake received the call), the answer's read after the
//                     latency; finishing (the last answer's record to "done"); send → arrival (the app's fetch to
//                     the fake's arrival time) and the longest event-loop stall; for each 429, the window it fell in
//                     and how late its oldest call and it arrived after their sends
// Checks per push: the push completed, pushed == rows; every lead sent once (in exactly one admitted add-lead call)
// and received once (the campaign's leads in the fake: unique, == rows, the file's addresses); every row's receipt
// is "pushed", none pending.
// BENCH_RESTART=1 (default; 0 turns it off) adds a "restart" run per tool: the same size to a new key and campaign,
// its runPush given an AbortSignal aborted once half of the rows have gone out (the call in flight is still recorded,
// then the worker stops: "yielded"), then runPush by another worker until done; the same checks, and the leads the
// tool reported as already there (the push's providerSkipped; 0 expected: the stopped worker recorded its last call).
// Exit code 1 when a check or a goal fails. Local mode (no DATABASE_URL): an in-memory embedded database.
import { randomBytes } from "node:crypto";
import { benchUserId, inProcessEnv } from "./in-process";
import { monitorEventLoopDelay } from "node:perf_hooks";
import {
  INSTANTLY_LIMITS,
  LEMLIST_LIMITS,
  SMARTLEAD_LIMITS,
  startFakeSendingTools,
} from "../../tests/fakes/sending-tools";
import { ceilingPerMinute, oracleMs } from "./push-ideal";
import { madeWith, printPushReport, sentEmails, timeSplit, why429s, type PushRun, type Timing } from "./push-report";

const e = process.env;
const ROWS = Number(e.BENCH_ROWS ?? 5000);
const LATENCY_MS = Number(e.BENCH_LATENCY_MS ?? 20);
const PER_LEAD_MS = Number(e.BENCH_LATENCY_PER_LEAD_MS ?? 1);
const RESTART = (e.BENCH_RESTART ?? "1") !== "0";
const DOCUMENTED = { instantly: INSTANTLY_LIMITS, smartlead: SMARTLEAD_LIMITS, lemlist: LEMLIST_LIMITS };
type Tool = keyof typeof DOCUMENTED;
const TOOLS = (e.BENCH_TOOLS ?? "instantly,smartlead,lemlist")
  .split(",")
  .map((t) => t.trim())
  .filter(Boolean)
  .map((t) => {
    if (!(t in DOCUMENTED)) throw new Error(`BENCH_TOOLS: unknown tool ${t} (${Object.keys(DOCUMENTED).join(", ")})`);
    return t as Tool;
  });

inProcessEnv();
const fakes = await startFakeSendingTools();
e.INSTANTLY_BASE_URL = fakes.instantly.url;
e.SMARTLEAD_BASE_URL = fakes.smartlead.url;
e.LEMLIST_BASE_URL = fakes.lemlist.url;
e.ZEROBOUNCE_BASE_URL = fakes.zerobounce.url;
// When the app sent each request to a fake (in order, as the fake records them: one call in flight at a time).
const sentAt: Record<Tool, number[]> = { instantly: [], smartlead: [], lemlist: [] };
const realFetch = globalThis.fetch;
globalThis.fetch = (input, init) => {
  const url = input instanceof Request ? input.url : String(input);
  for (const tool of Object.keys(sentAt) as Tool[]) if (url.startsWith(fakes[tool].url)) sentAt[tool].push(Date.now());
  return realFetch(input, init);
};

// App modules read the environment lazily: import them only now, and drop any environment read before.
const { eq, sql } = await import("drizzle-orm");
const { resetEnvForTests } = await import("@/lib/env");
resetEnvForTests();
const { closeDatabase, db, migrateDatabase } = await import("@/lib/db");
const { pushes } = await import("@/lib/db/schema");
const { stopBoss } = await import("@/lib/queue/boss");
const { importCsv } = await import("@/lib/services/csv/csv-import");
const { createIntegration } = await import("@/lib/services/sending/connections");
const { runPush } = await import("@/lib/services/sending/push-job");
const { createPush } = await import("@/lib/services/sending/pushes");
const { SENDING_TOOL_CLIENTS } = await import("@/lib/services/sending/tools");

/** A generated prospect (the columns a run leaves), its address unique to the run. */
const generatedRow = (tag: string, i: number) => ({
  Email: `${tag}.lead${i}@acme${i % 7}.test`,
  "First Name": `Ann${i}`,
  "Last Name": `Lee${i}`,
  Company: `Acme ${i}`,
  "Subject Line": `Idea for Acme ${i}`,
  "Email Body": `Hi Ann${i},\n\nA short note about Acme ${i}.\n\nBest`,
  "AI Response": "{}",
  follow_up: `Following up, Ann${i}`,
});

/**
 * Times each add-lead call of the tool's client (the job calls it once per batch): when the job called it and when it
 * answered. `onSend` sees the leads sent so far, this call's included, before the call goes out.
 */
function probeClient(tool: Tool, onSend: (sent: number) => void) {
  const client = SENDING_TOOL_CLIENTS[tool];
  const original = client.addLeads;
  const timings: Timing[] = [];
  let sent = 0;
  client.addLeads = async (apiKey, campaignId, leads) => {
    sent += leads.length;
    onSend(sent);
    const t = { entered: Date.now(), returned: 0 };
    timings.push(t);
    try {
      return await original(apiKey, campaignId, leads);
    } finally {
      t.returned = Date.now();
    }
  };
  return { timings, restore: () => void (client.addLeads = original) };
}

/** A fresh user, key and campaign in the fake, the connection (its key check is one call) and a file of `n` rows. */
async function prepare(tool: Tool, tag: string, n: number) {
  const fake = fakes[tool];
  const userId = await benchUserId();
  const apiKey = `bench-${tag}-${randomBytes(8).toString("hex")}`;
  fake.addKey(apiKey);
  const campaign = fake.addCampaign(apiKey, { name: `bench ${tag}` });
  const connection = await createIntegration(userId, { service: tool, name: tag, apiKey });
  const rows = Array.from({ length: n }, (_, i) => generatedRow(tag, i));
  const file = (await importCsv(userId, { fileName: `${tag}.csv`, rows })) as { _id: string };
  const input = { connectionId: connection.id, campaignId: campaign.id };
  return { userId, apiKey, campaignId: campaign.id, csvId: file._id, input, rows };
}

/** An unmeasured 10-row push at no latency: the code paths compiled and pg-boss started, as in a running server. */
async function warmUp(tool: Tool) {
  fakes[tool].setLatency(0);
  const p = await prepare(tool, `${tool}-warm-up`, 10);
  const { pushId } = (await createPush(p.userId, p.csvId, p.input)) as { pushId: string };
  if ((await runPush(pushId, { workerId: "bench-warm-up" })) !== "done") throw new Error(`${tool}: warm-up failed`);
}

async function runOne(tool: Tool, kind: PushRun["kind"]): Promise<PushRun> {
  const fake = fakes[tool];
  const client = SENDING_TOOL_CLIENTS[tool];
  const limits = DOCUMENTED[tool];
  const leadsPerCall = Math.min(client.batchSize, ROWS);
  const latencyMs = LATENCY_MS + PER_LEAD_MS * leadsPerCall;
  const problems: string[] = [];
  if (JSON.stringify(client.limits) !== JSON.stringify(limits))
    problems.push(`the client's limits ${JSON.stringify(client.limits)} are not the documented ones`);
  fake.setLatency(latencyMs);
  const { userId, apiKey, campaignId, csvId, input, rows } = await prepare(
    tool,
    `${tool}-${kind}-${randomBytes(3).toString("hex")}`,
    ROWS,
  );

  const stop = new AbortController();
  const probe = probeClient(tool, (sent) => {
    if (kind === "restart" && sent >= ROWS / 2) stop.abort();
  });
  const mine = () => fake.calls.filter((c) => madeWith(c, apiKey));
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const t0 = Date.now();
  const progress = setInterval(() => {
    const n = mine().filter((c) => c.at >= t0).length;
    console.log(`  [${tool}/${kind}] t=${((Date.now() - t0) / 1000).toFixed(0)}s calls=${n}`);
  }, 30_000);
  let created = t0;
  let restart: PushRun["restart"];
  let pushId = "";
  try {
    ({ pushId } = (await createPush(userId, csvId, input)) as { pushId: string });
    created = Date.now();
    if (kind === "push") {
      const outcome = await runPush(pushId, { workerId: `bench-${tool}` });
      if (outcome !== "done") problems.push(`runPush answered ${outcome}`);
    } else {
      const first = await runPush(pushId, { workerId: `bench-${tool}-1`, signal: stop.signal });
      if (first !== "yielded") problems.push(`the stopped worker answered ${first}, not "yielded"`);
      const [{ n }] = (
        await db.execute<{ n: number }>(
          sql`select count(*)::int as n from push_rows where push_id = ${pushId} and status = 'pushed'`,
        )
      ).rows as [{ n: number }];
      const second = await runPush(pushId, { workerId: `bench-${tool}-2` });
      if (second !== "done") problems.push(`the restarted worker answered ${second}`);
      restart = { first, pushedAtKill: Number(n), alreadyThere: 0 };
    }
  } finally {
    clearInterval(progress);
    lag.disable();
    probe.restore();
  }
  const measuredMs = Date.now() - t0;

  // What the tool saw of this key: 429s, the admitted calls since the push's creation, the earlier ones.
  const calls = mine();
  const rateLimited = calls.filter((c) => c.status === 429).length;
  const admitted = calls.filter((c) => c.status !== 429 && c.at >= t0);
  const before = calls.filter((c) => c.status !== 429 && c.at < t0).map((c) => c.at - t0);
  const adds = admitted.filter((c) => c.method === "POST");
  const sentCount = new Map<string, number>();
  for (const c of adds) for (const m of sentEmails(c)) sentCount.set(m, (sentCount.get(m) ?? 0) + 1);
  const expected = rows.map((r) => r.Email.toLowerCase());
  const notOnce = expected.filter((m) => sentCount.get(m) !== 1).length;
  if (notOnce) problems.push(`${notOnce} leads not sent exactly once (${sentCount.size} addresses sent)`);
  const stored = fake.leads(campaignId).map((l) => l.email);
  const unique = new Set(stored);
  if (stored.length !== ROWS || unique.size !== ROWS || !expected.every((m) => unique.has(m)))
    problems.push(`the campaign holds ${stored.length} leads (${unique.size} addresses), expected the ${ROWS} rows'`);
  const receipts = await db.execute<{ status: string; n: number }>(
    sql`select status, count(*)::int as n from push_rows where push_id = ${pushId} group by status`,
  );
  const byStatus = Object.fromEntries(receipts.rows.map((r) => [r.status, Number(r.n)]));
  if (byStatus.pushed !== ROWS || Object.keys(byStatus).length !== 1)
    problems.push(`receipts ${JSON.stringify(byStatus)}, expected ${ROWS} pushed and nothing else`);
  const [push] = await db.select().from(pushes).where(eq(pushes.id, pushId));
  if (push?.status !== "completed" || push.pushed !== ROWS || push.failed !== 0)
    problems.push(`push ${push?.status} pushed ${push?.pushed} failed ${push?.failed} error ${push?.error}`);
  if (restart) restart.alreadyThere = push?.providerSkipped ?? -1;
  else if (push?.providerSkipped) problems.push(`${push.providerSkipped} leads the tool reported as already there`);

  // Where the time went, and why a 429 came: the app's send times beside the fake's arrival times.
  const sent =
    fake.calls.length === sentAt[tool].length ? new Map(fake.calls.map((c, i) => [c, sentAt[tool][i]!])) : null;
  const delays = sent ? calls.filter((c) => c.at >= t0).map((c) => c.at - sent.get(c)!) : [];
  const callsToOracle = 1 + Math.ceil(ROWS / client.batchSize);
  return {
    tool,
    kind,
    rows: ROWS,
    calls: admitted.length,
    leadsPerCall,
    latencyMs,
    measuredMs,
    oracleMs: oracleMs(callsToOracle, limits, latencyMs, before),
    ceilingPerMin: ceilingPerMinute(limits, leadsPerCall),
    rateLimited,
    split: timeSplit(probe.timings, adds, { t0, created, end: t0 + measuredMs, latencyMs }),
    lagMaxMs: lag.max / 1e6,
    sendToArrivalMs: { mean: delays.reduce((a, b) => a + b, 0) / (delays.length || 1), max: Math.max(0, ...delays) },
    why429: why429s(calls, sent, limits, t0),
    restart,
    problems,
  };
}

console.log(
  `bench:push: ${ROWS} rows to each of ${TOOLS.join(", ")} at its documented limit; latency ${LATENCY_MS} ms + ` +
    `${PER_LEAD_MS} ms a lead of a full call (${TOOLS.map((t) => `${t} ${LATENCY_MS + PER_LEAD_MS * Math.min(SENDING_TOOL_CLIENTS[t].batchSize, ROWS)} ms`).join(", ")}); ` +
    `restart runs ${RESTART ? "on" : "off"}; database ${e.DATABASE_URL?.trim() ? "PostgreSQL" : "PGlite (in memory)"}`,
);
await migrateDatabase();
for (const tool of TOOLS) await warmUp(tool);
const runs: PushRun[] = [];
for (const tool of TOOLS)
  for (const kind of RESTART ? (["push", "restart"] as const) : (["push"] as const)) {
    console.log(`\n▶ ${tool}/${kind}`);
    const run = await runOne(tool, kind);
    console.log(
      `  ${(run.measuredMs / 1000).toFixed(2)} s, oracle ${(run.oracleMs / 1000).toFixed(2)} s, share ` +
        `${(run.oracleMs / run.measuredMs).toFixed(3)}, ${run.rateLimited} × 429, ${run.problems.length ? "FAIL" : "checks ok"}`,
    );
    runs.push(run);
  }

const exit = printPushReport(runs);
await fakes.close();
await stopBoss();
await closeDatabase();
process.exit(exit);
