import { closeDatabase as closeDb, migrateDatabase } from "@/lib/db";
import { stopBoss } from "@/lib/queue/boss";

/** For integration files: `beforeAll(setupTestDatabase)` and `afterAll(closeDatabase)`. */
export async function setupTestDatabase(): Promise<void> {
  await migrateDatabase();
}

/** Stops pg-boss if a route started it (enqueuing a job), then closes the database. */
export async function closeDatabase(): Promise<void> {
  await stopBoss();
  await closeDb();
}
