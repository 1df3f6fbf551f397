import { createHash } from "node:crypto";
import type { RateLimitHeaders } from "@/lib/ai/rate-limit-headers";
import { BUCKET_MS, providerTat, tokenCost, outputTokenCost, type PacerState, type RequestTokens } from "./pacer-math";
import type { PacerObservation, PacerStore } from "./pacer-store";

/** A place in a key's line: `ready` resolves true when the request may start, false when cancelled. */
export interface Ticket {
  /** What the request was reserved: its estimated input tokens and its output cap, read when it is reserved. */
  readonly tokens: RequestTokens;
  /**
   * The input tokens it holds in the key's token bucket and that bucket's limit then; null when it holds none
   * (a probe, sent before the key's limits were known, or a key that is not paced).
   */
  readonly reserved: { input: number; tokenLimit: number } | null;
  readonly granted: boolean;
  readonly ready: Promise<boolean>;
  cancel(): void;
}

interface TicketImpl extends Ticket {
  tokens: RequestTokens;
  reserved: { input: number; tokenLimit: number } | null;
  /** The batch's estimate, read when the ticket is reserved (not when it joined the line: estimates improve). */
  estimate: () => RequestTokens;
  granted: boolean;
  cancelled: boolean;
  resolve(ok: boolean): void;
}

export interface KeyPacerOptions {
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Requests reserved in one database round trip cover about this much of the key's time. */
  groupMs?: number;
}

/** What came back for one request: its answer's rate-limit headers (undefined: no answer at all). */
export interface AnswerInfo {
  sentAt: number;
  rateLimit?: RateLimitHeaders;
  retryAfterMs?: number;
  /** The request's ticket, and the input it really counted (its reported input; 0 when refused), when known. */
  ticket?: Ticket;
  countedInput?: number;
}

/** A probe whose answer never came (its request was never sent, or its worker died) stops blocking the key. */
const PROBE_TIMEOUT_MS = 90_000;

/** How much later than ours the provider's bucket may be before ours moves (rounded Anthropic resets). */
const TOLERANCE_MS = 1000;
/** Anthropic rounds the token counts it reports to the nearest thousand: a token bucket's tolerance grows by that. */
const ROUNDED_TOKENS = 1000;

/**
 * The pacer of one provider key in this process, over a shared schedule (PacerStore: the database,
 * so that every worker agrees). Batches ask for tickets; tickets are handed out round-robin between
 * the batches waiting on the key, in groups reserved with one store call, each at the earliest time
 * the key's request and token buckets allow (pacer-math.ts). Until the key's limits are known (the
 * first answer's headers) one probe request runs at a time; a key whose answers carry no rate-limit
 * headers is not paced (429s and their retry-after still pause it).
 */
export class KeyPacer {
  private readonly queues = new Map<string, TicketImpl[]>();
  private ring: string[] = [];
  private state: PacerState | null = null;
  private pumping = false;
  private probing = false;
  private probe: TicketImpl | null = null;
  private probeGrantedAt = 0;
  private unpaced = false;
  private tokenAdjust = 0;
  /**
   * Requests out (granted, not yet answered) that carry input: a provider may count part of it only when the
   * call ends (OpenAI: what a web search adds), so its headers leave it out until then.
   */
  private readonly out = new Set<TicketImpl>();
  private wake: (() => void) | null = null;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly groupMs: number;

  constructor(
    private readonly store: PacerStore,
    options: KeyPacerOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    this.groupMs = options.groupMs ?? 250;
  }

