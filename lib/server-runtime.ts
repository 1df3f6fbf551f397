import { ConfigError, envOrExit } from "@/lib/env";
import { logger } from "@/lib/log";

/** Startup of the app server: configuration, migrations, and the background work of its WORKER_MODE. */
export async function startServerRuntime(): Promise<void> {
  const config = envOrExit("startup");
  const log = logger("startup");
  log.info(
    {
      database: config.localMode ? "pglite" : "postgres",
      dataDir: config.localMode ? config.dataDir : undefined,
      mail: config.mailDriver,
      payments: config.paymentsDriver,
      workerMode: config.workerMode,
      appUrl: config.appUrl,
    },
    config.localMode ? `local mode (embedded database in ${config.dataDir})` : "PostgreSQL",
  );
  if (config.testMode) {
    console.warn(
      `[startup] WARNING: test drivers are active on a deployment (ALLOW_TEST_DRIVERS=1; mail: ${config.mailDriver}, payments: ${config.paymentsDriver}). ` +
        "Anyone can read /dev/mailbox (password-reset links included) and complete test payments. Never use this in production.",
    );
  }
  const { migrateDatabase } = await import("@/lib/db");
  try {
    if (config.localMode && config.dataDir !== "memory") {
      await (await import("@/lib/db/local-data-dir")).createLocalDataDir(config.dataDir);
    }
    await migrateDatabase();
  } catch (error) {
    // The embedded database cannot be opened (a read-only disk): one clear line, not a stack.
    if (error instanceof ConfigError) {
      console.error(`\n[startup] ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  log.info("database migrations applied");
  const { getBoss, queueReady } = await import("@/lib/queue/boss");
  switch (config.workerMode) {
    case "inline": {
      const { startWorker } = await import("@/lib/queue/worker");
      await startWorker("inline");
      break;
    }
    case "off":
      // Web only: `npm run worker` processes take the jobs this process sends.
      await getBoss();
      log.info("WORKER_MODE=off: background jobs run in `npm run worker` processes");
      break;
    case "cron":
      // No background loop: due work runs when /api/cron/work is called. The queue's schema is
      // installed once (the first start on a new database), not on every cold start.
      if (!(await queueReady())) await getBoss();
      log.info("WORKER_MODE=cron: background jobs run when /api/cron/work is called");
      break;
  }
  if (!config.databaseUrl) (await import("@/lib/release-startup-memory")).releaseStartupMemory();
}
