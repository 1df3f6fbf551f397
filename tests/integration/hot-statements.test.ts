import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db, dbKind, pgliteClient } from "@/lib/db";
import { hotStatement, runHot, tableColumnsSql, tableRow } from "@/lib/db/hot-statements";
import { users, type UserRow } from "@/lib/db/schema";
import { closeDatabase, setupTestDatabase } from "../support/db";
import { STRONG_PASSWORD, uniqueEmail } from "../support/factories";
import { registerAndVerify } from "../support/http";

beforeAll(setupTestDatabase);
afterAll(closeDatabase);

const ECHO = hotStatement(
  "test_hot_echo",
  ["text", "integer", "boolean", "text"],
  "select $1::text as text, $2::integer as number, $3::boolean as flag, $4::text as maybe, length($1::text) as length",
);

describe("hot statements (prepared once in local mode, plain parameterised queries on PostgreSQL)", () => {
  it("answers every parameter as it was given, quotes, backslashes and SQL included", async () => {
    for (const text of [
      "O'Brien",
      "back\\slash \\' and \\\\",
      "'); drop table users; --",
      "$1 $$ dollar $q$",
      "ünïcödé “quotes” 😀",
      "",
    ]) {
      const [row] = await runHot<{ text: string; number: number; flag: boolean; maybe: null; length: number }>(ECHO, [
        text,
        -42,
        true,
        null,
      ]);
      expect(row).toEqual({ text, number: -42, flag: true, maybe: null, length: [...text].length });
    }
    // The users table is still there (the SQL in a parameter was only text).
    expect((await db.select().from(users).limit(1)).length).toBeGreaterThanOrEqual(0);
  });

  it("refuses text with NUL as a parameterised query does, and a bad number before it reaches the database", async () => {
    await expect(runHot(ECHO, ["a\0b", 1, false, null])).rejects.toThrow();
    await expect(runHot(ECHO, ["a", Number.NaN, false, null])).rejects.toThrow(/finite number/);
    const [row] = await runHot<{ text: string }>(ECHO, ["still fine", 1, false, null]);
    expect(row!.text).toBe("still fine");
  });

  it("prepares a statement once when many requests ask for it at the same time", async () => {
    const statement = hotStatement("test_hot_concurrent", ["integer"], "select $1 + 1 as next");
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => runHot<{ next: number }>(statement, [i])));
    expect(answers.map(([row]) => row!.next)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  it("works where another copy of the module (another bundle of the server) prepared the statement first", async () => {
    const statement = hotStatement("test_hot_other_bundle", ["integer"], "select $1 * 2 as twice");
    expect((await runHot<{ twice: number }>(statement, [21]))[0]!.twice).toBe(42);
    // A second bundle's copy of lib/db/hot-statements.ts, on the same database.
    vi.resetModules();
    const second = await import("@/lib/db/hot-statements");
    expect((await second.runHot<{ twice: number }>(statement, [4]))[0]!.twice).toBe(8);
    // One that does not know what the others prepared: the database's "already exists" means prepared.
    delete (globalThis as { __hotPrepared?: unknown }).__hotPrepared;
    vi.resetModules();
    const third = await import("@/lib/db/hot-statements");
    expect((await third.runHot<{ twice: number }>(statement, [5]))[0]!.twice).toBe(10);
  });

  it("a statement that fails to prepare fails each call with its own error, and does not block others", async () => {
    const broken = hotStatement("test_hot_broken", ["text"], "select $1 from no_such_table");
    await expect(runHot(broken, ["x"])).rejects.toThrow(/no_such_table/);
    await expect(runHot(broken, ["x"])).rejects.toThrow(/no_such_table/);
    const [row] = await runHot<{ text: string }>(ECHO, ["after", 0, false, null]);
    expect(row!.text).toBe("after");
  });

  it("reads a table's row back as Drizzle does (dates, booleans, nulls, keys)", async () => {
    const email = uniqueEmail("hot-row");
    await registerAndVerify(email, STRONG_PASSWORD);
    const [expected] = await db.select().from(users).where(eq(users.email, email));
    const statement = hotStatement(
      "test_hot_user_row",
      ["text"],
      `select ${tableColumnsSql(users, "u")} from users u where u.email = $1`,
    );
    const [raw] = await runHot<Record<string, unknown>>(statement, [email]);
    const row = tableRow<UserRow>(users, raw!);
    expect(row).toEqual(expected);
    expect(row.createdAt).toBeInstanceOf(Date);
  });

  it("runs as a prepared statement in local mode", async () => {
    if (dbKind() !== "pglite") {
      expect(pgliteClient()).toBeUndefined();
      return;
    }
    await runHot(ECHO, ["x", 1, true, null]);
    const { rows } = await pgliteClient()!.query<{ name: string }>(
      "select name from pg_prepared_statements where name = 'test_hot_echo'",
    );
    expect(rows).toEqual([{ name: "test_hot_echo" }]);
  });
});