  /** A place in the key's line; `first`: ahead of the batch's other tickets (a row's follow-up call). */
  request(batchId: string, tokens: RequestTokens | (() => RequestTokens), options: { first?: boolean } = {}): Ticket {
    let resolve!: (ok: boolean) => void;
    const ready = new Promise<boolean>((r) => (resolve = r));
    const estimate = typeof tokens === "function" ? tokens : () => tokens;
    const ticket: TicketImpl = {
      tokens: estimate(),
      reserved: null,
      estimate,
      granted: false,
      cancelled: false,
      ready,
      resolve,
      cancel: () => {
        // A granted probe given back unused (its batch stopped first): the next request may probe.
        if (ticket.granted && ticket === this.probe) this.endProbe();
        this.out.delete(ticket);
        if (ticket.granted || ticket.cancelled) return;
        ticket.cancelled = true;
        const q = this.queues.get(batchId);
        const i = q?.indexOf(ticket) ?? -1;
        if (q && i >= 0) q.splice(i, 1);
        resolve(false);
      },
    };
    const q = this.queues.get(batchId) ?? [];
    if (!q.length) this.ring.push(batchId);
    if (options.first) q.unshift(ticket);
    else q.push(ticket);
    this.queues.set(batchId, q);
    void this.pump();
    return ticket;
  }

  /** The next waiting ticket, round-robin between batches. */
  private next(): TicketImpl | null {
    while (this.ring.length) {
      const batchId = this.ring.shift()!;
      const q = this.queues.get(batchId) ?? [];
      const ticket = q.shift();
      if (q.length) this.ring.push(batchId);
      else this.queues.delete(batchId);
      if (ticket && !ticket.cancelled) return ticket;
    }
    return null;
  }

  private grant(ticket: TicketImpl) {
    if (ticket.cancelled) {
      // Its slot goes to the next in line.
      const other = this.next();
      if (other) this.grant(other);
      return;
    }
    ticket.granted = true;
    if (ticket.tokens.input > 0) this.out.add(ticket);
    ticket.resolve(true);
  }

  /** Input tokens of the requests out, at their batches' latest estimates (the first ones are rough). */
  private get pendingInput(): number {
    let sum = 0;
    for (const t of this.out) sum += t.estimate().input;
    return sum;
  }

