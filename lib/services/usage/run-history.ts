import "server-only";
import { and, desc, eq, gte, isNotNull, sql } from "drizzle-orm";
import type { UseCase } from "@/lib/ai/providers";
import { db } from "@/lib/db";
import { batches, generationUsage } from "@/lib/db/schema";

/** How many of the template's newest successful ledger rows the expected output length is taken from. */
const PAST_OUTPUT_ROWS = 100;
/** How many of the connection's newest completed batches the observed rate is taken from. */
const RATE_BATCHES = 5;
/** A batch shorter than this says little about the key's rate. */
const MIN_RATE_BATCH_ROWS = 3;

/**
 * Average output tokens of the user's newest successful calls made from this prompt template
 * (same prompt hash), or null when the template has no history.
 */
export async function pastOutputTokens(userId: string, promptHash: string): Promise<number | null> {
  const recent = db
    .select({ out: generationUsage.outputTokens })
    .from(generationUsage)
    .where(
      and(eq(generationUsage.userId, userId), eq(generationUsage.promptHash, promptHash), eq(generationUsage.ok, true)),
    )
    .orderBy(desc(generationUsage.createdAt))
    .limit(PAST_OUTPUT_ROWS)
    .as("recent");
  const [row] = await db.select({ avg: sql<number | null>`avg(${recent.out})::float8` }).from(recent);
  return row?.avg === null || row?.avg === undefined ? null : Number(row.avg);
}

/**
 * Rows per second the user's recent completed batches on this connection (and use case) ran at,
 * wall clock from creation to finish, or null when there are none.
 */
export async function observedRowsPerSecond(
  userId: string,
  connectionId: string,
  useCase: UseCase,
): Promise<number | null> {
  const recent = await db
    .select({
      rows: batches.processed,
      seconds: sql<number>`extract(epoch from (${batches.finishedAt} - ${batches.createdAt}))::float8`,
    })
    .from(batches)
    .where(
      and(
        eq(batches.userId, userId),
        eq(batches.status, "completed"),
        isNotNull(batches.finishedAt),
        gte(batches.processed, MIN_RATE_BATCH_ROWS),
        sql`${batches.settings}->>'connectionId' = ${connectionId}`,
        sql`${batches.settings}->>'useCase' = ${useCase}`,
      ),
    )
    .orderBy(desc(batches.createdAt))
    .limit(RATE_BATCHES);
  const rows = recent.reduce((sum, b) => sum + b.rows, 0);
  const seconds = recent.reduce((sum, b) => sum + Math.max(0, Number(b.seconds)), 0);
  return rows > 0 && seconds > 0 ? rows / seconds : null;
}
