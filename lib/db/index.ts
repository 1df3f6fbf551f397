import "server-only";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { Pool } from "pg";
import { ConfigError, env } from "@/lib/env";
import { logger } from "@/lib/log";
import { localDataDir, PGLITE_OPTIONS } from "./local-data-dir";
import * as schema from "./schema";

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle; services accept `Db | Tx` where they can run inside a caller's transaction. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

interface DbHandle {
  db: Db;
  kind: "pg" | "pglite";
  pool?: Pool;
  pglite?: PGlite;
  migrated?: Promise<void>;
}

// One handle per process, kept on globalThis so that every bundle of the Next server
// (and hot reloads in dev) shares it: a PGlite data directory must have one owner.
const holder = globalThis as unknown as { __dbHandle?: DbHandle };

/**
 * Migrations ship inside the build: `npm run build` copies them to `migrations/` beside the standalone
 * server and the worker bundle (each runs with its own folder as working directory). A source checkout
 * (dev server, tests, tsx scripts) reads lib/db/migrations, which Next's file tracing also ships with
 * each function where the project layout is kept (Vercel).
 */
function migrationsFolder(): string {
  const shipped = path.join(/*turbopackIgnore: true*/ process.cwd(), "migrations");
  if (existsSync(path.join(shipped, "meta", "_journal.json"))) return shipped;
  return path.join(process.cwd(), "lib", "db", "migrations");
}
const MIGRATIONS_FOLDER = migrationsFolder();
const MIGRATION_LOCK_ID = 724_311_001;

/** See seedMemoryDatabase. */
let memoryImage: Blob | undefined;

/**
 * Starts the in-memory database (DATA_DIR=memory) from a data-directory image (PGlite's
 * `dumpDataDir`) instead of an empty one: the test suite migrates one database per run and every
 * test file starts from its image (tests/support/pglite-image.ts). Call before the first query.
 */
export function seedMemoryDatabase(image: Blob): void {
  memoryImage = image;
}

function openHandle(): DbHandle {
  const config = env();
  if (config.databaseUrl) {
    // Small on serverless (DATABASE_POOL_MAX; 5 on Vercel, else 10): every warm instance keeps its own pool.
    const pool = new Pool({
      connectionString: config.databaseUrl,
      max: config.databasePoolMax,
      ...(config.onVercel ? { idleTimeoutMillis: 5_000 } : {}),
    });
    pool.on("error", (err) => logger("db").error({ err }, "idle client error"));
    return { db: drizzlePg(pool, { schema }), kind: "pg", pool };
  }
  let pglite: PGlite;
  if (config.dataDir === "memory") {
    pglite = new PGlite({ ...PGLITE_OPTIONS, ...(memoryImage ? { loadDataDir: memoryImage } : {}) });
  } else {
    const dir = localDataDir(config.dataDir);
    try {
      mkdirSync(path.dirname(dir), { recursive: true });
    } catch (error) {
      // A read-only disk: one clear line naming DATABASE_URL rather than a crash deep in PGlite.
      throw new ConfigError(
        "DATABASE_URL",
        `is required here: local mode keeps its embedded database in ${dir}, which cannot be written (${(error as NodeJS.ErrnoException).code ?? "error"}); set DATABASE_URL to a PostgreSQL connection string`,
      );
    }
    pglite = new PGlite(dir, PGLITE_OPTIONS);
  }
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return { db, kind: "pglite", pglite };
}

function handle(): DbHandle {
  return (holder.__dbHandle ??= openHandle());
}

/**
 * The Drizzle database. Opened on first use (never at build time), so importing this
 * module has no side effects.
 */
export const db: Db = new Proxy({} as Db, {
  get(_target, prop) {
    const real = handle().db as unknown as Record<string | symbol, unknown>;
    const value = real[prop];
    return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(real) : value;
  },
});

export function dbKind(): "pg" | "pglite" {
  return handle().kind;
}

/** The node-postgres pool when DATABASE_URL is set (lib/db/hot-statements.ts runs plain queries on it). */
export function pgPool(): Pool | undefined {
  return handle().pool;
}

/** The raw PGlite instance in local mode (pg-boss runs on it through an adapter). */
export function pgliteClient(): PGlite | undefined {
  return handle().pglite;
}

async function runMigrations(h: DbHandle): Promise<void> {
  if (h.kind === "pglite") {
    await migratePglite(h.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  // Several app or worker processes may start at once: serialise on an advisory lock. A session
  // lock needs one server connection throughout: through a transaction-mode pooler (a pooled
  // DATABASE_URL) it is taken on the direct connection string, DATABASE_URL_UNPOOLED, when set.
  const config = env();
  const direct =
    config.databaseDirectUrl && config.databaseDirectUrl !== config.databaseUrl
      ? new Pool({ connectionString: config.databaseDirectUrl, max: 1 })
      : null;
  const client = await (direct ?? h.pool!).connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => undefined);
    client.release();
    await direct?.end();
  }
}

/** Readiness: `select 1` answers (throws otherwise). */
export async function pingDatabase(): Promise<void> {
  await handle().db.execute(sql`select 1`);
}

/** Applies pending migrations once per process. */
export function migrateDatabase(): Promise<void> {
  const h = handle();
  h.migrated ??= runMigrations(h).catch((err) => {
    h.migrated = undefined;
    throw err;
  });
  return h.migrated;
}

/** Closes the connection (scripts and tests). */
export async function closeDatabase(): Promise<void> {
  const h = holder.__dbHandle;
  holder.__dbHandle = undefined;
  if (!h) return;
  if (h.pool) await h.pool.end();
  if (h.pglite) await h.pglite.close();
}
