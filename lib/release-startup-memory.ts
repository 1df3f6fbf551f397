import "server-only";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/**
 * One full garbage collection right after startup in local mode. Opening a new embedded database
 * runs PostgreSQL's initdb in a WebAssembly instance of its own, which holds ~300-400 MB until the
 * next full collection frees it; an idle server may not run one for minutes, so its memory would
 * stay at the start-up peak. `gc` is made reachable for this one call (no flag on the command line,
 * so `node server.js` in a container does it too).
 */
export function releaseStartupMemory(): void {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as (() => void) | undefined;
  gc?.();
}
