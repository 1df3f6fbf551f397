import { sql, type SQL } from "drizzle-orm";

/**
 * A file's live rows (not deleted) as a subquery, each with `row_index`: its 0-based place as
 * `GET /csv/{id}` numbers the rows (position, then id). `fileId` may be a value or a column of the outer
 * query (`sql\`f.id\``).
 */
export function liveRowsIndexed(fileId: string | SQL): SQL {
  return sql`(select r.*, (row_number() over (order by r.position, r.id) - 1)::int as row_index
    from csv_rows r where r.file_id = ${fileId} and r.deleted_at is null)`;
}
