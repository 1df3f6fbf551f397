import "server-only";
import { once } from "node:events";
import type { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { from as copyFrom } from "pg-copy-streams";
import type { PoolClient } from "pg";
import type { Tx } from "@/lib/db";
import { pgConnectionOf } from "@/lib/db/pg-connection";

/**
 * Where a streamed import puts its rows, one JSON text at a time, in order (lib/services/csv/csv-import.ts):
 * a `COPY` on the transaction's connection (PostgreSQL), or set-based inserts of many rows per
 * statement (PGlite). `finish` stores what is still waiting; `abort` gives up (the caller rolls back).
 */
export interface RowSink {
  add(json: string): Promise<void> | void;
  finish(): Promise<void>;
  abort(error: unknown): Promise<void>;
}

/** COPY data is handed to the connection in pieces of about this many characters (small: the database starts early). */
const WRITE_CHARS = 64 * 1024;
/** COPY data that may wait for the connection before the parser waits in turn. */
const COPY_BUFFER_BYTES = 8 * 1024 * 1024;
/** Rows per INSERT statement in local mode: one JSON parameter each, expanded by the database. */
const INSERT_ROWS = 10_000;

/** The sink for rows at positions `startPosition…` of a file, on the transaction's database. */
export function rowSink(tx: Tx, fileId: string, startPosition: number): RowSink {
  const connection = pgConnectionOf(tx);
  return connection ? copySink(connection, fileId, startPosition) : insertSink(tx, fileId, startPosition);
}

function copySink(connection: PoolClient, fileId: string, start: number): RowSink {
  // A deep buffer: the connection takes rows while the next ones are parsed, instead of the two taking turns.
  const stream = connection.query(
    copyFrom("copy csv_rows (file_id, position, data) from stdin", { highWaterMark: COPY_BUFFER_BYTES }),
  );
  let position = start;
  let pending = "";
  const send = async () => {
    const text = pending;
    pending = "";
    if (!stream.write(text)) await once(stream as Writable, "drain");
  };
  return {
    add(json) {
      // In COPY's text format a backslash starts an escape: doubled, the JSON text arrives unchanged.
      pending += `${fileId}\t${position++}\t${json.replaceAll("\\", "\\\\")}\n`;
      if (pending.length >= WRITE_CHARS) return send();
    },
    async finish() {
      if (pending) await send();
      stream.end();
      await once(stream as Writable, "finish");
    },
    async abort(error) {
      if (stream.destroyed) return;
      stream.destroy(error instanceof Error ? error : new Error(String(error)));
      await once(stream as Writable, "close").catch(() => undefined);
    },
  };
}

function insertSink(tx: Tx, fileId: string, start: number): RowSink {
  let position = start;
  let batch: string[] = [];
  const send = async () => {
    if (batch.length === 0) return;
    const first = position;
    const json = `[${batch.join(",")}]`;
    position += batch.length;
    batch = [];
    await tx.execute(sql`
      insert into csv_rows (file_id, position, data)
      select ${fileId}::uuid, ${first}::int + (t.ord - 1)::int, t.value
      from jsonb_array_elements(${json}::jsonb) with ordinality as t(value, ord)`);
  };
  return {
    add(json) {
      batch.push(json);
      if (batch.length >= INSERT_ROWS) return send();
    },
    finish: send,
    async abort() {
      batch = [];
    },
  };
}

/** The ids of a file's rows in file order, as comma-separated text (what a JSON answer embeds as it is). */
export async function rowIdsText(tx: Tx, fileId: string): Promise<string> {
  const result = await tx.execute<{ ids: string | null }>(
    sql`select array_to_string(array_agg(id order by position, id), ',') as ids from csv_rows where file_id = ${fileId}`,
  );
  return (result.rows as { ids: string | null }[])[0]?.ids ?? "";
}
