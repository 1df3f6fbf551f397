/**
 * Milliseconds a `Retry-After` header asks to wait: seconds, or an HTTP date; null when absent or unreadable.
 * A header sent twice arrives joined ("1, 1"): its first value counts (a date keeps its own comma).
 */
export function retryAfterHeaderMs(value: string | null | undefined, now = Date.now()): number | null {
  const text = value?.trim();
  if (!text) return null;
  const seconds = Number(text.split(",")[0]);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
