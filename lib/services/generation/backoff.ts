/**
 * Jittered exponential backoff for transient failures: ~1 s, 2 s, 4 s... (±50 %), capped at 30 s; `firstMs`
 * sets the first wait (1 s by default). (Rate limits are not handled here: the key's pacer, key-pacer.ts, and
 * the tool pacer keep requests under them.)
 */
export function backoffMs(attempt: number, random: () => number = Math.random, firstMs = 1000): number {
  const base = Math.min(30_000, firstMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.5 + random()));
}
