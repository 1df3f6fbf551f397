// What a provider key allows: the best wall time of an oracle client that starts a request whenever the key's
// buckets and the in-flight cap allow (used by scripts/bench/bulk.ts).

export interface KeyModel {
  /** Requests per minute. */
  rpm: number;
  /** Tokens per minute (0 = none); each request costs `tokensPerRequest`. */
  tpm: number;
  tokensPerRequest: number;
  /** "sliding-window" (60 s window of requests) or "token-bucket" (refilled continuously, as the real APIs). */
  algorithm: "sliding-window" | "token-bucket";
  latencyMs: number;
  /** Requests in flight at most. */
  cap: number;
}

/** Seconds the key needs for `rows` requests, from a full bucket. */
export function idealSeconds(rows: number, k: KeyModel): number {
  const starts: number[] = [];
  const ends: number[] = [];
  let t = 0;
  let req = k.rpm;
  let tok = k.tpm;
  let at = 0;
  const refill = (to: number) => {
    req = Math.min(k.rpm, req + ((to - at) * k.rpm) / 60_000);
    if (k.tpm) tok = Math.min(k.tpm, tok + ((to - at) * k.tpm) / 60_000);
    at = to;
  };
  while (starts.length < rows) {
    refill(t);
    const inFlight = ends.filter((x) => x > t).length;
    const waits: number[] = [];
    if (inFlight >= k.cap) waits.push(Math.min(...ends.filter((x) => x > t)));
    if (k.algorithm === "sliding-window") {
      if (starts.length >= k.rpm) waits.push(starts[starts.length - k.rpm]! + 60_000);
    } else if (req < 1) waits.push(t + ((1 - req) * 60_000) / k.rpm);
    if (k.tpm && tok < k.tokensPerRequest) waits.push(t + ((k.tokensPerRequest - tok) * 60_000) / k.tpm);
    const next = Math.max(t, ...waits);
    if (next > t) {
      t = next;
      continue;
    }
    starts.push(t);
    ends.push(t + k.latencyMs);
    req -= 1;
    if (k.tpm) tok -= k.tokensPerRequest;
  }
  return Math.max(...ends) / 1000;
}
