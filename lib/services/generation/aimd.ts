/**
 * Adaptive concurrency for one provider key (AIMD, like TCP congestion control): the number of
 * requests in flight doubles per round trip until the first 429 (slow start), then grows by one
 * per round trip; a 429 halves it once per congestion event and pauses new requests for as long
 * as the provider's retry-after (or rate-limit reset) says. Never above `max`.
 */
export class AimdController {
  private limit: number;
  private slowStart = true;
  private pausedUntil = 0;
  private lastDecreaseAt = -Infinity;

  constructor(
    private readonly max: number,
    initial = Math.min(4, max),
    private readonly now: () => number = Date.now,
  ) {
    this.limit = Math.max(1, Math.min(initial, max));
  }

  /** Whole requests allowed in flight now. */
  get concurrency(): number {
    return Math.max(1, Math.floor(this.limit));
  }

  /** Milliseconds until new requests may start (0 = now). */
  waitMs(): number {
    return Math.max(0, this.pausedUntil - this.now());
  }

  canStart(inFlight: number): boolean {
    return this.waitMs() === 0 && inFlight < this.concurrency;
  }

  onSuccess(): void {
    this.limit = Math.min(this.max, this.slowStart ? this.limit + 1 : this.limit + 1 / this.limit);
  }

  /**
   * A 429 for a request started at `startedAt`. Requests that were already in flight when the
   * limit was last cut belong to the same congestion event and do not cut it again.
   */
  onRateLimited(startedAt: number, retryAfterMs: number | undefined): void {
    const now = this.now();
    if (startedAt >= this.lastDecreaseAt) {
      this.limit = Math.max(1, this.limit / 2);
      this.lastDecreaseAt = now;
      this.slowStart = false;
    }
    const wait = retryAfterMs ?? 1000;
    this.pausedUntil = Math.max(this.pausedUntil, now + wait + Math.random() * 250);
  }

  /** The provider said how many requests are left in its window: pause at zero until it resets. */
  onRateInfo(remaining: number | undefined, resetMs: number | undefined): void {
    if (remaining === 0 && resetMs !== undefined) this.pausedUntil = Math.max(this.pausedUntil, this.now() + resetMs);
  }
}

/** Jittered exponential backoff for transient failures: ~1 s, 2 s, 4 s... (±50 %), capped at 30 s. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.5 + random()));
}
