import "server-only";
import type { PGlite } from "@electric-sql/pglite";
import { getTableColumns, type Table } from "drizzle-orm";
import { escapeLiteral } from "pg";
import { pgliteClient, pgPool } from ".";

/**
 * A statement that open screens run every second or two (the session lookup, changes, batch
 * status, credits). In local mode it is PREPAREd once per process and run as `EXECUTE` over PGlite's
 * simple protocol: one call into the database instead of the six of an extended-protocol query, and
 * no parsing or planning per call (measured in a bare PGlite: the session lookup 270 → 69 µs, the
 * changes query 293 → 64 µs). On PostgreSQL it is an ordinary parameterised query: unnamed, so it
 * also works through a transaction-mode pooler, which cannot keep a named statement.
 */
export interface HotStatement {
  /** A unique SQL identifier (lower case, digits, underscores). */
  name: string;
  /** The parameters' SQL types in order (`text`, `uuid`, `timestamptz`...). */
  types: readonly string[];
  /**
   * The SQL, with `$1`…`$n`. Selects named columns only (a prepared statement's result cannot change
   * shape), and casts a parameter whose type its context does not tell (`$1::int`): on PostgreSQL the
   * query runs unprepared, without `types`.
   */
  text: string;
}

export type HotParam = string | number | boolean | null;

const NAME = /^[a-z_][a-z0-9_]*$/;

/** Declares a hot statement (checked once, at module load). */
export function hotStatement(name: string, types: readonly string[], text: string): HotStatement {
  if (!NAME.test(name)) throw new Error(`hot statement name ${name} is not a plain SQL identifier`);
  return { name, types, text };
}

// One PGlite per process (lib/db): its prepared statements, by name, as the promise of their PREPARE. Kept
// on globalThis, as the PGlite itself is: the route handlers and the server components of one server are
// separate bundles, each with its own copy of this module.
const holder = globalThis as unknown as { __hotPrepared?: WeakMap<PGlite, Map<string, Promise<void>>> };

/** PostgreSQL's duplicate_prepared_statement: prepared already (by a copy of this module that did not say). */
const DUPLICATE_PREPARED = "42P05";

function prepared(pglite: PGlite, statement: HotStatement): Promise<void> {
  const preparedBy = (holder.__hotPrepared ??= new WeakMap());
  let names = preparedBy.get(pglite);
  if (!names) preparedBy.set(pglite, (names = new Map()));
  let done = names.get(statement.name);
  if (!done) {
    done = pglite.exec(`prepare ${statement.name}(${statement.types.join(", ")}) as ${statement.text}`).then(
      () => undefined,
      (error: unknown) => {
        if ((error as { code?: unknown }).code !== DUPLICATE_PREPARED) throw error;
      },
    );
    // A failed PREPARE is tried again by the next call rather than remembered.
    done.catch(() => names.delete(statement.name));
    names.set(statement.name, done);
  }
  return done;
}

/** A parameter as an SQL literal (`escapeLiteral` doubles quotes and backslashes whatever the settings). */
function literal(value: HotParam): string {
  if (value === null) return "null";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error("a hot statement parameter must be a finite number");
    return String(value);
  }
  return escapeLiteral(value);
}

/**
 * Runs a hot statement; answers its rows as the driver parses them (timestamps as Date, json as
 * values; a bigint is a number on PGlite and a string on PostgreSQL).
 */
export async function runHot<Row>(statement: HotStatement, params: readonly HotParam[]): Promise<Row[]> {
  const literals = params.map(literal); // checked on both databases, used on PGlite
  const pglite = pgliteClient();
  if (!pglite) return (await pgPool()!.query(statement.text, params as HotParam[])).rows as Row[];
  // Text with NUL cannot be a literal: the parameterised query refuses it as PostgreSQL would.
  if (params.some((p) => typeof p === "string" && p.includes("\0")))
    return (await pglite.query<Row>(statement.text, params as HotParam[])).rows;
  await prepared(pglite, statement);
  const [result] = await pglite.exec(`execute ${statement.name}(${literals.join(", ")})`);
  return (result?.rows ?? []) as Row[];
}

/**
 * A table's columns for a hot statement's select list, each named by its Drizzle key
 * (`u."email_verified" as "emailVerified"`), read back with `tableRow`.
 */
export function tableColumnsSql(table: Table, alias: string): string {
  return Object.entries(getTableColumns(table))
    .map(([key, column]) => `${alias}."${column.name}" as "${key}"`)
    .join(", ");
}

/** A row selected with `tableColumnsSql`, as Drizzle would answer it (each column's own mapping). */
export function tableRow<T>(table: Table, raw: Record<string, unknown>): T {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[key];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T;
}
