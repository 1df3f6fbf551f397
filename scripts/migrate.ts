// `npm run db:migrate`: applies pending migrations to the configured database.
import { closeDatabase, migrateDatabase } from "@/lib/db";
import { envOrExit } from "@/lib/env";

const config = envOrExit("db:migrate");
await migrateDatabase();
console.log(`Migrations applied (${config.localMode ? `embedded database in ${config.dataDir}` : "PostgreSQL"}).`);
await closeDatabase();
