import "server-only";
import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { db } from "@/lib/db";
import { csvRows, previewRuns } from "@/lib/db/schema";
import { conflict, notFound } from "@/lib/errors";
import { isUuid } from "@/lib/http/ids";
import type { QualityFlag } from "@/lib/quality/rules";
import { ensureGeneratedColumns, writeGeneratedCells } from "@/lib/services/csv/generated-cells";
import type { KeepPreviewJson } from "@/lib/responses/quality";

/** A previewed row as held until "Keep these": what it writes into its row. */
export interface PreviewStoredResult {
  rowId: number;
  rowIndex: number;
  cells: Record<string, string>;
  flags: QualityFlag[];
}

/** How long the results of a preview can be kept. */
const PREVIEW_TTL_MS = 60 * 60 * 1000;

const storedSchema = z.object({
  extraColumns: z.array(z.string()),
  rows: z.array(
    z.object({
      rowId: z.number(),
      rowIndex: z.number(),
      cells: z.record(z.string(), z.string()),
      flags: z.array(z.object({ rule: z.string(), severity: z.enum(["block", "warn"]), message: z.string() })),
    }),
  ),
});

/**
 * "Keep these": writes the previewed results and their flags into their rows and approves them, with no
 * provider call and no credit. Once per preview (a second call is a 409); rows deleted since are skipped.
 */
export async function keepPreview(userId: string, previewId: string): Promise<KeepPreviewJson> {
  if (!isUuid(previewId)) throw notFound("Preview not found");
  return db.transaction(async (tx) => {
    const [run] = await tx
      .select()
      .from(previewRuns)
      .where(
        and(
          eq(previewRuns.id, previewId),
          eq(previewRuns.userId, userId),
          gt(previewRuns.createdAt, new Date(Date.now() - PREVIEW_TTL_MS)),
        ),
      )
      .for("update");
    if (!run) throw notFound("Preview not found. It may have expired: run the preview again.");
    if (run.keptAt) throw conflict("These results were already kept");
    const stored = storedSchema.parse(run.results);
    await ensureGeneratedColumns(run.csvFileId, stored.extraColumns, tx);
    const rowIds: number[] = [];
    for (const row of stored.rows) {
      const written = await writeGeneratedCells(
        run.csvFileId,
        row.rowId,
        row.cells,
        tx,
        false,
        row.flags as QualityFlag[],
      );
      if (written) rowIds.push(row.rowId);
    }
    if (rowIds.length > 0)
      await tx
        .update(csvRows)
        .set({ approvedAt: sql`coalesce(${csvRows.approvedAt}, now())` })
        .where(and(eq(csvRows.fileId, run.csvFileId), isNull(csvRows.deletedAt), inArray(csvRows.id, rowIds)));
    await tx
      .update(previewRuns)
      .set({ keptAt: sql`now()` })
      .where(eq(previewRuns.id, run.id));
    return { msg: `Kept ${rowIds.length} ${rowIds.length === 1 ? "row" : "rows"}`, kept: rowIds.length, rowIds };
  });
}
