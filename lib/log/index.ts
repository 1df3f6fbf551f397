import pino, { type Logger } from "pino";
import { logLevel, logToConsole } from "@/lib/env";

/**
 * The one logger: structured JSON lines (pino) on stdout, one object per event with `level` as a
 * label, an ISO `time`, `pid`, `hostname`, the `component` of the child logger and the event's
 * fields (`requestId`, `batchId`, `durationMs`...). Errors go under `err` with their stack.
 * No transport (pino-pretty...): worker threads do not survive bundling; pipe through `pino-pretty`
 * to read the logs as text.
 *
 * Writes through process.stdout (synchronous on Linux for files and pipes), so that nothing is lost
 * when a process exits right after logging or a serverless function is frozen after its response.
 * LOG_LEVEL sets the level (default info).
 */
function createLogger(): Logger {
  return pino(
    {
      level: logLevel(),
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: pino.stdSerializers.err },
    },
    // Tests: through console.log, which the test runner shows for failing tests only.
    logToConsole() ? { write: (line: string) => console.log(line.trimEnd()) } : process.stdout,
  );
}

// One instance per process, shared by every bundle of the Next server (like the database handle).
const holder = globalThis as unknown as { __logger?: Logger };

const log: Logger = (holder.__logger ??= createLogger());

/** A child logger whose lines carry `component` (e.g. "http", "worker", "batch", "cron"). */
export function logger(component: string): Logger {
  return log.child({ component });
}
