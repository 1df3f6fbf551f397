import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { createLocalDataDir, localDataDir, PGLITE_OPTIONS } from "@/lib/db/local-data-dir";

const root = mkdtempSync(path.join(tmpdir(), "coldmail-data-dir-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("a new local-mode database is created in a child process", () => {
  it("creates a complete database directory that opens without initdb, and leaves nothing else", async () => {
    const dataDir = path.join(root, "fresh");
    mkdirSync(dataDir);
    await createLocalDataDir(dataDir);
    const dir = localDataDir(dataDir);
    expect(existsSync(path.join(dir, "PG_VERSION"))).toBe(true);
    expect(readdirSync(dataDir)).toEqual(["pglite"]);
    const db = new PGlite(dir, PGLITE_OPTIONS);
    try {
      const { rows } = await db.query<{ answer: number }>("select 41 + 1 as answer");
      expect(rows).toEqual([{ answer: 42 }]);
      await db.exec("create table kept (id int)");
    } finally {
      await db.close();
    }
    // An existing database is left as it is.
    await createLocalDataDir(dataDir);
    const again = new PGlite(dir, PGLITE_OPTIONS);
    try {
      const { rows } = await again.query("select count(*)::int as n from kept");
      expect(rows).toEqual([{ n: 0 }]);
    } finally {
      await again.close();
    }
  }, 60_000);

  it("fills an empty directory, and never touches one that holds anything", async () => {
    const empty = path.join(root, "empty");
    mkdirSync(localDataDir(empty), { recursive: true });
    await createLocalDataDir(empty);
    expect(existsSync(path.join(localDataDir(empty), "PG_VERSION"))).toBe(true);

    const other = path.join(root, "other");
    mkdirSync(localDataDir(other), { recursive: true });
    writeFileSync(path.join(localDataDir(other), "notes.txt"), "mine");
    await createLocalDataDir(other);
    expect(readdirSync(localDataDir(other))).toEqual(["notes.txt"]);
  }, 60_000);
});
