import "server-only";
import { PgBoss, fromPglite } from "pg-boss";
import { dbKind, pgliteClient } from "@/lib/db";
import { env } from "@/lib/env";

export const QUEUES = { generateBatch: "generate-batch" } as const;

const holder = globalThis as unknown as { __boss?: Promise<PgBoss> };

async function createBoss(): Promise<PgBoss> {
  const config = env();
  const boss =
    dbKind() === "pglite"
      ? new PgBoss({ db: fromPglite(pgliteClient()!), backend: "pglite" })
      : new PgBoss({ connectionString: config.databaseUrl!, max: 4 });
  boss.on("error", (error) => console.error("[jobs] pg-boss error", error));
  await boss.start();
  await boss.createQueue(QUEUES.generateBatch, { expireInSeconds: 6 * 60 * 60, retryLimit: 3, retryDelay: 5, deleteAfterSeconds: 24 * 60 * 60 }).catch(() => undefined);
  return boss;
}

/** The process's pg-boss instance (started on first use; one per process). */
export function getBoss(): Promise<PgBoss> {
  holder.__boss ??= createBoss().catch((error) => {
    holder.__boss = undefined;
    throw error;
  });
  return holder.__boss;
}

/** Enqueues the job that runs a batch (repeats within 10 s are dropped; extra ones are harmless). */
export async function dispatchBatch(batchId: string): Promise<void> {
  const boss = await getBoss();
  await boss.send(QUEUES.generateBatch, { batchId }, { singletonKey: batchId, singletonSeconds: 10 });
}
