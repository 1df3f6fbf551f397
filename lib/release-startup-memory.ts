import "server-only";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/**
 * One full garbage collection right after startup in local mode. Opening the embedded database and
 * migrating it leaves garbage (and, where the server had to create a new database itself rather than
 * in a child process — lib/db/local-data-dir.ts — initdb's WebAssembly instance, ~300-400 MB) until
 * the next full collection frees it; an idle server may not run one for minutes, so its memory would
 * stay at the start-up peak. `gc` is made reachable for this one call (no flag on the command line,
 * so `node server.js` in a container does it too).
 */
export function releaseStartupMemory(): void {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as (() => void) | undefined;
  gc?.();
}
