// The processes of a bench run: the production server and its helpers, each started detached in its own
// process group so that stopping it stops everything it started; free ports, the pid that serves a port,
// and waiting for a condition while watching that the processes are still alive.
import { spawn, spawnSync } from "node:child_process";
import { openSync, readFileSync, readdirSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

/** The repository's root: the benches start the server and the fakes from here. */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

export const delay = (ms) => new Promise((r) => setTimeout(r, ms));

/** A TCP port nobody listens on now (the system picks it). */
export function freePort() {
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

function childrenOf(pid) {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((t) =>
      readFileSync(`/proc/${pid}/task/${t}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

/** Pid of the process listening on `port` (ss), else the deepest node descendant of `rootPid`. */
export function serverPid(port, rootPid) {
  const ss = spawnSync("ss", ["-ltnpH", `sport = :${port}`], { encoding: "utf8" });
  const match = ss.stdout?.match(/pid=(\d+)/);
  if (match) return Number(match[1]);
  let pid = rootPid;
  for (let kids = childrenOf(pid); kids.length; kids = childrenOf(pid)) pid = kids[kids.length - 1];
  return pid;
}

/** Every process this run launched, in order: `stopAll` stops them last first. */
const launched = [];

/** A detached node child (its own process group) writing to `logFile`; `exited` is set when it ends. */
export function launch(name, args, env, logFile) {
  const out = openSync(logFile, "a");
  const child = spawn(process.execPath, args, { cwd: root, env, detached: true, stdio: ["ignore", out, out] });
  const entry = { name, child, logFile, exited: null };
  child.on("exit", (code, signal) => (entry.exited = { code, signal }));
  launched.push(entry);
  return entry;
}

/** SIGTERM to the child's process group, SIGKILL after 5 s; resolves once it has exited. */
export async function stop(entry) {
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

export async function stopAll() {
  for (const entry of [...launched].reverse()) await stop(entry).catch(() => undefined);
}

/** The last `lines` lines of a log file ("" when it cannot be read). */
export function tail(file, lines = 40) {
  try {
    return readFileSync(file, "utf8").split("\n").slice(-lines).join("\n");
  } catch {
    return "";
  }
}

/**
 * Calls `fn` every `interval` ms until it returns something truthy (thrown errors count as "not yet"); fails
 * after `timeout` ms, or at once with the log's tail when a process in `watch` has exited.
 */
export async function waitFor(fn, { timeout, interval = 250, what, watch = [] }) {
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

/** What every bench removes from its own environment before it starts the server (local mode by default). */
const SERVER_UNSET = ["DATABASE_URL", "MAIL_DRIVER", "PAYMENTS_DRIVER", "RESEND_API_KEY", "STRIPE_SECRET_KEY"];

/**
 * The production server's environment on `port` with a fresh `dataDir`: this process's environment without
 * `SERVER_UNSET` and `unset`, then `set` on top.
 */
export function serverEnv({ port, dataDir, unset = [], set = {} }) {
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    APP_URL: `http://localhost:${port}`,
    NEXT_TELEMETRY_DISABLED: "1",
  };
  for (const key of [...SERVER_UNSET, ...unset]) delete env[key];
  return Object.assign(env, set);
}

/** Starts `node scripts/start.mjs` (it builds first when the build is stale: minutes on 2 cores). */
export function launchServer(env, logFile) {
  return { entry: launch("server", ["scripts/start.mjs"], env, logFile), startedAt: performance.now() };
}

/**
 * Waits until the launched server answers /api/health; returns the time from its launch and the pid of
 * the `next start` process (the one listening on the port), whose memory the benches read.
 */
export async function waitForServer({ entry, startedAt }, port, { timeout }) {
  await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/api/health`)).ok, {
    timeout,
    interval: 500,
    what: "/api/health",
    watch: [entry],
  }).catch((error) => {
    throw new Error(`${error.message}\n--- server log tail ---\n${tail(entry.logFile)}`);
  });
  return { startMs: performance.now() - startedAt, pid: serverPid(port, entry.child.pid) };
}
