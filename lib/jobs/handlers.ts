import "server-only";
import { runBatch } from "@/lib/services/generation/run-batch";
import type { RunDeadline } from "@/lib/services/generation/run-options";
import { runJob } from "@/lib/services/jobs/run-job";
import { QUEUES, type QueueName } from "./boss";

export interface JobContext {
  /** Lease owner of this job's run: unique per job attempt. */
  workerId: string;
  /** Set by cron calls (their budget) and by a worker shutting down: the job hands its work over. */
  deadline?: RunDeadline;
}

/** "yielded": the job stopped at its deadline with work left; it is sent again (or resumed by a scan). */
export type JobOutcome = "done" | "yielded";
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each queue has its own payload
export type JobHandler = (data: any, ctx: JobContext) => Promise<JobOutcome>;

/** Runs a batch under its lease until it is over or the deadline comes ("busy": another worker has it). */
async function runBatchJob(batchId: string, ctx: JobContext): Promise<JobOutcome> {
  const outcome = await runBatch(batchId, { workerId: ctx.workerId, deadline: ctx.deadline });
  return outcome === "yielded" ? "yielded" : "done";
}

/**
 * One handler per queue: the SAME code runs the job in every worker mode (inline loop,
 * `npm run worker`, cron call). A new background job adds its queue in ./boss.ts and its handler here.
 */
/** Runs a background job (bulk e-mail, webhook export) from its recorded progress, chunk by chunk. */
export async function runBackgroundJob(jobId: string, ctx: JobContext): Promise<JobOutcome> {
  const outcome = await runJob(jobId, { workerId: ctx.workerId, signal: ctx.deadline?.signal });
  return outcome === "stopped" ? "yielded" : "done";
}

export const JOB_HANDLERS: Record<QueueName, JobHandler> = {
  [QUEUES.generateBatch]: (data: { batchId: string }, ctx) => runBatchJob(data.batchId, ctx),
  [QUEUES.bulkEmail]: (data: { jobId: string }, ctx) => runBackgroundJob(data.jobId, ctx),
  [QUEUES.webhookExport]: (data: { jobId: string }, ctx) => runBackgroundJob(data.jobId, ctx),
};
