// `npm run bench:check`: the address check of a large file against the fake DNS server.
//
//   tsx --conditions=react-server scripts/bench/check.ts
//
// A fresh user and a file of BENCH_ADDRESSES addresses (default 20,000) over BENCH_DOMAINS domains (default 2,000),
// each domain's addresses spread through the file (address i is on domain i mod domains). The fake DNS server
// (tests/fakes/dns-server.ts, reached through DNS_SERVERS) answers every query after BENCH_DNS_LATENCY_MS (default
// 50): every tenth domain has no MX and no address (NXDOMAIN → no_mx), the others an MX record. Every 100th address is
// a role account (info+<n>@), every 257th repeats the address 125 rows up (duplicate, unless its domain has no MX).
// Then createEmailCheck and runEmailCheck: the real job code as the worker runs it (chunks of 500 rows, 64 lookups at
// a time).
// Figures:
//   addresses/s        addresses / total time
//   lookups per domain DNS queries the fake received per domain: min, mean, max (goal: exactly 1 for every domain)
//   total s            from createEmailCheck's call to runEmailCheck's "done" (goal < BENCH_GOAL_S, default 30)
//   DNS floor s        what the lookups alone need at 64 at a time: ceil(domains / 64) × latency
//   creation ms        createEmailCheck (the file's row ids read, the check and its job recorded)
// Checks: the check completed with checked == addresses, every row's Email Status as expected, the counts match.
// Exit code 1 when a check or a goal fails. Local mode (no DATABASE_URL): an in-memory embedded database.
import { randomBytes } from "node:crypto";
import { benchUserId, inProcessEnv } from "./in-process";
import { startFakeDns } from "../../tests/fakes/dns-server";

const e = process.env;
const ADDRESSES = Number(e.BENCH_ADDRESSES ?? 20_000);
const DOMAINS = Number(e.BENCH_DOMAINS ?? 2_000);
const LATENCY_MS = Number(e.BENCH_DNS_LATENCY_MS ?? 50);
const GOAL_S = Number(e.BENCH_GOAL_S ?? 30);

inProcessEnv();
const dns = await startFakeDns();
e.DNS_SERVERS = dns.server;
e.DNS_TIMEOUT_MS ||= "3000";
dns.setLatency(LATENCY_MS);

// App modules read the environment lazily: import them only now, and drop any environment read before.
const { eq } = await import("drizzle-orm");
const { resetEnvForTests } = await import("@/lib/env");
resetEnvForTests();
const { closeDatabase, db, migrateDatabase } = await import("@/lib/db");
const { emailChecks } = await import("@/lib/db/schema");
const { EMAIL_STATUS_COLUMN } = await import("@/lib/csv/email-status");
const { stopBoss } = await import("@/lib/queue/boss");
const { importCsv } = await import("@/lib/services/csv/csv-import");
const { getCsvFile } = await import("@/lib/services/csv/csv-files");
const { runEmailCheck } = await import("@/lib/services/email-checks/check-job");
const { createEmailCheck } = await import("@/lib/services/email-checks/email-checks");
const { PARALLEL_LOOKUPS } = await import("@/lib/services/email-checks/domain-lookups");

const tag = randomBytes(3).toString("hex");
const domainOf = (i: number) => `d${i % DOMAINS}-${tag}.bench.test`;
const noMx = (i: number) => (i % DOMAINS) % 10 === 9;
for (let d = 0; d < DOMAINS; d++) dns.set(domainOf(d), noMx(d) ? { nxdomain: true } : { mx: [`mx.${domainOf(d)}`] });

/** The file's addresses and the status each must get (no_mx > duplicate > role > valid). */
function addressList() {
  const rows: { Name: string; Email: string }[] = [];
  const expected: string[] = [];
  for (let i = 0; i < ADDRESSES; i++) {
    // A repeat takes the address 125 rows up (its domain too); a role account is info+<i>@ (unique).
    const source = i > 0 && i % 257 === 0 ? i - 125 : i;
    const role = source % 100 === 1;
    const email = source !== i ? rows[source]!.Email.toUpperCase() : `${role ? "info+" : "p"}${i}@${domainOf(i)}`;
    rows.push({ Name: `Prospect ${i}`, Email: email });
    expected.push(noMx(source) ? "no_mx" : source !== i ? "duplicate" : role ? "role" : "valid");
  }
  return { rows, expected };
}

const database = e.DATABASE_URL?.trim() ? "PostgreSQL" : "PGlite (in memory)";
console.log(
  `bench:check: ${ADDRESSES} addresses over ${DOMAINS} domains, DNS answers after ${LATENCY_MS} ms, ` +
    `${PARALLEL_LOOKUPS} lookups at a time; database ${database}`,
);
await migrateDatabase();
const userId = await benchUserId();
const { rows, expected } = addressList();
const file = (await importCsv(userId, { fileName: `check-${tag}.csv`, rows })) as { _id: string };

const problems: string[] = [];
const t0 = Date.now();
const { checkId } = await createEmailCheck(userId, file._id, {});
const created = Date.now();
const outcome = await runEmailCheck(checkId, { workerId: `bench-${tag}` });
const totalMs = Date.now() - t0;
if (outcome !== "done") problems.push(`runEmailCheck answered ${outcome}`);

const [check] = await db.select().from(emailChecks).where(eq(emailChecks.id, checkId));
if (check?.status !== "completed" || check.checked !== ADDRESSES)
  problems.push(`check ${check?.status}, checked ${check?.checked} of ${ADDRESSES}, error ${check?.error}`);
const stored = (await getCsvFile(userId, file._id)) as unknown as { rows: Record<string, string>[] };
const wrong = stored.rows.filter((r, i) => r[EMAIL_STATUS_COLUMN] !== expected[i]).length;
if (wrong > 0) problems.push(`${wrong} rows with another Email Status than expected`);
const want: Record<string, number> = {};
for (const s of expected) want[s] = (want[s] ?? 0) + 1;
for (const [status, n] of Object.entries(want))
  if (check?.counts[status] !== n) problems.push(`counts.${status} ${check?.counts[status]}, expected ${n}`);

const perDomain = Array.from({ length: DOMAINS }, (_, d) => dns.queries(domainOf(d)));
const [min, max] = [Math.min(...perDomain), Math.max(...perDomain)];
const mean = perDomain.reduce((a, b) => a + b, 0) / DOMAINS;
const floorMs = Math.ceil(DOMAINS / PARALLEL_LOOKUPS) * LATENCY_MS;
const goals = [
  { name: "lookups per domain exactly 1", ok: min === 1 && max === 1 },
  { name: `total < ${GOAL_S} s`, ok: totalMs < GOAL_S * 1000 },
];
console.table([
  {
    database,
    addresses: ADDRESSES,
    domains: DOMAINS,
    "addresses/s": Math.round(ADDRESSES / (totalMs / 1000)),
    "lookups/domain min·mean·max": `${min} · ${mean.toFixed(2)} · ${max}`,
    "total s": (totalMs / 1000).toFixed(2),
    "DNS floor s": (floorMs / 1000).toFixed(2),
    "creation ms": created - t0,
  },
]);
for (const g of goals) console.log(`${g.ok ? "✓" : "✗"} goal: ${g.name}`);
for (const p of problems) console.log(`✗ check: ${p}`);
if (problems.length === 0) console.log("✓ checks: completed, every row's status and the counts as expected");
await dns.close();
await stopBoss();
await closeDatabase();
process.exit(problems.length === 0 && goals.every((g) => g.ok) ? 0 : 1);
