// PostgreSQL for the benches: a client on a URL, one-statement admin queries (create and drop the run's
// database), and the COPY baseline an import is compared with.
import { performance } from "node:perf_hooks";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

let pgModule = null;

/** A connected node-postgres client (pg is loaded on first use: local-mode runs never need it). */
async function pgClient(connectionString) {
  pgModule ??= (await import("pg")).default;
  const client = new pgModule.Client({ connectionString });
  await client.connect();
  return client;
}

/** Runs one statement on its own connection to `url`. */
export async function adminQuery(url, sql) {
  const client = await pgClient(url);
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

/** `url` pointed at the database `name` on the same server. */
export function databaseUrl(url, name) {
  const copy = new URL(url);
  copy.pathname = `/${name}`;
  return copy.toString();
}

/** COPY text-format lines `file_id \t position \t json` (backslashes doubled), 1,000 rows per chunk. */
function* copyLines(fileId, rows) {
  for (let i = 0; i < rows.length; i += 1_000) {
    let chunk = "";
    const end = Math.min(rows.length, i + 1_000);
    for (let j = i; j < end; j++) chunk += `${fileId}\t${j}\t${JSON.stringify(rows[j]).replaceAll("\\", "\\\\")}\n`;
    yield chunk;
  }
}

/**
 * Times a COPY of `rows` (JSON text made from the same objects) into `bench_copy`, a scratch copy of csv_rows
 * made with `like csv_rows including all` (its indexes and defaults, no foreign key), through node-postgres
 * and pg-copy-streams; answers the time and the rows the table then holds. The table is dropped after.
 */
export async function copyBaseline(url, fileId, rows) {
  const { from: copyFrom } = (await import("pg-copy-streams")).default;
  const client = await pgClient(url);
  try {
    await client.query("drop table if exists bench_copy");
    await client.query("create table bench_copy (like csv_rows including all)");
    const started = performance.now();
    await pipeline(
      Readable.from(copyLines(fileId, rows)),
      client.query(copyFrom("copy bench_copy (file_id, position, data) from stdin")),
    );
    const ms = performance.now() - started;
    const { rows: counted } = await client.query("select count(*)::int as n from bench_copy");
    await client.query("drop table bench_copy");
    return { ms, count: counted[0].n };
  } finally {
    await client.end();
  }
}
