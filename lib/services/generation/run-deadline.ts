import type { RunDeadline } from "./run-options";

/** The SDKs' request timeout when none is given. */
const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;
/** A request is never given less than this, even right before the deadline. */
const MIN_REQUEST_TIMEOUT_MS = 100;

/** No row may start any more: the deadline's startBy has passed, or its signal was aborted. */
export function pastStartBy(deadline: RunDeadline | undefined, now = Date.now()): boolean {
  if (!deadline) return false;
  return (deadline.startBy !== undefined && now >= deadline.startBy) || deadline.signal?.aborted === true;
}

/** Milliseconds to the deadline's startBy (a wait wakes up then, to stop waiting for a row that will not start). */
export function msUntilStartBy(deadline: RunDeadline | undefined, now: number): number {
  return deadline?.startBy !== undefined ? Math.max(0, deadline.startBy - now) : Infinity;
}

/** A request's timeout, shortened so that it ends by the deadline's endBy; `cut` when it was. */
export function requestTimeout(
  deadline: RunDeadline | undefined,
  timeoutMs: number | undefined,
): { timeoutMs: number | undefined; cut: boolean } {
  if (deadline?.endBy === undefined) return { timeoutMs, cut: false };
  const full = timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const left = Math.max(MIN_REQUEST_TIMEOUT_MS, deadline.endBy - Date.now());
  return left < full ? { timeoutMs: left, cut: true } : { timeoutMs: full, cut: false };
}
