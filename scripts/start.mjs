#!/usr/bin/env node
// `npm start`: build when the build is missing or stale, then serve the production server.
// Migrations are applied by the server itself at startup (instrumentation.ts), so the
// embedded database is only ever opened by the server process.
import { spawnSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = process.cwd();
const SOURCES = ["app", "components", "lib", "public", "instrumentation.ts", "next.config.ts", "postcss.config.mjs", "package.json", "tsconfig.json", "tsconfig.build.json"];
const STAMP = path.join(root, ".next", "source-hash");

function hashSources() {
  const hash = createHash("sha256");
  const visit = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p).sort()) if (!name.startsWith(".") && name !== "node_modules") visit(path.join(p, name));
    } else if (!/\.test\.tsx?$/.test(p)) {
      hash.update(path.relative(root, p));
      hash.update(readFileSync(p));
    }
  };
  SOURCES.forEach((s) => visit(path.join(root, s)));
  return hash.digest("hex");
}

const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
const current = hashSources();
const built = existsSync(path.join(root, ".next", "BUILD_ID")) && existsSync(STAMP) ? readFileSync(STAMP, "utf8") : null;
if (built !== current) {
  console.log(built ? "[start] sources changed since the last build: building..." : "[start] no production build yet: building...");
  const result = spawnSync(process.execPath, [nextBin, "build"], { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(STAMP, current);
}

const port = process.env.PORT || "3000";
const server = spawn(process.execPath, [nextBin, "start", "-p", port], { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
