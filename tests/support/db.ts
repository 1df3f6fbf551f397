import { closeDatabase, migrateDatabase } from "@/lib/db";

/** For integration files: `beforeAll(setupTestDatabase)` and `afterAll(closeDatabase)`. */
export async function setupTestDatabase(): Promise<void> {
  await migrateDatabase();
}

export { closeDatabase };
