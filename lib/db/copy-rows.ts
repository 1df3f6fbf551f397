import "server-only";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { PoolClient } from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { dbKind, type Tx } from ".";

const LINES_PER_CHUNK = 1_000;

/** The node-postgres connection a Drizzle transaction runs on (null in local mode, on PGlite). */
export function copyConnectionOf(tx: Tx): PoolClient | null {
  if (dbKind() !== "pg") return null;
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client as PoolClient | undefined;
  // Inside a transaction the session holds one checked-out client, never the pool itself.
  if (!client || typeof client.query !== "function" || "totalCount" in client) return null;
  return client;
}

/** COPY text-format lines of csv_rows: id, file id, position, row as JSON (JSON escapes every control character). */
function* copyLines(
  fileId: string,
  rows: Record<string, string>[],
  startPosition: number,
  ids: number[],
): Generator<string> {
  for (let i = 0; i < rows.length; i += LINES_PER_CHUNK) {
    let chunk = "";
    const end = Math.min(rows.length, i + LINES_PER_CHUNK);
    for (let j = i; j < end; j++) {
      // In COPY's text format a backslash starts an escape: doubled, the JSON text arrives unchanged.
      chunk += `${ids[j]}\t${fileId}\t${startPosition + j}\t${JSON.stringify(rows[j]).replaceAll("\\", "\\\\")}\n`;
    }
    yield chunk;
  }
}

/**
 * Writes rows to csv_rows with `COPY … FROM STDIN` on the transaction's own connection (PostgreSQL):
 * the fastest way in. Answers false when the database is not PostgreSQL (the caller inserts instead).
 */
export async function copyCsvRows(
  tx: Tx,
  fileId: string,
  rows: Record<string, string>[],
  startPosition: number,
  ids: number[],
): Promise<boolean> {
  const connection = copyConnectionOf(tx);
  if (!connection) return false;
  const sink = connection.query(copyFrom("copy csv_rows (id, file_id, position, data) from stdin"));
  await pipeline(Readable.from(copyLines(fileId, rows, startPosition, ids)), sink);
  return true;
}
