#!/usr/bin/env node
// `npm run bench:idle`: the local-mode server's memory right after it starts, as a user meets it and as it
// is measured from outside — `npm start` on a new data directory (the first start: the embedded database
// created) and again on the same directory (every later start). VmRSS of the process serving the port,
// 3 s after /api/health first answers, against the goal of 400 MB; and of every process `npm start` leaves
// running (scripts/start.mjs and the server; npm itself adds about 55 MB). Nothing else runs meanwhile: no
// push, check or run has loaded its code yet.
//
//   npm run bench:idle [-- --rounds=N]      (N starts after the first; default 2)
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { readStatus } from "./memory.mjs";
import { delay, freePort, launchServer, serverEnv, stop, stopAll, waitForServer } from "./server.mjs";

const GOAL_MB = 400;
const rounds = Number(process.argv.find((a) => a.startsWith("--rounds="))?.split("=")[1] ?? 2);
const tmp = mkdtempSync(path.join(os.tmpdir(), "coldmail-idle-"));
const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;

/** `pid` and its descendants. */
function tree(pid) {
  const kids = readdirSync(`/proc/${pid}/task`).flatMap((t) =>
    readFileSync(`/proc/${pid}/task/${t}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number),
  );
  return [pid, ...kids.flatMap(tree)];
}

async function startOnce(name, dataDir) {
  const port = await freePort();
  const server = launchServer(serverEnv({ port, dataDir }), path.join(tmp, `${name}.log`));
  const { startMs, pid } = await waitForServer(server, port, { timeout: 20 * 60_000 });
  await delay(3_000);
  const status = readStatus(pid);
  const treeRss = tree(server.entry.child.pid).reduce((sum, p) => sum + (readStatus(p)?.rss ?? 0), 0);
  await stop(server.entry);
  return { name, startMs, rss: status.rss, hwm: status.hwm, treeRss };
}

try {
  const dataDir = path.join(tmp, "data");
  const results = [await startOnce("first start (new data directory)", dataDir)];
  for (let i = 1; i <= rounds; i++) results.push(await startOnce(`start ${i + 1} (same data directory)`, dataDir));
  console.log("\nidle memory of the local-mode server (VmRSS 3 s after /api/health answers)");
  for (const r of results)
    console.log(
      `  ${r.name.padEnd(36)} ready in ${(r.startMs / 1000).toFixed(1)} s   RSS ${mb(r.rss).padStart(6)}   ` +
        `VmHWM ${mb(r.hwm).padStart(6)}   with start.mjs ${mb(r.treeRss).padStart(6)}   ` +
        `${r.rss / 1024 <= GOAL_MB ? "within" : "OVER"} the goal of ${GOAL_MB} MB`,
    );
  const worst = Math.max(...results.map((r) => r.rss));
  console.log(`\nworst idle RSS ${mb(worst)} (goal ≤ ${GOAL_MB} MB): ${worst / 1024 <= GOAL_MB ? "PASS" : "FAIL"}`);
  process.exitCode = worst / 1024 <= GOAL_MB ? 0 : 1;
} finally {
  await stopAll();
  rmSync(tmp, { recursive: true, force: true });
}
