/**
 * The schedule of one provider key, GCRA-style (a token bucket expressed in time): each bucket
 * (requests per minute; tokens per minute; Anthropic's output tokens per minute, which it keeps apart
 * from input tokens and charges `max_tokens` at the start) has a "theoretical arrival time" `tat`, the moment the
 * provider's bucket would be full again. A request costing `c` (60 000 / limit ms per request, per
 * token) may start at `t` when `max(tat, t) + c − t ≤ window`, where the window is a minute (the
 * bucket holds a minute of the limit) less a small slack for jitter. So a fresh key bursts up to its
 * bucket and then runs at exactly the limit, never a fixed window. lib/services/generation/pacer-store.ts
 * runs the same math in one SQL UPDATE.
 */

/** The bucket holds one minute of the limit; keep this much of it unused against timing jitter. */
export const BUCKET_MS = 60_000;
const SLACK = 0.01;
export const WINDOW_MS = BUCKET_MS * (1 - SLACK);

export interface PacerState {
  requestLimit: number | null;
  /** OpenAI: input + output cap. Anthropic (when it reports its buckets apart): input tokens only. */
  tokenLimit: number | null;
  /** Anthropic's output tokens per minute; null when the key has no separate output bucket. */
  outputTokenLimit: number | null;
  requestTat: number;
  tokenTat: number;
  outputTokenTat: number;
  pausedUntil: number;
}

/** A key nothing is known of yet: no limits, every bucket full. */
export const UNKNOWN_KEY: PacerState = {
  requestLimit: null,
  tokenLimit: null,
  outputTokenLimit: null,
  requestTat: 0,
  tokenTat: 0,
  outputTokenTat: 0,
  pausedUntil: 0,
};

/** What requests cost: their input tokens (estimated) and their output caps. */
export interface RequestTokens {
  input: number;
  output: number;
}

/** A slot in a key's schedule: when the reserved requests may start, and the buckets after them. */
export interface PacerReservation {
  /** Epoch ms at which the reserved requests may start. */
  start: number;
  state: PacerState;
}

/** Milliseconds of bucket one request / `tokens` tokens use; 0 when the limit is unknown. */
const requestCost = (s: PacerState, n = 1) => (s.requestLimit ? (n * BUCKET_MS) / s.requestLimit : 0);
export const tokenCost = (s: PacerState, tokens: number) => (s.tokenLimit ? (tokens * BUCKET_MS) / s.tokenLimit : 0);
export const outputTokenCost = (s: PacerState, tokens: number) =>
  s.outputTokenLimit ? (tokens * BUCKET_MS) / s.outputTokenLimit : 0;

/**
 * What `tokens` cost in the token bucket and the output bucket: with a separate output bucket the output caps
 * go there; otherwise both count in the one token bucket (OpenAI: input + output cap at admission).
 */
function tokenCosts(s: PacerState, tokens: RequestTokens): { tc: number; oc: number } {
  if (s.outputTokenLimit) return { tc: tokenCost(s, tokens.input), oc: outputTokenCost(s, tokens.output) };
  return { tc: tokenCost(s, tokens.input + tokens.output), oc: 0 };
}

/** Reserves `n` requests costing `tokens` in all, at the earliest time the buckets allow (≥ now). */
export function reserve(s: PacerState, now: number, n: number, tokens: RequestTokens): PacerReservation {
  const rc = requestCost(s, n);
  const { tc, oc } = tokenCosts(s, tokens);
  let start = Math.max(now, s.pausedUntil);
  if (s.requestLimit) start = Math.max(start, s.requestTat + rc - WINDOW_MS);
  if (s.tokenLimit) start = Math.max(start, s.tokenTat + tc - WINDOW_MS);
  if (s.outputTokenLimit) start = Math.max(start, s.outputTokenTat + oc - WINDOW_MS);
  return {
    start,
    state: {
      ...s,
      requestTat: Math.max(s.requestTat, start) + rc,
      tokenTat: Math.max(s.tokenTat, start) + tc,
      outputTokenTat: Math.max(s.outputTokenTat, start) + oc,
    },
  };
}

/**
 * A bucket's `tat` when its limit changes from `from` to `to` (a new tier): the tokens still owed are the same,
 * repaid at the new rate. Unchanged when the old limit was unknown.
 */
export function rescaleTat(tat: number, now: number, from: number | null, to: number): number {
  if (!from || from === to) return tat;
  return now + (Math.max(0, tat - now) * from) / to;
}

/** What an answer's headers say about one bucket: `tat` at least `at + resetMs`, and its limit. */
export interface BucketReport {
  limit?: number;
  remaining?: number;
  resetMs?: number;
}

/**
 * The provider's view, from the headers of an answer to a request sent at `sentAt`: its bucket is
 * full again `resetMs` later (or, from `remaining`, after `(limit − remaining)` costs). When that is
 * later than ours by more than `toleranceMs` (someone else uses the key, or our counts were low),
 * ours moves forward. Never backward: answers arrive out of order.
 */
export function providerTat(report: BucketReport | undefined, sentAt: number): number | null {
  if (!report) return null;
  const fromRemaining =
    report.limit && report.remaining !== undefined
      ? sentAt + ((report.limit - Math.min(report.limit, report.remaining)) * BUCKET_MS) / report.limit
      : null;
  const fromReset = report.resetMs !== undefined ? sentAt + report.resetMs : null;
  if (fromRemaining === null) return fromReset;
  if (fromReset === null) return fromRemaining;
  // Rounded counts (Anthropic) and whole-second resets: trust the smaller of the two.
  return Math.min(fromRemaining, fromReset);
}
