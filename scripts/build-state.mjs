// Where the production build lives and whether it is fresh (shared by build, start, worker and smoke scripts).
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The self-contained deployment folder: server.js, worker.mjs, migrate.mjs, migrations/, .next/static. */
export const standaloneDir = path.join(root, ".next", "standalone");
export const serverEntry = path.join(standaloneDir, "server.js");
export const workerBundle = path.join(standaloneDir, "worker.mjs");
export const migrateBundle = path.join(standaloneDir, "migrate.mjs");
const STAMP = path.join(root, ".next", "source-hash");

/** Everything the build reads: a change to any of these makes the build stale. */
const SOURCES = [
  "app",
  "components",
  "lib",
  "public",
  "instrumentation.ts",
  "instrumentation-client.ts",
  "proxy.ts",
  "next.config.ts",
  "postcss.config.mjs",
  "package.json",
  "tsconfig.json",
  "tsconfig.build.json",
  "scripts/worker.ts",
  "scripts/migrate.ts",
  "scripts/build.mjs",
  "scripts/build-state.mjs",
];

export function hashSources() {
  const hash = createHash("sha256");
  const visit = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p).sort())
        if (!name.startsWith(".") && name !== "node_modules") visit(path.join(p, name));
    } else if (!/\.test\.tsx?$/.test(p)) {
      hash.update(path.relative(root, p));
      hash.update(readFileSync(p));
    }
  };
  SOURCES.forEach((s) => visit(path.join(root, s)));
  return hash.digest("hex");
}

/** The source hash the current build was made from, or null when there is no complete build. */
export function builtHash() {
  const complete = [path.join(root, ".next", "BUILD_ID"), serverEntry, workerBundle, migrateBundle, STAMP].every((f) =>
    existsSync(f),
  );
  return complete ? readFileSync(STAMP, "utf8") : null;
}

export function buildIsFresh(current = hashSources()) {
  return builtHash() === current;
}

export const stampFile = STAMP;
