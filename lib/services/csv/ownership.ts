import "server-only";
import { and, eq } from "drizzle-orm";
import { db, type DbOrTx } from "@/lib/db";
import { csvFiles } from "@/lib/db/schema";
import { notFound } from "@/lib/errors";
import { isUuid } from "@/lib/http/ids";

export type CsvFileRow = typeof csvFiles.$inferSelect;

/**
 * The caller's file, or 404 (also for another user's id, a malformed id or an unfinished import).
 * `lock` (inside a transaction) holds the file row until commit, so that concurrent writers that
 * read columns, rowCount or the next position before writing do not overwrite each other.
 */
export async function ownedCsvFile(
  userId: string,
  fileId: string,
  opts: { allowImporting?: boolean; lock?: boolean } = {},
  conn: DbOrTx = db,
): Promise<CsvFileRow> {
  if (!isUuid(fileId)) throw notFound("CSV file not found");
  const query = conn
    .select()
    .from(csvFiles)
    .where(and(eq(csvFiles.id, fileId), eq(csvFiles.userId, userId)));
  const [file] = opts.lock ? await query.for("update") : await query;
  if (!file || (file.status === "importing" && !opts.allowImporting)) throw notFound("CSV file not found");
  return file;
}