  private get waiting(): boolean {
    return this.ring.length > 0;
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.waiting) {
        this.state ??= await this.store.load();
        const known = Boolean(this.state.requestLimit || this.state.tokenLimit);
        if (!known) {
          const paused = this.state.pausedUntil - this.now();
          if (paused > 0) await this.sleep(paused);
          if (this.unpaced) {
            for (let t = this.next(); t; t = this.next()) this.grant(t);
            continue;
          }
          if (this.probing) {
            const left = this.probeGrantedAt + PROBE_TIMEOUT_MS - this.now();
            if (left <= 0) this.endProbe();
            else await Promise.race([new Promise<void>((r) => (this.wake = r)), this.sleep(left)]);
            continue;
          }
          const probe = this.next();
          if (probe) {
            this.probing = true;
            this.probe = probe;
            this.probeGrantedAt = this.now();
            this.grant(probe);
          }
          continue;
        }
        const perRequest = this.state.requestLimit ? BUCKET_MS / this.state.requestLimit : this.groupMs;
        const size = Math.max(1, Math.floor(this.groupMs / perRequest));
        const group: TicketImpl[] = [];
        for (let t = this.next(); t; t = group.length < size ? this.next() : null) group.push(t);
        if (!group.length) continue;
        for (const t of group) t.tokens = t.estimate();
        const tokens = group.reduce(
          (sum, t) => ({ input: sum.input + t.tokens.input, output: sum.output + t.tokens.output }),
          {
            input: 0,
            output: 0,
          },
        );
        const adjust = this.tokenAdjust;
        this.tokenAdjust = 0;
        const r = await this.store.reserve(this.now(), group.length, tokens, adjust);
        this.state = r.state;
        const tokenLimit = r.state.tokenLimit;
        if (tokenLimit) for (const t of group) t.reserved = { input: t.tokens.input, tokenLimit };
        const wait = r.start - this.now();
        if (wait > 0) await this.sleep(wait);
        for (const t of group) this.grant(t);
      }
    } finally {
      this.pumping = false;
    }
  }

  /**
   * Learns from an answer (or its absence): limits, the provider's bucket state, retry-after, counted tokens.
   * Anthropic reports its input and output token buckets apart (and a combined `tokens` that is only the
   * tighter of the two): then the token bucket is the input one and the output bucket is tracked too.
   * Where the provider's token bucket is ahead of ours, ours takes its place plus the input of the requests still
   * out, which its headers may not count yet. A changed limit (a new tier) rescales what is owed (pacer-store.ts).
   */
  async onAnswer(info: AnswerInfo): Promise<void> {
    const rl = info.rateLimit;
    const ticket = info.ticket as TicketImpl | undefined;
    if (ticket) this.out.delete(ticket);
    const state = (this.state ??= await this.store.load());
    // The count replaces the estimate the ticket held, at the limit it was reserved under (a changed limit
    // starts over from the provider's headers; a probe held nothing, and its answer's headers count it).
    const held = ticket?.reserved;
    if (held && info.countedInput !== undefined && held.tokenLimit === state.tokenLimit)
      this.tokenAdjust += info.countedInput - held.input;
    const o: PacerObservation = { now: this.now() };
    const requests = rl?.requests;
    const apart = Boolean(rl?.inputTokens);
    const tokens = apart ? rl?.inputTokens : rl?.tokens;
    const output = apart ? rl?.outputTokens : undefined;
    if (requests?.limit && requests.limit !== state.requestLimit) o.requestLimit = requests.limit;
    if (tokens?.limit && tokens.limit !== state.tokenLimit) o.tokenLimit = tokens.limit;
    if (output?.limit && output.limit !== state.outputTokenLimit) o.outputTokenLimit = output.limit;
    const rt = providerTat(requests, info.sentAt);
    if (rt !== null && rt > state.requestTat + TOLERANCE_MS) o.requestTat = rt;
    const rounding = apart ? ROUNDED_TOKENS : 0;
    const tt = providerTat(tokens, info.sentAt);
    if (tt !== null && (o.tokenLimit || tt > state.tokenTat + TOLERANCE_MS + tokenCost(state, rounding)))
      o.tokenTat = tt + tokenCost({ ...state, tokenLimit: o.tokenLimit ?? state.tokenLimit }, this.pendingInput);
    const ot = providerTat(output, info.sentAt);
    if (ot !== null && ot > state.outputTokenTat + TOLERANCE_MS + outputTokenCost(state, rounding))
      o.outputTokenTat = ot;
    if (info.retryAfterMs !== undefined) o.pausedUntil = this.now() + info.retryAfterMs;
    if (o.tokenLimit) this.tokenAdjust = 0;
    if (Object.keys(o).length > 1) this.state = await this.store.observe(o);
    if (rl && !requests && !tokens) this.unpaced = true;
    // Answered (limits learned, or none sent) or not answered at all: either way the next may probe.
    this.endProbe();
  }

  private endProbe(): void {
    this.probing = false;
    this.probe = null;
    this.wake?.();
    this.wake = null;
    if (this.waiting) void this.pump();
  }
}

const registry = globalThis as unknown as { __keyPacers?: Map<string, KeyPacer> };

/** A hash naming a provider key (the key itself is never stored). */
export function keyHash(provider: string, apiKey: string): string {
  return createHash("sha256").update(`${provider}\n${apiKey}`).digest("hex").slice(0, 40);
}

/** This process's pacer of a key (created on first use over `store(keyHash)`). */
export function pacerFor(provider: string, apiKey: string, store: (hash: string) => PacerStore): KeyPacer {
  const map = (registry.__keyPacers ??= new Map());
  const hash = keyHash(provider, apiKey);
  let pacer = map.get(hash);
  if (!pacer) map.set(hash, (pacer = new KeyPacer(store(hash))));
  return pacer;
}
