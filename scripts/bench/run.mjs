// One bench run from start to exit: its temporary folder, what must be undone on the way out (also on an
// error or Ctrl-C), and the exit code.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * A run with a fresh temporary folder `tmp` (named from `prefix`). `onCleanup(fn)` adds a step to the
 * cleanup, run in the order added, each step's failure ignored; the folder is removed last. SIGINT and
 * SIGTERM clean up and exit 130.
 */
export function createRun(prefix) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), prefix));
  const steps = [];
  let cleanedUp = false;
  const cleanup = async () => {
    if (cleanedUp) return;
    cleanedUp = true;
    for (const step of steps)
      await Promise.resolve()
        .then(step)
        .catch(() => undefined);
    rmSync(tmp, { recursive: true, force: true });
  };
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => cleanup().finally(() => process.exit(130)));
  return {
    tmp,
    onCleanup: (step) => steps.push(step),
    cleanup,
    /**
     * Runs `main`, cleans up and exits: 0 when `main` answers true, 1 when it answers false or throws
     * (the error is printed after `[label] FAILED:`).
     */
    async finish(label, main) {
      let ok = false;
      try {
        ok = await main();
      } catch (error) {
        console.error(`[${label}] FAILED: ${error.stack ?? error}`);
      } finally {
        await cleanup();
      }
      process.exit(ok ? 0 : 1);
    },
  };
}
