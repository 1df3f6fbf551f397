import "server-only";
import { and, desc, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { csvRows } from "@/lib/db/schema";
import { GENERATED_COLUMNS } from "@/lib/csv/limits";
import { MAX_EXAMPLES, type ApprovedExample } from "@/lib/ai/examples";
import { isFailedRow } from "@/lib/ai/result";

/**
 * Up to 3 examples from the user's own picks in the file: approved rows first (the most recently approved
 * first), then generated rows the user rewrote by hand (the most recently edited first).
 */
export async function approvedExamples(fileId: string): Promise<ApprovedExample[]> {
  const rows = await db
    .select({ data: csvRows.data })
    .from(csvRows)
    .where(
      and(
        eq(csvRows.fileId, fileId),
        isNull(csvRows.deletedAt),
        or(isNotNull(csvRows.approvedAt), isNotNull(csvRows.editedAt)),
      ),
    )
    .orderBy(sql`${csvRows.approvedAt} is null`, desc(sql`coalesce(${csvRows.approvedAt}, ${csvRows.editedAt})`))
    .limit(20);
  const examples: ApprovedExample[] = [];
  for (const { data } of rows) {
    const subject = data[GENERATED_COLUMNS.subject] ?? "";
    const body = data[GENERATED_COLUMNS.body] ?? "";
    if (!body.trim() || isFailedRow(data)) continue;
    examples.push({ subject, body });
    if (examples.length === MAX_EXAMPLES) break;
  }
  return examples;
}
