// `npm run db:migrate`: applies pending migrations to the configured database.
import { closeDatabase, migrateDatabase } from "@/lib/db";
import { env } from "@/lib/env";

const config = env();
await migrateDatabase();
console.log(`Migrations applied (${config.localMode ? `embedded database in ${config.dataDir}` : "PostgreSQL"}).`);
await closeDatabase();
