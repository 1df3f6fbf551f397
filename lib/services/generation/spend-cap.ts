/**
 * The spending cap of one bulk run (pure bookkeeping, no I/O): no row starts whose expected cost,
 * added to what the batch has recorded and what the rows in flight are expected to cost, would
 * pass the cap. A row is expected to cost the most any row of this batch has cost so far; until one
 * has been costed, rows start one at a time.
 */
export type CapDecision = "start" | "wait" | "stop";

export class SpendCap {
  private highest = 0;
  private costed = 0;

  /**
   * @param capUsd the cap in USD
   * @param spentUsd what the batch has recorded so far (earlier runs of it)
   * @param averageUsd the average cost per row of those earlier rows (0 when none)
   */
  constructor(
    readonly capUsd: number,
    private spentUsd: number,
    averageUsd = 0,
  ) {
    if (averageUsd > 0) {
      this.highest = averageUsd;
      this.costed = 1;
    }
  }

  get spent(): number {
    return this.spentUsd;
  }

  /** A row's billed cost, once recorded (null: the provider sent no usage, or the price is unknown). */
  add(costUsd: number | null): void {
    if (costUsd === null) return;
    this.spentUsd += costUsd;
    this.highest = Math.max(this.highest, costUsd);
    this.costed++;
  }

  /** Whether the next row may start with `inFlight` rows still running. */
  decide(inFlight: number): CapDecision {
    if (this.costed === 0) {
      if (inFlight > 0) return "wait";
      return this.spentUsd >= this.capUsd ? "stop" : "start";
    }
    if (this.spentUsd + (inFlight + 1) * this.highest <= this.capUsd) return "start";
    // Rows in flight may cost less than feared: decide again once they are recorded.
    return inFlight > 0 ? "wait" : "stop";
  }
}
