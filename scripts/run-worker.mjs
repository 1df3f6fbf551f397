#!/usr/bin/env node
// `npm run worker`: the background worker alone. Runs the bundle of the production build
// (.next/standalone/worker.mjs, no devDependencies needed) when it is up to date; in a source
// checkout with changed sources it runs scripts/worker.ts through tsx instead.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildIsFresh, root, workerBundle } from "./build-state.mjs";

const tsxCli = path.join(root, "node_modules", "tsx", "dist", "cli.mjs");
const fresh = existsSync(workerBundle) && buildIsFresh();

if (existsSync(workerBundle) && (fresh || !existsSync(tsxCli))) {
  if (!fresh)
    console.warn(
      "[worker] the sources changed since the last build: running the built worker (npm run build to update it)",
    );
  await import(pathToFileURL(workerBundle).href);
} else if (existsSync(tsxCli)) {
  const child = spawn(
    process.execPath,
    [tsxCli, "--conditions=react-server", path.join(root, "scripts", "worker.ts")],
    { stdio: "inherit", env: process.env },
  );
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
} else {
  console.error("[worker] no build found: run `npm run build` first.");
  process.exit(1);
}
