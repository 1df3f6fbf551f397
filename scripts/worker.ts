// `npm run worker`: runs only the background job worker, for scaling out on PostgreSQL.
import { envOrExit } from "@/lib/env";

const config = envOrExit("worker");
if (config.localMode) {
  console.error(
    "npm run worker needs DATABASE_URL: in local mode the embedded database belongs to the app process, and the worker already runs inside `npm start`.",
  );
  process.exit(1);
}
const { startWorker } = await import("@/lib/jobs/worker");
await startWorker();
console.log("[worker] running; press Ctrl+C to stop.");
