#!/usr/bin/env node
// `npm run build`: the production build, as one self-contained folder (.next/standalone) that runs
// without devDependencies:
//   server.js        Next's standalone server (node server.js; PORT, HOSTNAME)
//   .next/static     the client assets, public/  the public files (copied as Next's docs require);
//                    every .js / .css also as .br and .gz (served by lib/http/precompressed-static.mjs)
//   migrations/      the database migrations (lib/db reads them from here at run time)
//   worker.mjs       the background worker (`npm run worker`), bundled with esbuild
//   migrate.mjs      applies the migrations (`npm run db:migrate` in a deployment)
//   node_modules/    what the server and both bundles load at run time (traced)
// Then, when DATABASE_URL is set (and not with --no-migrate), applies the migrations to that
// database; in local mode (no DATABASE_URL) it never touches a database.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import {
  hashSources,
  migrateBundle,
  root,
  serverEntry,
  stampFile,
  standaloneDir,
  workerBundle,
} from "./build-state.mjs";
import { precompressStatic } from "./precompress.mjs";

const require = createRequire(import.meta.url);
const skipMigrate = process.argv.includes("--no-migrate");
const log = (msg) => console.log(`[build] ${msg}`);

function fail(msg) {
  console.error(`[build] ${msg}`);
  process.exit(1);
}

