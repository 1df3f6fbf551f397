import "server-only";
import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import { db } from "@/lib/db";
import { csvRows } from "@/lib/db/schema";
import { GENERATED_COLUMNS } from "@/lib/csv/limits";
import { MAX_EXAMPLES, type ApprovedExample } from "@/lib/ai/examples";
import { isFailedRow } from "@/lib/ai/result";

/** Up to 3 of the file's approved rows with a generated subject and body, the most recently approved first. */
export async function approvedExamples(fileId: string): Promise<ApprovedExample[]> {
  const rows = await db
    .select({ data: csvRows.data })
    .from(csvRows)
    .where(and(eq(csvRows.fileId, fileId), isNull(csvRows.deletedAt), isNotNull(csvRows.approvedAt)))
    .orderBy(desc(csvRows.approvedAt))
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
