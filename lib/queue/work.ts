import "server-only";
import type { RunDeadline } from "@/lib/services/generation/run-options";
import type { WorkKind } from "./boss";
import type { LeasedTable } from "./lease";

export interface JobContext {
  /** Lease owner of this job's work: unique per job attempt. */
  workerId: string;
  /** Set by cron calls (their budget) and by a worker shutting down: the job hands its work over. */
  deadline?: RunDeadline;
}

/**
 * "done": the work is over, parked with its wake-up queued, or held by another worker; "yielded": it
 * stopped at its deadline with work left, and is queued again.
 */
export type JobOutcome = "done" | "yielded";

/**
 * A kind's module is loaded when its first job runs, not when the worker starts: a server that has not run
 * a push, a check or a run yet does not hold their code (and the provider SDKs) in memory.
 */
const runs = () => import("@/lib/services/generation/run-batch");
const runLeases = () => import("@/lib/services/generation/run-lease");
const jobs = () => import("@/lib/services/background-jobs/jobs");
const jobRuns = () => import("@/lib/services/background-jobs/run-job");
const pushJobs = () => import("@/lib/services/sending/push-job");
const checkJobs = () => import("@/lib/services/email-checks/check-job");
const jobLease = async () => (await jobs()).JOB_LEASE;

interface Work {
  /** The lease on the work's own row (which table, how long, in which statuses it may be taken). */
  lease(): Promise<LeasedTable>;
  /** Carries the work out from its recorded progress until it is over or the deadline comes. */
  handle(id: string, ctx: JobContext): Promise<JobOutcome>;
  /** The queue gave up after its last retry: the work ends failed with this message. */
  giveUp(id: string, msg: string): Promise<void>;
}

/**
 * One handler per kind of work: the SAME code runs in every worker mode (inline loop, `npm run worker`,
 * cron call). A new kind adds its queue in ./boss.ts and its handler here.
 */
export const WORK: Record<WorkKind, Work> = {
  run: {
    lease: async () => (await runLeases()).RUN_LEASE,
    handle: async (id, ctx) =>
      (await (await runs()).runBatch(id, { workerId: ctx.workerId, deadline: ctx.deadline })) === "yielded"
        ? "yielded"
        : "done",
    giveUp: async (id, msg) => (await runs()).abandonRun(id, msg),
  },
  bulk_email: { lease: jobLease, handle: runBackgroundJob, giveUp: giveUpJob },
  webhook_export: { lease: jobLease, handle: runBackgroundJob, giveUp: giveUpJob },
  push: {
    lease: async () => (await pushJobs()).PUSH_LEASE,
    handle: async (id, ctx) =>
      (await pushJobs()).runPush(id, { workerId: ctx.workerId, signal: stopSignal(ctx.deadline) }),
    giveUp: async (id, msg) => (await pushJobs()).giveUpPush(id, msg),
  },
  email_check: {
    lease: async () => (await checkJobs()).CHECK_LEASE,
    handle: async (id, ctx) =>
      (await checkJobs()).runEmailCheck(id, { workerId: ctx.workerId, signal: stopSignal(ctx.deadline) }),
    giveUp: async (id, msg) => (await checkJobs()).giveUpEmailCheck(id, msg),
  },
};

/**
 * When work that stops between steps must stop: a worker shutting down (the deadline's signal), or a cron
 * call's start-by time (no new step after it: the job is queued again for the next call).
 */
function stopSignal(deadline: RunDeadline | undefined): AbortSignal | undefined {
  const signals: AbortSignal[] = [];
  if (deadline?.signal) signals.push(deadline.signal);
  if (deadline?.startBy !== undefined) signals.push(AbortSignal.timeout(Math.max(0, deadline.startBy - Date.now())));
  return signals.length > 0 ? AbortSignal.any(signals) : undefined;
}

/** A bulk e-mail or a webhook export, chunk by chunk from its recorded progress. */
async function runBackgroundJob(id: string, ctx: JobContext): Promise<JobOutcome> {
  const { runJob } = await jobRuns();
  return (await runJob(id, { workerId: ctx.workerId, signal: stopSignal(ctx.deadline) })) === "stopped"
    ? "yielded"
    : "done";
}

/** A bulk e-mail or a webhook export the queue gave up on: failed with the message, whoever held it. */
async function giveUpJob(id: string, msg: string): Promise<void> {
  const { finishJob } = await jobs();
  await finishJob(id, null, { status: "failed", msg, error: msg });
}
