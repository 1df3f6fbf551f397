import "server-only";
import { spawn } from "node:child_process";
import { existsSync, readdirSync, renameSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { logger } from "@/lib/log";

/**
 * The embedded database's buffer cache: 16 MB instead of PostgreSQL's default 128 MB. PGlite keeps its
 * whole memory in one WebAssembly heap that never shrinks, so the default cache alone held ~140 MB of
 * the idle server's memory; a local-mode data set is read from the page cache of the OS just as fast.
 */
export const PGLITE_OPTIONS = { startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"] };

/** Where local mode keeps its embedded database under DATA_DIR. */
export const localDataDir = (dataDir: string) => path.join(/*turbopackIgnore: true*/ dataDir, "pglite");

// Creates the database in `argv[2]` with PGlite (`argv[1]`, its module's file URL) and exits.
const CREATE_SCRIPT = `
const mod = await import(process.argv[1]);
const { PGlite } = mod.PGlite ? mod : mod.default;
const db = new PGlite(process.argv[2], { startParams: JSON.parse(process.argv[3]) });
await db.waitReady;
await db.close();
`;

/**
 * Creates a new embedded database directory (PostgreSQL's initdb) in a child process, before the
 * server opens it. initdb peaks at ~750 MB and, run in the server, left ~400 MB in its WebAssembly
 * and malloc heaps for good; in a child process all of it goes back to the system when the child
 * exits, and the server then opens a ready directory (~180 MB). The child works in a sibling
 * directory renamed into place once complete, so a failed or killed start leaves no half-made
 * database. If the child cannot run (PGlite not found beside the app), the server creates the
 * directory itself when it opens it, as before. Nothing to do for an existing directory or in memory.
 */
export async function createLocalDataDir(dataDir: string): Promise<void> {
  const dir = localDataDir(dataDir);
  // Only where there is nothing yet (or an empty directory): anything else is left to PGlite, as before.
  if (existsSync(dir) && readdirSync(dir).length > 0) return;
  const log = logger("db");
  let moduleUrl: string;
  try {
    const require = createRequire(path.join(/*turbopackIgnore: true*/ process.cwd(), "package.json"));
    moduleUrl = pathToFileURL(require.resolve("@electric-sql/pglite")).href;
  } catch (err) {
    log.warn({ err }, "PGlite not found for a separate initdb; the server creates its database itself");
    return;
  }
  const building = `${dir}.creating-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  const started = performance.now();
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(
      process.execPath,
      ["--input-type=module", "-e", CREATE_SCRIPT, moduleUrl, building, JSON.stringify(PGLITE_OPTIONS.startParams)],
      { stdio: ["ignore", "ignore", "inherit"] },
    );
    child.on("error", () => resolve(null));
    child.on("exit", (exitCode) => resolve(exitCode));
  });
  if (code !== 0 || !existsSync(path.join(building, "PG_VERSION"))) {
    rmSync(building, { recursive: true, force: true });
    log.warn({ code }, "the separate initdb failed; the server creates its database itself");
    return;
  }
  if (existsSync(dir)) rmSync(dir, { recursive: true }); // empty (checked above)
  renameSync(building, dir);
  log.info({ dir, ms: Math.round(performance.now() - started) }, "embedded database created");
}
