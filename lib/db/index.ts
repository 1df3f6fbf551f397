import "server-only";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { Pool } from "pg";
import { env } from "@/lib/env";
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

const MIGRATIONS_FOLDER = path.join(process.cwd(), "lib", "db", "migrations");
const MIGRATION_LOCK_ID = 724_311_001;

function openHandle(): DbHandle {
  const config = env();
  if (config.databaseUrl) {
    const pool = new Pool({ connectionString: config.databaseUrl, max: 20 });
    pool.on("error", (err) => console.error("[db] idle client error", err.message));
    return { db: drizzlePg(pool, { schema }), kind: "pg", pool };
  }
  let pglite: PGlite;
  if (config.dataDir === "memory") {
    pglite = new PGlite();
  } else {
    const dir = path.join(/*turbopackIgnore: true*/ config.dataDir, "pglite");
    mkdirSync(path.dirname(dir), { recursive: true });
    pglite = new PGlite(dir);
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

/** The raw PGlite instance in local mode (pg-boss runs on it through an adapter). */
export function pgliteClient(): PGlite | undefined {
  return handle().pglite;
}

async function runMigrations(h: DbHandle): Promise<void> {
  if (h.kind === "pglite") {
    await migratePglite(h.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  // Several app or worker processes may start at once: serialise on an advisory lock.
  const client = await h.pool!.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => undefined);
    client.release();
  }
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
