import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/lib/db";
import type { UsageDayJson, UsageDaysJson } from "@/lib/responses/usage";

const DAY_MS = 86_400_000;
const round = (usd: number) => Math.round(usd * 1e8) / 1e8;

/** Key of a ledger row's connection in `byConnection`: its id, or its old name once it was deleted. */
const connectionKey = (id: string | null, name: string | null) => id ?? `deleted:${name ?? ""}`;

interface Group extends Record<string, unknown> {
  day: string;
  model: string;
  connection_id: string | null;
  connection_name: string | null;
  rows: number;
  input_tokens: string | number;
  output_tokens: string | number;
  cost_usd: number | null;
}

/**
 * The caller's ledger (`generation_usage`) of the last `days` UTC days, today included: one entry
 * per day, oldest first, days without use as zeros. One grouped query (day × model × connection);
 * the days are laid out here.
 */
export async function getUsageDays(userId: string, days: number, now = new Date()): Promise<UsageDaysJson> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const start = new Date(today - (days - 1) * DAY_MS);
  const result = await db.execute<Group>(sql`
    select to_char((created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, model, connection_id,
           max(connection_name) as connection_name, count(*)::int as rows,
           sum(input_tokens)::bigint as input_tokens, sum(output_tokens)::bigint as output_tokens,
           sum(cost_usd)::float8 as cost_usd
    from generation_usage
    where user_id = ${userId} and created_at >= ${start.toISOString()}::timestamptz
    group by 1, model, connection_id, case when connection_id is null then connection_name end`);
  const byDay = new Map<string, UsageDayJson>();
  const list: UsageDayJson[] = [];
  for (let i = 0; i < days; i++) {
    const date = new Date(start.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    const entry = { date, rows: 0, inputTokens: 0, outputTokens: 0, costUsd: 0, byModel: {}, byConnection: {} };
    byDay.set(date, entry);
    list.push(entry);
  }
  for (const g of result.rows) {
    const day = byDay.get(g.day);
    if (!day) continue;
    const cost = Number(g.cost_usd ?? 0);
    day.rows += g.rows;
    day.inputTokens += Number(g.input_tokens);
    day.outputTokens += Number(g.output_tokens);
    day.costUsd = round(day.costUsd + cost);
    const model = (day.byModel[g.model] ??= { rows: 0, costUsd: 0 });
    model.rows += g.rows;
    model.costUsd = round(model.costUsd + cost);
    const key = connectionKey(g.connection_id, g.connection_name);
    const connection = (day.byConnection[key] ??= {
      name: g.connection_name ?? "Deleted connection",
      rows: 0,
      costUsd: 0,
    });
    connection.rows += g.rows;
    connection.costUsd = round(connection.costUsd + cost);
  }
  return { days: list };
}
