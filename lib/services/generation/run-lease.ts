import "server-only";
import { sql } from "drizzle-orm";
import { dropLease, takeLease, type LeasedTable } from "@/lib/queue/lease";
import { ACTIVE_STATUSES, readBatch, type BatchRow } from "./batch-control";

/** How often a run renews its lease (the lease lapses 30 s after the last renewal). */
const LEASE_RENEW_MS = 10_000;

/** A run's lease: on its row in `batches`; taking a queued run starts it. */
export const RUN_LEASE: LeasedTable = {
  table: "batches",
  seconds: 30,
  active: ACTIVE_STATUSES,
  onTake: sql`status = case when status = 'queued' then 'running' else status end`,
};

/**
 * Takes (or renews) the run for one worker: the run as it is now; null when another live worker holds
 * it or it is over.
 */
export async function acquireRun(batchId: string, workerId: string): Promise<BatchRow | null> {
  return (await takeLease(RUN_LEASE, batchId, workerId)) ? readBatch(batchId) : null;
}

/** Waits `ms`, or less when `signal` is aborted: the one sleep of the run engine. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });
}

/** The lease a worker holds on a run while it carries it out (both strategies: standard and provider batch). */
export interface RunLease {
  /** Renews the lease when it is due; false once another worker holds the run. */
  renew(): Promise<boolean>;
  /** Runs `fn` while renewing the lease in the background (a long provider call, a large download). */
  keep<T>(fn: () => Promise<T>): Promise<T>;
  /** Gives the run up: any worker may take it at once. */
  release(): Promise<void>;
}

export function runLease(batchId: string, workerId: string): RunLease {
  let lastRenew = Date.now();
  return {
    async renew() {
      if (Date.now() - lastRenew < LEASE_RENEW_MS) return true;
      lastRenew = Date.now();
      return takeLease(RUN_LEASE, batchId, workerId);
    },
    async keep(fn) {
      const timer = setInterval(
        () => void takeLease(RUN_LEASE, batchId, workerId).catch(() => undefined),
        LEASE_RENEW_MS,
      );
      try {
        return await fn();
      } finally {
        clearInterval(timer);
      }
    },
    release: () => dropLease(RUN_LEASE, batchId, workerId),
  };
}
