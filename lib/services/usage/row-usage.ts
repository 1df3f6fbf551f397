import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { db } from "@/lib/db";
import { csvRows } from "@/lib/db/schema";
import { notFound } from "@/lib/errors";
import { ownedCsvFile } from "@/lib/services/csv/ownership";
import { latestRowUsage } from "./record-usage";
import type { RowUsageJson } from "@/lib/responses/csv";

/** `GET /api/csv/{id}/rows/{rowId}/usage`: the caller's row only (404 otherwise). */
export async function getRowUsage(userId: string, fileId: string, rowId: number): Promise<RowUsageJson> {
  const file = await ownedCsvFile(userId, fileId);
  const [row] = await db
    .select({ id: csvRows.id })
    .from(csvRows)
    .where(and(eq(csvRows.id, rowId), eq(csvRows.fileId, file.id), isNull(csvRows.deletedAt)));
  if (!row) throw notFound("Row not found");
  return latestRowUsage(userId, rowId);
}
