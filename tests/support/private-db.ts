import pg from "pg";
import { resetEnvForTests } from "@/lib/env";

/**
 * With DATABASE_URL every test file shares one database, possibly in parallel. A file whose code
 * acts on every row of a table (the cron route runs every due batch) gets a database of its own on
 * the same server instead, created before the app opens its connection and dropped afterwards.
 * Local mode: nothing to do (each file has its own in-memory PGlite).
 */
export function privateDatabase(label: string) {
  const base = process.env.DATABASE_URL?.trim();
  const name = `coldmail_${label}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const admin = async (sql: string) => {
    const url = new URL(base!);
    url.pathname = "/postgres";
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  return {
    /** Before the first database access of the file. */
    async create(): Promise<void> {
      if (!base) return;
      await admin(`create database "${name}"`);
      const url = new URL(base);
      url.pathname = `/${name}`;
      process.env.DATABASE_URL = url.toString();
      resetEnvForTests();
    },
    /** After closeDatabase(). */
    async drop(): Promise<void> {
      if (!base) return;
      process.env.DATABASE_URL = base;
      resetEnvForTests();
      await admin(`drop database if exists "${name}" with (force)`);
    },
  };
}