/** Packages loaded from node_modules at run time instead of being bundled (native code, wasm, workers). */
function externalPackages() {
  const base = ["pg", "pg-boss", "pg-native", "@electric-sql/pglite"];
  // Everything next.config.ts keeps out of the server bundles stays external in the worker too.
  const config = readFileSync(path.join(root, "next.config.ts"), "utf8");
  const listed = config.match(/serverExternalPackages\s*:\s*\[([^\]]*)\]/)?.[1] ?? "";
  const fromConfig = [...listed.matchAll(/["'`]([^"'`]+)["'`]/g)].map((m) => m[1]);
  return [...new Set([...base, ...fromConfig])];
}

// Hash before building: a source edited during the build leaves the build stale.
const sourceHash = hashSources();
rmSync(stampFile, { force: true });

// 1. next build
log("next build");
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
const built = spawnSync(process.execPath, [nextBin, "build"], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
});
if (built.status !== 0) process.exit(built.status ?? 1);
if (!existsSync(serverEntry))
  fail(`${path.relative(root, serverEntry)} is missing: next.config.ts must keep output: "standalone".`);

// 2. Static assets next to server.js.
rmSync(path.join(standaloneDir, ".next", "static"), { recursive: true, force: true });
cpSync(path.join(root, ".next", "static"), path.join(standaloneDir, ".next", "static"), { recursive: true });
const shipped = await precompressStatic(path.join(standaloneDir, ".next", "static"));
const kib = (n) => `${(n / 1024).toFixed(0)} KB`;
log(
  `precompressed ${shipped.files} scripts and styles: ${kib(shipped.raw)} -> brotli ${kib(shipped.br)}, gzip ${kib(shipped.gz)}`,
);
rmSync(path.join(standaloneDir, "public"), { recursive: true, force: true });
if (existsSync(path.join(root, "public")))
  cpSync(path.join(root, "public"), path.join(standaloneDir, "public"), { recursive: true });

// 3. Migrations inside the build: the journal and the SQL files (drizzle's migrator reads nothing else).
const sourceMigrations = path.join(root, "lib", "db", "migrations");
const shippedMigrations = path.join(standaloneDir, "migrations");
rmSync(shippedMigrations, { recursive: true, force: true });
mkdirSync(path.join(shippedMigrations, "meta"), { recursive: true });
cpSync(path.join(sourceMigrations, "meta", "_journal.json"), path.join(shippedMigrations, "meta", "_journal.json"));
for (const name of readdirSync(sourceMigrations)) {
  if (name.endsWith(".sql")) cpSync(path.join(sourceMigrations, name), path.join(shippedMigrations, name));
}
// File tracing may have copied the source tree's folder too; the build reads only its own copy.
rmSync(path.join(standaloneDir, "lib", "db", "migrations"), { recursive: true, force: true });
for (const dir of [path.join(standaloneDir, "lib", "db"), path.join(standaloneDir, "lib")]) {
  if (existsSync(dir) && readdirSync(dir).length === 0) rmSync(dir, { recursive: true });
}

// 4. The worker and the migrator as single files, resolved like the server's code (react-server condition,
//    so `server-only` is the empty module), with the native / wasm packages left to node_modules.
log("bundling worker.mjs and migrate.mjs");
const esbuild = await import("esbuild");
const external = externalPackages();
await esbuild.build({
  absWorkingDir: root,
  entryPoints: { worker: "scripts/worker.ts", migrate: "scripts/migrate.ts" },
  outdir: standaloneDir,
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  conditions: ["react-server"],
  tsconfig: "tsconfig.json",
  external,
  legalComments: "none",
  logLevel: "warning",
  banner: {
    js: [
      'import { createRequire as __createRequire } from "node:module";',
      'import { dirname as __dirname_of, resolve as __resolve } from "node:path";',
      'import { fileURLToPath as __fileURLToPath } from "node:url";',
      "const require = __createRequire(import.meta.url);",
      // CommonJS modules inside the bundle (Next's compiled packages) read __filename / __dirname.
      "const __filename = __fileURLToPath(import.meta.url);",
      "const __dirname = __dirname_of(__filename);",
      // Like server.js, run from the deployment folder (migrations/ is found there); a relative
      // DATA_DIR (or the default .data) keeps meaning the folder the command was started in.
      'if (process.env.DATA_DIR !== "memory") process.env.DATA_DIR = __resolve(process.env.DATA_DIR || ".data");',
      'process.env.NODE_ENV ??= "production";',
      "process.chdir(__dirname_of(__fileURLToPath(import.meta.url)));",
    ].join("\n"),
  },
});

// 5. Whatever the bundles load from node_modules must be in the deployment folder too: trace them
//    (Next's own copy of @vercel/nft) and copy the files the server's trace did not bring along.
const { nodeFileTrace } = require("next/dist/compiled/@vercel/nft");
const trace = await nodeFileTrace([workerBundle, migrateBundle], { base: root, processCwd: standaloneDir });
let copied = 0;
for (const file of trace.fileList) {
  const rel = path.relative(standaloneDir, path.join(root, file));
  if (!rel.startsWith("..")) continue; // inside the deployment folder already (the bundles themselves)
  if (!file.startsWith(`node_modules${path.sep}`)) continue;
  const target = path.join(standaloneDir, file);
  if (existsSync(target)) continue;
  const source = path.join(root, file);
  if (lstatSync(source).isDirectory()) continue;
  mkdirSync(path.dirname(target), { recursive: true });
  cpSync(source, target, { dereference: true });
  copied += 1;
}
for (const pkg of external) {
  if (pkg === "pg-native") continue; // optional, never installed
  try {
    createRequire(workerBundle).resolve(pkg);
  } catch {
    fail(`${pkg} cannot be resolved from ${path.relative(root, workerBundle)}: add it to the trace.`);
  }
}
log(`deployment folder ready: ${path.relative(root, standaloneDir)} (${copied} extra file(s) for the bundles)`);

writeFileSync(stampFile, sourceHash);

// 6. Migrations at build time, only against a configured PostgreSQL database.
if (process.env.DATABASE_URL && !skipMigrate) {
  log("DATABASE_URL is set: applying migrations");
  const migrated = spawnSync(process.execPath, [migrateBundle], { cwd: root, stdio: "inherit", env: process.env });
  if (migrated.status !== 0) fail("applying the migrations failed (see above); the build itself is complete.");
} else if (!process.env.DATABASE_URL) {
  log("local mode: migrations are applied when the server starts");
}
