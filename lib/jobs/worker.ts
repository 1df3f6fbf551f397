import "server-only";
import { migrateDatabase } from "@/lib/db";

/**
 * Starts the background worker in this process. Job handlers are registered here as
 * features add them (bulk generation, webhook deliveries).
 */
export async function startWorker(): Promise<void> {
  await migrateDatabase();
}
