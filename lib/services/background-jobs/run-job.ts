import "server-only";
import type { BackgroundJobRow, JobKind } from "@/lib/db/schema";
import { runBulkEmailJob } from "./bulk-email-job";
import { runExportJob } from "./export-job";
import { claimJob, releaseJob } from "./jobs";
import type { JobRunnerContext, RunJobResult } from "./types";

export interface RunJobOptions {
  /** The lease owner (one per pg-boss job, like batches). */
  workerId: string;
  /** Stops between chunks, leaving the lease as a crash would (tests). */
  signal?: AbortSignal;
}

const RUNNERS: Record<JobKind, (job: BackgroundJobRow, ctx: JobRunnerContext) => Promise<RunJobResult>> = {
  bulk_email: runBulkEmailJob,
  webhook_export: runExportJob,
};

/**
 * Runs a background job from its recorded progress: chunk after chunk, each recorded before the
 * next starts, so a job taken over after a crash starts at the first chunk not recorded.
 */
export async function runJob(jobId: string, options: RunJobOptions): Promise<RunJobResult> {
  const job = await claimJob(jobId, options.workerId);
  if (!job) return "busy";
  try {
    return await RUNNERS[job.kind](job, { owner: options.workerId, signal: options.signal });
  } catch (error) {
    // A transient failure (database...): the recorded chunks stay; the next attempt continues.
    await releaseJob(jobId, options.workerId).catch(() => undefined);
    throw error;
  }
}
