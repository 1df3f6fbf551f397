import "server-only";
import type { BackgroundJobRow } from "@/lib/db/schema";
import { DELIVERY, deliverOnce } from "@/lib/services/integrations/deliver";
import { exportFailureText, NOT_CONFIGURED, SENT, webhookTarget } from "@/lib/services/integrations/send";
import { finishJob, recordChunk } from "./jobs";
import { exportJobPayloadSchema, type JobRunnerContext, type RunJobResult } from "./types";

/**
 * Sends the rows in the usual 500-row chunks from the recorded cursor. Each chunk's idempotency
 * key is made of the job id and the chunk number, so a chunk repeated after a crash carries the
 * same key. A chunk that fails after its 3 attempts fails the job with the reason and the rows
 * delivered before.
 */
export async function runExportJob(job: BackgroundJobRow, ctx: JobRunnerContext): Promise<RunJobResult> {
  const parsed = exportJobPayloadSchema.safeParse(job.payload);
  if (!parsed.success) {
    const error = "The job's data could not be read";
    await finishJob(job.id, ctx.owner, { status: "failed", msg: error, error });
    return "done";
  }
  const { target: kind, rows } = parsed.data;
  const target = await webhookTarget(job.userId, kind);
  if (!target) {
    await finishJob(job.id, ctx.owner, { status: "failed", msg: NOT_CONFIGURED[kind], error: NOT_CONFIGURED[kind] });
    return "done";
  }
  const total = rows.length;
  const chunkCount = Math.ceil(total / DELIVERY.chunkRows);
  let cursor = job.cursor;
  while (cursor < total) {
    if (ctx.signal?.aborted) return "stopped";
    const index = Math.floor(cursor / DELIVERY.chunkRows) + 1;
    const chunk = rows.slice(cursor, cursor + DELIVERY.chunkRows);
    const outcome = await deliverOnce(
      target,
      "rows.exported",
      chunk,
      { "x-chunk-index": String(index), "x-chunk-count": String(chunkCount) },
      `${job.id}:${index}`,
    );
    if (!outcome.ok) {
      const error = exportFailureText(outcome.error, cursor, total);
      await finishJob(job.id, ctx.owner, { status: "failed", msg: error, error });
      return "done";
    }
    if (!(await recordChunk(job.id, ctx.owner, { from: cursor, units: chunk.length, done: chunk.length })))
      return "busy";
    cursor += chunk.length;
  }
  await finishJob(job.id, ctx.owner, { status: "completed", msg: SENT[kind] });
  return "done";
}
