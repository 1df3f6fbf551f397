import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { db } from "@/lib/db";
import { keyPacers, type KeyPacerRow } from "@/lib/db/schema";
import {
  rescaleTat,
  reserve,
  tokenCost,
  UNKNOWN_KEY,
  WINDOW_MS,
  type PacerState,
  type RequestTokens,
  type PacerReservation,
} from "./pacer-math";

/**
 * What an answer taught: limits, and how late the provider's buckets are full again (epoch ms; a bucket's
 * `tat` only moves forward, after a changed limit has rescaled it). `now`: when it was learned.
 */
export interface PacerObservation {
  now?: number;
  requestLimit?: number;
  tokenLimit?: number;
  outputTokenLimit?: number;
  requestTat?: number;
  tokenTat?: number;
  outputTokenTat?: number;
  pausedUntil?: number;
}

/** Where a key's schedule lives: the database (shared by every worker) or memory (tests). */
export interface PacerStore {
  load(): Promise<PacerState>;
  /** Reserves `n` requests of `tokens` in all; `tokenAdjust` input tokens (±) correct earlier estimates first. */
  reserve(now: number, n: number, tokens: RequestTokens, tokenAdjust: number): Promise<PacerReservation>;
  observe(o: PacerObservation): Promise<PacerState>;
}

type Bucket = "request" | "token" | "outputToken";
const BUCKETS: Bucket[] = ["request", "token", "outputToken"];

const stateOf = (r: KeyPacerRow): PacerState => ({
  requestLimit: r.requestLimit,
  tokenLimit: r.tokenLimit,
  outputTokenLimit: r.outputTokenLimit,
  requestTat: r.requestTat,
  tokenTat: r.tokenTat,
  outputTokenTat: r.outputTokenTat,
  pausedUntil: r.pausedUntil,
});

export function memoryPacerStore(initial?: Partial<PacerState>): PacerStore & { state: PacerState } {
  const store = {
    state: { ...UNKNOWN_KEY, ...initial },
    async load() {
      return { ...store.state };
    },
    async reserve(now: number, n: number, tokens: RequestTokens, tokenAdjust: number) {
      const s = { ...store.state, tokenTat: store.state.tokenTat + tokenCost(store.state, tokenAdjust) };
      const r = reserve(s, now, n, tokens);
      store.state = r.state;
      return r;
    },
    async observe(o: PacerObservation) {
      const s = { ...store.state };
      for (const b of BUCKETS) {
        const limit = o[`${b}Limit`];
        const tat = limit ? rescaleTat(s[`${b}Tat`], o.now ?? 0, s[`${b}Limit`], limit) : s[`${b}Tat`];
        s[`${b}Limit`] = limit ?? s[`${b}Limit`];
        s[`${b}Tat`] = Math.max(tat, o[`${b}Tat`] ?? 0);
      }
      s.pausedUntil = Math.max(s.pausedUntil, o.pausedUntil ?? 0);
      store.state = s;
      return { ...store.state };
    },
  };
  return store;
}

const whereKey = (keyHash: string) => sql`${keyPacers.keyHash} = ${keyHash}`;

/** Milliseconds of bucket `amount` (requests or tokens) use at `limit` a minute; 0 when the limit is unknown. */
const per = (limit: SQL, amount: number): SQL =>
  sql`(case when ${limit} > 0 then ${amount}::float8 * 60000.0 / ${limit} else 0 end)`;

/**
 * pacer-math.ts `reserve` (and `tokenCosts`) as one `UPDATE … RETURNING` on the key's row (the row lock orders
 * concurrent workers); no row: the key's row is gone.
 */
async function reserveOnRow(
  keyHash: string,
  now: number,
  n: number,
  tokens: RequestTokens,
  tokenAdjust: number,
): Promise<KeyPacerRow | undefined> {
  const rl = sql`${keyPacers.requestLimit}`;
  const tl = sql`${keyPacers.tokenLimit}`;
  const ol = sql`${keyPacers.outputTokenLimit}`;
  const rc = per(rl, n);
  // A separate output bucket takes the output caps; else they count in the token bucket with the input.
  const tc = sql`(case when ${ol} > 0 then ${per(tl, tokens.input)} else ${per(tl, tokens.input + tokens.output)} end)`;
  const oc = per(ol, tokens.output);
  const tokenTat = sql`(${keyPacers.tokenTat} + ${per(tl, tokenAdjust)})`;
  const start = sql`greatest(${now}::float8, ${keyPacers.pausedUntil},
    case when ${rl} > 0 then ${keyPacers.requestTat} + ${rc} - ${WINDOW_MS}::float8 end,
    case when ${tl} > 0 then ${tokenTat} + ${tc} - ${WINDOW_MS}::float8 end,
    case when ${ol} > 0 then ${keyPacers.outputTokenTat} + ${oc} - ${WINDOW_MS}::float8 end)`;
  const [row] = await db
    .update(keyPacers)
    .set({
      lastStart: start,
      requestTat: sql`greatest(${keyPacers.requestTat}, ${start}) + ${rc}`,
      tokenTat: sql`greatest(${tokenTat}, ${start}) + ${tc}`,
      outputTokenTat: sql`greatest(${keyPacers.outputTokenTat}, ${start}) + ${oc}`,
      updatedAt: sql`now()`,
    })
    .where(whereKey(keyHash))
    .returning();
  return row;
}

