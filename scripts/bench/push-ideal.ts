// What a sending tool's documented limit allows a push (used by scripts/bench/push.ts): the wall time of an oracle
// client that makes the push's calls one after another (each call's answer before the next, as a push does), each
// started as soon as the previous answer and the tool's sliding windows allow, each taking the fake's latency.

/** A documented limit as the tool enforces it: at most `requests` calls arriving in any `windowMs`. */
export interface WindowLimit {
  requests: number;
  windowMs: number;
}

/**
 * Milliseconds from the push's creation (0) to the oracle's last answer, for `calls` calls of `latencyMs` each
 * under `limits`. `before`: the arrival times (ms, relative to 0, so negative) of the key's earlier admitted calls,
 * which still fill the windows (the connection's key check). A call arriving at `t` is admitted when fewer than
 * `requests` admitted calls arrived in (t − windowMs, t], as the fakes count.
 */
export function oracleMs(calls: number, limits: readonly WindowLimit[], latencyMs: number, before: number[] = []) {
  const starts = [...before].sort((a, b) => a - b);
  let answered = 0;
  for (let i = 0; i < calls; i++) {
    let at = answered;
    for (const l of limits)
      if (starts.length >= l.requests) at = Math.max(at, starts[starts.length - l.requests]! + l.windowMs);
    starts.push(at);
    answered = at + latencyMs;
  }
  return answered;
}

/** Leads a minute the limit itself allows at most: the calls its tightest window allows a minute × leads a call. */
export function ceilingPerMinute(limits: readonly WindowLimit[], leadsPerCall: number): number {
  return Math.min(...limits.map((l) => (l.requests * 60_000) / l.windowMs)) * leadsPerCall;
}
