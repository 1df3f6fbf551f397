import { after } from "next/server";

/**
 * Work that must not delay (or show in the timing of) a response: e-mails whose sending would
 * otherwise tell an existing address from an unknown one. In a request, Next's `after()` runs it
 * once the response has been sent; outside one (tests, scripts) it starts at once without being
 * awaited. Failures are logged, never thrown to the caller.
 */
const holder = globalThis as unknown as { __backgroundTasks?: Set<Promise<void>> };
const pending = (holder.__backgroundTasks ??= new Set());

function track(work: Promise<unknown>, label: string): Promise<void> {
  const tracked: Promise<void> = work
    .then(() => undefined)
    .catch((error) => console.error(`[background] ${label} failed`, error))
    .finally(() => pending.delete(tracked));
  pending.add(tracked);
  return tracked;
}

function inRequest(register: () => void): boolean {
  try {
    register();
    return true;
  } catch {
    return false; // `after` was called outside a request scope
  }
}

/** Runs `task` after the response (see above). */
export function afterResponse(label: string, task: () => Promise<unknown>): void {
  if (inRequest(() => after(() => track(task(), label)))) return;
  void track(task(), label);
}

/** A promise that has already started (e.g. Better Auth's mail callbacks): not awaited by the response. */
export function inBackground(promise: Promise<unknown>, label = "task"): void {
  const tracked = track(promise, label);
  inRequest(() => after(tracked));
}

/** Waits until every background task of this process has finished (outbox readers, tests). */
export async function settleBackgroundTasks(): Promise<void> {
  while (pending.size) await Promise.all([...pending]);
}
