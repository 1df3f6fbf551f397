import "server-only";
import { sql } from "drizzle-orm";
import { fromDrizzle, type PgBoss } from "pg-boss";
import { db, type Tx } from "@/lib/db";
import { getBoss, QUEUES, type WorkKind } from "./boss";

/** What every job of every queue carries: the id of the row that holds the work and its progress. */
export interface WorkData {
  id: string;
}

export interface EnqueueOptions {
  /** Not before (a provider batch's next poll). */
  startAfter?: Date;
  /** The work's jobs still waiting (a parked run's wake-up) are cancelled: this one replaces them. */
  replaceWaiting?: boolean;
}

/** Queues work inside a transaction: the job exists if and only if the transaction commits. */
export type EnqueueInTx = (kind: WorkKind, id: string, options?: EnqueueOptions) => Promise<void>;

async function send(boss: PgBoss, kind: WorkKind, id: string, options: EnqueueOptions & { tx?: Tx }): Promise<void> {
  const data: WorkData = { id };
  const connection = options.tx ? { db: fromDrizzle(options.tx, sql) } : {};
  if (options.replaceWaiting) {
    const waiting = await boss.findJobs(QUEUES[kind], { data, queued: true, ...connection });
    if (waiting.length > 0)
      await boss.cancel(
        QUEUES[kind],
        waiting.map((job) => job.id),
        connection,
      );
  }
  await boss.send(QUEUES[kind], data, {
    ...(options.startAfter ? { startAfter: options.startAfter } : {}),
    ...connection,
  });
}

/**
 * Queues work for any worker (every WORKER_MODE: the inline loop, `npm run worker`, the next cron call).
 * A second job for the same work is harmless: the work's lease lets one worker act, the other ends.
 */
export async function enqueue(kind: WorkKind, id: string, options: EnqueueOptions = {}): Promise<void> {
  await send(await getBoss(), kind, id, options);
}

/**
 * Runs `fn` in a transaction that can queue work: the row that holds the work and its job are committed
 * together, so no work is ever recorded without its job (nor a job without its work). pg-boss is started
 * before the transaction opens (with the embedded database, a start inside it would wait for it).
 */
export async function transactionWithQueue<T>(fn: (tx: Tx, enqueueInTx: EnqueueInTx) => Promise<T>): Promise<T> {
  const boss = await getBoss();
  return db.transaction((tx) =>
    fn(tx, async (kind, id, options = {}) => {
      await send(boss, kind, id, { ...options, tx });
    }),
  );
}
