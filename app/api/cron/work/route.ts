import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { handle } from "@/lib/http/handlers";
import { cronAuthorized, runDueWork } from "@/lib/queue/cron";

export const dynamic = "force-dynamic";

/**
 * Runs due background work for at most CRON_BUDGET_SECONDS and answers `{ processed, remaining }`
 * (WORKER_MODE=cron; Vercel Cron calls it with GET). `Authorization: Bearer $CRON_SECRET`, else 401.
 */
const work = handle(async ({ req }) => {
  const config = env();
  if (!cronAuthorized(req.headers.get("authorization"), config.cronSecret)) {
    throw new AppError("unauthenticated", "Invalid or missing cron secret");
  }
  return runDueWork(config.cronBudgetSeconds * 1000);
});

export const GET = work;
export const POST = work;
