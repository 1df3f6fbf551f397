#!/usr/bin/env node
// `npm start`: build when the build is missing or stale, then serve the production build with
// Next's standalone server (.next/standalone/server.js), which needs no devDependencies.
// Migrations are applied by the server itself at startup (instrumentation.ts), so the
// embedded database is only ever opened by the server process.
import { spawnSync, spawn } from "node:child_process";
import { copyFileSync, existsSync, rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { builtHash, hashSources, root, serverEntry, standaloneDir } from "./build-state.mjs";

const current = hashSources();
const built = builtHash();
if (built !== current) {
  console.log(
    built
      ? "[start] sources changed since the last build: building..."
      : "[start] no production build yet: building...",
  );
  // The server applies the migrations when it starts: no second database step here.
  const result = spawnSync(process.execPath, [path.join(root, "scripts", "build.mjs"), "--no-migrate"], {
    cwd: root,
    stdio: "inherit",
    env: process.env,
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** All interfaces, like `next start`: IPv6 and IPv4 where the host has IPv6, else IPv4 only. */
function anyAddress() {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve("0.0.0.0"));
    probe.listen(0, "::", () => probe.close(() => resolve("::")));
  });
}

// Like `next start`, the server reads the project's .env files as they are now (Next's build
// copies a snapshot of some of them into the standalone folder, where server.js looks).
for (const name of [".env", ".env.production", ".env.local", ".env.production.local"]) {
  const source = path.join(root, name);
  const target = path.join(standaloneDir, name);
  if (existsSync(source)) copyFileSync(source, target);
  else rmSync(target, { force: true });
}

const env = {
  ...process.env,
  NODE_ENV: "production",
  NEXT_TELEMETRY_DISABLED: "1",
  PORT: process.env.PORT || "3000",
  // server.js reads HOSTNAME, which shells and containers set to the machine's name: choose here.
  HOSTNAME: await anyAddress(),
  // Idle keep-alive connections stay open 65 s (Node's default is 5 s): a client or proxy that reuses
  // an idle connection (load balancers keep them 60 s) never races the server closing it (ECONNRESET).
  KEEP_ALIVE_TIMEOUT: process.env.KEEP_ALIVE_TIMEOUT || "65000",
  // Two malloc arenas instead of up to 8 per core: the embedded database's compiler threads leave
  // freed memory in arenas of their own that glibc never returns (~20-40 MB of idle RSS in local mode).
  MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX || "2",
};
// server.js runs from its own folder: local mode keeps its data where `npm start` was run.
if (env.DATA_DIR !== "memory") env.DATA_DIR = path.resolve(env.DATA_DIR || ".data");
// Local mode: the JavaScript heap is capped at 384 MB (unless NODE_OPTIONS sets a cap), so V8 collects
// before it grows instead of after: under steady load the default limit let the server's peak memory
// reach 685 MB (goal 600); with the cap it stayed under 490 MB, a 100,000-row import included
// (docs/performance.md). With DATABASE_URL the server holds far less and keeps V8's default.
const HEAP_CAP = "--max-old-space-size=384";
if (!env.DATABASE_URL?.trim() && !/--max-old-space-size/.test(env.NODE_OPTIONS ?? ""))
  env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ""} ${HEAP_CAP}`.trim();

// The preload makes the connection's address the right-most X-Forwarded-For entry of every request
// before Next sees it (Next keeps a client-sent X-Forwarded-For as it is): see lib/http/peer-address.mjs.
const preload = pathToFileURL(path.join(root, "scripts", "preload-peer-address.mjs")).href;
const server = spawn(process.execPath, ["--import", preload, serverEntry], { stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
