import { envOrExit } from "@/lib/env";

/** Startup of the app server: configuration, migrations, background worker. */
export async function startServerRuntime(): Promise<void> {
  const config = envOrExit("startup");
  console.log(
    `[startup] ${config.localMode ? `local mode (embedded database in ${config.dataDir})` : "PostgreSQL"}; mail: ${config.mailDriver}; payments: ${config.paymentsDriver}`,
  );
  const { migrateDatabase } = await import("@/lib/db");
  await migrateDatabase();
  console.log("[startup] database migrations applied");
  const { startWorker } = await import("@/lib/jobs/worker");
  await startWorker();
}