const BUCKET_COLUMNS = {
  request: [keyPacers.requestLimit, keyPacers.requestTat],
  token: [keyPacers.tokenLimit, keyPacers.tokenTat],
  outputToken: [keyPacers.outputTokenLimit, keyPacers.outputTokenTat],
} as const;

/** A bucket's limit after `o`: the one learned, else the row's. */
const observedLimit = (o: PacerObservation, b: Bucket) =>
  sql`coalesce(${o[`${b}Limit`] ?? null}::int, ${BUCKET_COLUMNS[b][0]})`;

/**
 * A bucket's `tat` after `o`, as pacer-math.ts rescaleTat: a changed limit repays what is owed at the new rate;
 * then at least the provider's.
 */
function observedTat(o: PacerObservation, b: Bucket): SQL {
  const [limit, tat] = BUCKET_COLUMNS[b];
  const to = o[`${b}Limit`];
  const rescaled = to
    ? sql`(case when ${limit} > 0 and ${limit} <> ${to}::int
        then ${o.now ?? 0}::float8 + greatest(${tat} - ${o.now ?? 0}::float8, 0) * ${limit} / ${to}::float8
        else ${tat} end)`
    : sql`${tat}`;
  return sql`greatest(${rescaled}, ${o[`${b}Tat`] ?? 0}::float8)`;
}

/** What an answer taught, written on the key's row in one `UPDATE … RETURNING`; no row: the key's row is gone. */
async function observeOnRow(keyHash: string, o: PacerObservation): Promise<KeyPacerRow | undefined> {
  const [row] = await db
    .update(keyPacers)
    .set({
      requestLimit: observedLimit(o, "request"),
      tokenLimit: observedLimit(o, "token"),
      outputTokenLimit: observedLimit(o, "outputToken"),
      requestTat: observedTat(o, "request"),
      tokenTat: observedTat(o, "token"),
      outputTokenTat: observedTat(o, "outputToken"),
      pausedUntil: sql`greatest(${keyPacers.pausedUntil}, ${o.pausedUntil ?? 0}::float8)`,
      updatedAt: sql`now()`,
    })
    .where(whereKey(keyHash))
    .returning();
  return row;
}

/**
 * The database store: each reservation is one `UPDATE … RETURNING` that runs the math of
 * pacer-math.ts `reserve` (and `tokenCosts`) on the row (the row lock orders concurrent workers).
 */
export function dbPacerStore(keyHash: string): PacerStore {
  let created: Promise<unknown> | null = null;
  const ensure = () => (created ??= db.insert(keyPacers).values({ keyHash }).onConflictDoNothing().execute());
  return {
    async load() {
      await ensure();
      const [row] = await db.select().from(keyPacers).where(whereKey(keyHash));
      return stateOf(row!);
    },
    async reserve(now, n, tokens, tokenAdjust) {
      await ensure();
      const row = await reserveOnRow(keyHash, now, n, tokens, tokenAdjust);
      if (!row) {
        created = null; // the row went away (a test reset the database): create it again
        return this.reserve(now, n, tokens, tokenAdjust);
      }
      return { start: row.lastStart, state: stateOf(row) };
    },
    async observe(o) {
      await ensure();
      const row = await observeOnRow(keyHash, o);
      if (!row) {
        created = null;
        return this.observe(o);
      }
      return stateOf(row);
    },
  };
}

/** Sweep: the schedules of keys unused for a week (a key's next request starts a fresh one, learned again). */
export async function pruneKeyPacers(): Promise<number> {
  const gone = await db
    .delete(keyPacers)
    .where(sql`${keyPacers.updatedAt} < now() - interval '7 days'`)
    .returning({ keyHash: keyPacers.keyHash });
  return gone.length;
}
