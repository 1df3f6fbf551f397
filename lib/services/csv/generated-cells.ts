import "server-only";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { db, type DbOrTx } from "@/lib/db";
import { csvRows } from "@/lib/db/schema";
import { GENERATED_COLUMNS } from "@/lib/csv/limits";
import { cleanDeep } from "@/lib/validation/strings";
import type { QualityFlag } from "@/lib/quality/rules";

/** A live row of a file as generation reads it: its cells, and what the server recorded about its generation. */
export interface GenerationRow {
  id: number;
  data: Record<string, string>;
  generationFailed: boolean;
  /** The user approved the row (a candidate example; bulk runs skip it unless asked to overwrite). */
  approved: boolean;
}

/** The file's rows in order (row index = place in this list). */
export async function rowsOfFile(fileId: string, conn: DbOrTx = db): Promise<GenerationRow[]> {
  return conn
    .select({
      id: csvRows.id,
      data: csvRows.data,
      generationFailed: csvRows.generationFailed,
      approved: sql<boolean>`${csvRows.approvedAt} is not null`,
    })
    .from(csvRows)
    .where(and(eq(csvRows.fileId, fileId), isNull(csvRows.deletedAt)))
    .orderBy(asc(csvRows.position), asc(csvRows.id));
}

/**
 * Adds "Subject Line", "Email Body" and "AI Response" — and the run's `extra` columns (one per extra
 * output field, Sources) — to the file's columns when missing (one statement).
 */
export async function ensureGeneratedColumns(fileId: string, extra: string[] = [], conn: DbOrTx = db): Promise<void> {
  const wanted = JSON.stringify([...Object.values(GENERATED_COLUMNS), ...extra]);
  await conn.execute(sql`
    update csv_files set columns = columns || coalesce((
      select jsonb_agg(c.value order by c.ordinality) from jsonb_array_elements(${wanted}::jsonb) with ordinality as c
      where not csv_files.columns @> jsonb_build_array(c.value)
    ), '[]'::jsonb), updated_at = now()
    where id = ${fileId} and not columns @> ${wanted}::jsonb`);
}

/**
 * Writes generated cells into one row (one database row touched). `failed` records, on the
 * server only, that this generation failed (which makes its retry free), and `flags` its quality flags
 * (null: no output to check, e.g. a provider error). False when the row is gone.
 * Text the database cannot store is cleaned (NUL removed, unpaired surrogates → U+FFFD).
 */
export async function writeGeneratedCells(
  fileId: string,
  rowId: number,
  cells: Record<string, string>,
  conn: DbOrTx = db,
  failed = false,
  flags: QualityFlag[] | null = null,
): Promise<boolean> {
  const updated = await conn
    .update(csvRows)
    .set({
      data: sql`${csvRows.data} || ${JSON.stringify(cleanDeep(cells))}::jsonb`,
      generationFailed: failed,
      qualityFlags: flags,
      editedAt: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(csvRows.id, rowId), eq(csvRows.fileId, fileId), isNull(csvRows.deletedAt)))
    .returning({ id: csvRows.id });
  return updated.length > 0;
}
