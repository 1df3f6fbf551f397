// `npm run worker`: runs only the background job worker, for scaling out on PostgreSQL.
import { envOrExit } from "@/lib/env";
import { logger } from "@/lib/log";

const config = envOrExit("worker");
if (config.localMode) {
  console.error(
    "npm run worker needs DATABASE_URL: in local mode the embedded database belongs to the app process, and the worker already runs inside `npm start`.",
  );
  process.exit(1);
}
const log = logger("worker");
const { startWorker, stopWorker } = await import("@/lib/queue/worker");
await startWorker("worker");
log.info("running; press Ctrl+C to stop");

// Stop cleanly: no new work, rows in flight end, batches are handed over at once (not after their lease lapses).
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    log.info({ signal }, "stopping: letting the work in flight end");
    void stopWorker()
      .then(async () => {
        const { closeDatabase } = await import("@/lib/db");
        await closeDatabase();
        log.info("stopped");
        process.exit(0);
      })
      .catch((err: unknown) => {
        log.error({ err }, "stop failed");
        process.exit(1);
      });
  });
}
