import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { csvRows } from "@/lib/db/schema";
import { notFound } from "@/lib/errors";
import { isUuid } from "@/lib/http/ids";
import { GENERATED_COLUMNS } from "@/lib/csv/limits";
import { collectOpenings, mostSevere } from "@/lib/quality/rules";
import { liveRowsIndexed } from "@/lib/services/csv/live-rows";
import { ownedCsvFile } from "@/lib/services/csv/ownership";
import type { FileQualityJson, RowApprovalJson } from "@/lib/responses/quality";

/**
 * The quality flags of the rows generated so far (rows without output are left out), with row
 * indices and ids as `GET /csv/{id}` numbers them. One query: the file's owner is checked in it.
 */
export async function getFileQuality(userId: string, fileId: string): Promise<FileQualityJson> {
  if (!isUuid(fileId)) throw notFound("CSV file not found");
  const result = await db.execute<{ file_id: string | null; rows: FileQualityJson["rows"] | string | null }>(sql`
    select f.id as file_id, (
      select json_agg(json_build_object('rowIndex', q.row_index, 'rowId', q.id, 'flags', q.quality_flags,
        'approved', q.approved_at is not null) order by q.row_index)
      from ${liveRowsIndexed(sql`f.id`)} q where q.quality_flags is not null
    ) as rows
    from csv_files f
    where f.id = ${fileId}::uuid and f.user_id = ${userId} and f.status <> 'importing'`);
  const file = result.rows[0];
  if (!file) throw notFound("CSV file not found");
  const rows: FileQualityJson["rows"] = typeof file.rows === "string" ? JSON.parse(file.rows) : (file.rows ?? []);
  const counts = { block: 0, warn: 0, clean: 0 };
  for (const row of rows) counts[mostSevere(row.flags)]++;
  return { rows, counts };
}

/**
 * The openings of a file's generated rows, read in SQL: only each live row's place and its Email Body,
 * not the whole file (a run's preparation).
 */
export async function openingsOfFile(fileId: string): Promise<Map<string, number>> {
  const result = await db.execute<{ row_index: number; body: string }>(sql`
    select row_index, data->>${GENERATED_COLUMNS.body} as body
    from ${liveRowsIndexed(fileId)} live where data->>${GENERATED_COLUMNS.body} <> ''`);
  return collectOpenings(
    (result.rows as { row_index: number; body: string }[]).map((r) => ({
      rowIndex: Number(r.row_index),
      body: r.body,
    })),
  );
}

/** Marks (or unmarks) a row as approved: a candidate example that bulk runs leave alone by default. */
export async function setRowApproval(
  userId: string,
  fileId: string,
  rowId: number,
  approved: boolean,
): Promise<RowApprovalJson> {
  const file = await ownedCsvFile(userId, fileId);
  const [row] = await db
    .update(csvRows)
    .set({ approvedAt: approved ? sql`coalesce(${csvRows.approvedAt}, now())` : null, updatedAt: sql`now()` })
    .where(and(eq(csvRows.id, rowId), eq(csvRows.fileId, file.id), isNull(csvRows.deletedAt)))
    .returning({ id: csvRows.id });
  if (!row) throw notFound("Row not found");
  return { rowId: row.id, approved };
}
