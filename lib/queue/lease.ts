import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { db } from "@/lib/db";

/**
 * The one lease of the background work (docs/architecture.md, "Background jobs"): the queue gives a job
 * to one worker, and the lease on the work's own row (a run in `batches`, a job in `background_jobs`)
 * makes sure that only one worker acts on it even when the queue hands it out twice (a repeated wake-up,
 * a worker that the queue took for dead but still runs). The holder renews it while it works; every
 * write of progress checks it; a worker that died simply lets it lapse.
 */
export interface LeasedTable {
  /** The table whose rows are leased: it has `id`, `status`, `lease_owner`, `lease_until`, `updated_at`. */
  table: "batches" | "background_jobs" | "pushes" | "email_checks";
  /** How long a lease lasts after its last renewal. */
  seconds: number;
  /** The statuses in which the work may still be taken. */
  active: readonly string[];
  /** What taking the work also sets (its status "running", its start time). */
  onTake: SQL;
}

const inList = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** Takes (or renews) the lease for `owner`; false when another live worker holds it or the work is over. */
export async function takeLease(leased: LeasedTable, id: string, owner: string): Promise<boolean> {
  const result = await db.execute<{ id: string }>(sql`
    update ${sql.identifier(leased.table)} set
      lease_owner = ${owner},
      lease_until = now() + make_interval(secs => ${leased.seconds}),
      updated_at = now(),
      ${leased.onTake}
    where id = ${id} and status in (${inList(leased.active)})
      and (lease_until is null or lease_until < now() or lease_owner = ${owner})
    returning id`);
  return result.rows.length > 0;
}

/** Gives the work up without finishing it: any worker may take it at once. */
export async function dropLease(leased: LeasedTable, id: string, owner: string): Promise<void> {
  await db.execute(sql`
    update ${sql.identifier(leased.table)} set lease_owner = null, lease_until = null, updated_at = now()
    where id = ${id} and lease_owner = ${owner}`);
}

/**
 * When another worker's lease keeps the work from `owner` (the work still active, its lease unexpired and
 * not `owner`'s): the time it lapses; null when the work is over or free.
 */
export async function leaseHeldUntil(leased: LeasedTable, id: string, owner: string): Promise<Date | null> {
  const result = await db.execute<{ lease_until: string | Date }>(sql`
    select lease_until from ${sql.identifier(leased.table)}
    where id = ${id} and status in (${inList(leased.active)})
      and lease_until > now() and lease_owner is distinct from ${owner}`);
  const until = result.rows[0]?.lease_until;
  return until ? new Date(until) : null;
}
