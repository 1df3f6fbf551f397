import "server-only";
import { and, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import { isAdminUser } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { backgroundJobs, type BackgroundJobRow, type JobKind, type JobStatus, type UserRow } from "@/lib/db/schema";
import { notFound } from "@/lib/errors";
import { transactionWithQueue } from "@/lib/queue/enqueue";
import { dropLease, takeLease, type LeasedTable } from "@/lib/queue/lease";
import type { JobJson } from "@/lib/responses/admin";

/** A worker holds a job this long after its last chunk (a chunk takes well under a minute). */
const JOB_LEASE_SECONDS = 120;

const ACTIVE: JobStatus[] = ["queued", "running"];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toJobJson(job: Omit<BackgroundJobRow, "payload">): JobJson {
  return {
    jobId: job.id,
    kind: job.kind,
    status: job.status,
    total: job.total,
    done: job.done,
    failed: job.failed,
    failures: job.failures,
    error: job.error,
    msg: job.msg,
    createdAt: job.createdAt.toISOString(),
    updatedAt: job.updatedAt.toISOString(),
    startedAt: iso(job.startedAt),
    finishedAt: iso(job.finishedAt),
  };
}

/** Every column but the (possibly large) payload. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
const { payload: _payload, ...statusColumns } = getTableColumns(backgroundJobs);

/** Jobs started from the admin area: every admin may follow them, not only the one who started them. */
const ADMIN_KINDS: JobKind[] = ["bulk_email"];

/** The job as its owner sees it (an admin also sees admin jobs); 404 for anyone else, as for unknown ids. */
export async function getJobFor(user: UserRow, jobId: string): Promise<JobJson> {
  if (!/^[0-9a-f-]{36}$/i.test(jobId)) throw notFound("Job not found");
  const [job] = await db.select(statusColumns).from(backgroundJobs).where(eq(backgroundJobs.id, jobId));
  if (!job) throw notFound("Job not found");
  const visible = job.userId === user.id || (ADMIN_KINDS.includes(job.kind) && isAdminUser(user));
  if (!visible) throw notFound("Job not found");
  return toJobJson(job);
}

/**
 * Stores a new job and queues it, together; `finished` stores it as already completed (nothing to do)
 * with that message, and queues nothing.
 */
export async function createJob(input: {
  userId: string;
  kind: JobKind;
  total: number;
  payload: unknown;
  finished?: { msg: string };
}): Promise<BackgroundJobRow> {
  return transactionWithQueue(async (tx, enqueueInTx) => {
    const [job] = await tx
      .insert(backgroundJobs)
      .values({
        userId: input.userId,
        kind: input.kind,
        total: input.total,
        payload: input.payload,
        ...(input.finished
          ? { status: "completed" as const, msg: input.finished.msg, startedAt: sql`now()`, finishedAt: sql`now()` }
          : {}),
      })
      .returning();
    if (!input.finished) await enqueueInTx(input.kind, job!.id);
    return job!;
  });
}

/** A job's lease: on its row in `background_jobs`; taking a job starts it. */
export const JOB_LEASE: LeasedTable = {
  table: "background_jobs",
  seconds: JOB_LEASE_SECONDS,
  active: ACTIVE,
  onTake: sql`status = 'running', started_at = coalesce(started_at, now())`,
};

/** Takes (or renews) the job for one worker; null when another live worker holds it or it is over. */
export async function claimJob(jobId: string, owner: string): Promise<BackgroundJobRow | null> {
  if (!(await takeLease(JOB_LEASE, jobId, owner))) return null;
  const [job] = await db.select().from(backgroundJobs).where(eq(backgroundJobs.id, jobId));
  return job ?? null;
}

export interface ChunkProgress {
  /** The cursor the chunk started at (the update applies only if nobody moved it meanwhile). */
  from: number;
  /** Units the chunk covered. */
  units: number;
  done: number;
  failures?: string[];
}

/**
 * Records a finished chunk and renews the lease, in one statement; false when this worker no
 * longer holds the job (its lease lapsed and another worker took it), which must then stop.
 */
export async function recordChunk(jobId: string, owner: string, p: ChunkProgress): Promise<boolean> {
  const failures = p.failures ?? [];
  const rows = await db
    .update(backgroundJobs)
    .set({
      cursor: sql`${backgroundJobs.cursor} + ${p.units}`,
      done: sql`${backgroundJobs.done} + ${p.done}`,
      failed: sql`${backgroundJobs.failed} + ${failures.length}`,
      failures: sql`${backgroundJobs.failures} || ${JSON.stringify(failures)}::jsonb`,
      leaseUntil: sql`now() + make_interval(secs => ${JOB_LEASE_SECONDS})`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(backgroundJobs.id, jobId),
        eq(backgroundJobs.leaseOwner, owner),
        eq(backgroundJobs.cursor, p.from),
        eq(backgroundJobs.status, "running"),
      ),
    )
    .returning({ id: backgroundJobs.id });
  return rows.length > 0;
}

/**
 * Ends the job (completed or failed) with its final message; only its lease holder may, except when the
 * queue gave up on it (`owner` null: whoever held it, while it is still active).
 */
export async function finishJob(
  jobId: string,
  owner: string | null,
  end: { status: "completed" | "failed"; msg: string; error?: string | null },
): Promise<boolean> {
  const rows = await db
    .update(backgroundJobs)
    .set({
      status: end.status,
      msg: end.msg,
      error: end.error ?? null,
      finishedAt: sql`now()`,
      leaseOwner: null,
      leaseUntil: null,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(backgroundJobs.id, jobId),
        owner === null
          ? inArray(backgroundJobs.status, ACTIVE)
          : and(eq(backgroundJobs.leaseOwner, owner), eq(backgroundJobs.status, "running")),
      ),
    )
    .returning({ id: backgroundJobs.id });
  return rows.length > 0;
}

/** Gives the job up without finishing it (a transient failure): another attempt may take it at once. */
export async function releaseJob(jobId: string, owner: string): Promise<void> {
  await dropLease(JOB_LEASE, jobId, owner);
}
