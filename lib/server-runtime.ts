import { ConfigError, env } from "@/lib/env";

/** Startup of the app server: configuration, migrations, background worker. */
export async function startServerRuntime(): Promise<void> {
  try {
    const config = env();
    console.log(
      `[startup] ${config.localMode ? "local mode (embedded database in " + config.dataDir + ")" : "PostgreSQL"}; mail: ${config.mailDriver}; payments: ${config.paymentsDriver}`,
    );
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`\n[startup] ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const { migrateDatabase } = await import("@/lib/db");
  await migrateDatabase();
  console.log("[startup] database migrations applied");
}
