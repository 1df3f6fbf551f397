import "server-only";
import { and, eq } from "drizzle-orm";
import { db, type DbOrTx } from "@/lib/db";
import { csvFiles } from "@/lib/db/schema";
import { notFound } from "@/lib/http/errors";
import { isUuid } from "@/lib/http/ids";

export type CsvFileRow = typeof csvFiles.$inferSelect;

/** The caller's file, or 404 (also for another user's id, a malformed id or an unfinished import). */
export async function ownedCsvFile(userId: string, fileId: string, opts: { allowImporting?: boolean } = {}, conn: DbOrTx = db): Promise<CsvFileRow> {
  if (!isUuid(fileId)) throw notFound("CSV file not found");
  const [file] = await conn.select().from(csvFiles).where(and(eq(csvFiles.id, fileId), eq(csvFiles.userId, userId)));
  if (!file || (file.status === "importing" && !opts.allowImporting)) throw notFound("CSV file not found");
  return file;
}
