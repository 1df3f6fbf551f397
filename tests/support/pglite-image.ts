/**
 * Vitest global set-up of the integration project. In local mode (no DATABASE_URL) every test file
 * has its own in-memory PGlite; instead of PostgreSQL's initdb and every migration per file (about
 * 4 s each), one database is created and migrated here, once per run, and dumped as an image that
 * tests/support/setup.ts hands to each file's database (lib/db `seedMemoryDatabase`): a file's
 * database then starts, already migrated, in well under a second.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated PGlite image of this run (local mode, integration project only). */
    pgliteImage: string | null;
  }
}

export default async function setup(project: TestProject): Promise<(() => void) | void> {
  project.provide("pgliteImage", null);
  if (process.env.DATABASE_URL?.trim()) return;
  const dir = path.join(process.cwd(), ".data", "test-image");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `pglite-${process.pid}.tar`);
  // Start-up settings (lib/db/local-data-dir.ts PGLITE_OPTIONS) are not part of the image: defaults here.
  const db = new PGlite();
  try {
    await migrate(drizzle(db), { migrationsFolder: path.join(process.cwd(), "lib", "db", "migrations") });
    writeFileSync(file, Buffer.from(await (await db.dumpDataDir("none")).arrayBuffer()));
  } finally {
    await db.close();
  }
  project.provide("pgliteImage", file);
  return () => rmSync(file, { force: true });
}
