import { handle } from "@/lib/http/handlers";
import { json } from "@/lib/http/respond";
import { healthReport } from "@/lib/queue/health";

export const dynamic = "force-dynamic";

/** Readiness and liveness: `{ ok, db, queue, worker: { mode, lastBeatAt } }`, 200 when ok, else 503. */
export const GET = handle(
  async () => {
    const report = await healthReport();
    return json(report, report.ok ? 200 : 503);
  },
  { logLevel: "debug" },
);
