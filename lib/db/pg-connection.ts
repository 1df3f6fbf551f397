import "server-only";
import type { PoolClient } from "pg";
import { dbKind, type Tx } from ".";

/** The node-postgres connection a Drizzle transaction runs on (null in local mode, on PGlite). */
export function pgConnectionOf(tx: Tx): PoolClient | null {
  if (dbKind() !== "pg") return null;
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client as PoolClient | undefined;
  // Inside a transaction the session holds one checked-out client, never the pool itself.
  if (!client || typeof client.query !== "function" || "totalCount" in client) return null;
  return client;
}
