import "server-only";
import { logger } from "@/lib/log";
import { deleteStaleImports } from "@/lib/services/csv/csv-files";
import { pruneKeyPacers } from "@/lib/services/generation/pacer-store";
import { pruneRateLimits } from "@/lib/services/rate-limit";
import { pruneToolPacers } from "@/lib/services/sending/tool-pacer";
import { pruneHeartbeats } from "./heartbeat";

/** Housekeeping that any worker may run at any time (idempotent, cheap). */
const SWEEPS: Record<string, () => Promise<number>> = {
  staleCsvImports: deleteStaleImports,
  oldHeartbeats: pruneHeartbeats,
  expiredRateLimits: pruneRateLimits,
  unusedKeyPacers: pruneKeyPacers,
  unusedToolPacers: pruneToolPacers,
};

/** Runs every sweep; a failing one is logged and does not stop the others. Returns what each removed. */
export async function runSweeps(): Promise<Record<string, number>> {
  const log = logger("sweep");
  const removed: Record<string, number> = {};
  for (const [name, sweep] of Object.entries(SWEEPS)) {
    try {
      removed[name] = await sweep();
    } catch (err) {
      log.error({ err, sweep: name }, "sweep failed");
    }
  }
  if (Object.values(removed).some((n) => n > 0)) log.info({ removed }, "sweeps removed stale rows");
  return removed;
}
