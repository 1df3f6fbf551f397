import "server-only";
import { logger } from "@/lib/log";
import { orphanedJobs } from "@/lib/services/jobs/jobs";
import { dispatchJob } from "./boss";
import { runBackgroundJob } from "./handlers";

/** Runs one pg-boss job of a background-job queue (the data is `{ jobId }`); the lease owner is the pg-boss job. */
export async function handleBackgroundJob(
  job: { id: string; data: { jobId: string } },
  workerId: string,
): Promise<void> {
  try {
    await runBackgroundJob(job.data.jobId, { workerId: `${workerId}:${job.id}` });
  } catch (err) {
    // A transient failure (database...): the recorded chunks stay; pg-boss retries the job.
    logger("worker").error({ err, jobId: job.data.jobId }, "background job stopped by an error; it will be retried");
    throw err;
  }
}

/** Dispatches background jobs no live worker holds (never started, or left by a worker that died). */
export async function resumeOrphanedJobs(): Promise<number> {
  const jobs = await orphanedJobs();
  for (const job of jobs) await dispatchJob(job.id, job.kind);
  return jobs.length;
}
