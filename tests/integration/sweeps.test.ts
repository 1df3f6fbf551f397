import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { runSweeps } from "@/lib/queue/sweeps";
import { hitRateLimit } from "@/lib/services/rate-limit";
import { closeDatabase, setupTestDatabase } from "../support/db";

beforeAll(setupTestDatabase);
afterAll(closeDatabase);

const keyOf = (name: string) => `sweep-test:${name}:${Math.random().toString(36).slice(2)}`;

async function counterExists(key: string): Promise<boolean> {
  const result = await db.execute(sql`select 1 from rate_limits where key = ${key}`);
  return result.rows.length > 0;
}

describe("sweeps", () => {
  it("delete rate-limit counters whose window ended more than a day ago, and keep live ones", async () => {
    const old = keyOf("old");
    const live = keyOf("live");
    await hitRateLimit(old, 5, 3600);
    await hitRateLimit(live, 5, 3600);
    await db.execute(sql`update rate_limits set window_start = now() - interval '25 hours' where key = ${old}`);

    const removed = await runSweeps();

    expect(removed.expiredRateLimits).toBeGreaterThanOrEqual(1);
    expect(await counterExists(old)).toBe(false);
    expect(await counterExists(live)).toBe(true);
    // A fresh hit on a swept key starts a new window.
    expect((await hitRateLimit(old, 5, 3600)).count).toBe(1);
  });

  it("delete the pacer schedules of keys unused for a week, and keep recent ones", async () => {
    await db.execute(sql`insert into key_pacers (key_hash, updated_at) values
      ('sweep-old', now() - interval '8 days'), ('sweep-recent', now() - interval '6 days')`);
    const removed = await runSweeps();
    expect(removed.unusedKeyPacers).toBeGreaterThanOrEqual(1);
    const left = await db.execute<{ key_hash: string }>(
      sql`select key_hash from key_pacers where key_hash in ('sweep-old', 'sweep-recent')`,
    );
    expect(left.rows.map((r) => r.key_hash)).toEqual(["sweep-recent"]);
  });

  it("delete the call records of tool keys not called for a day, and keep recent ones", async () => {
    await db.execute(sql`insert into tool_pacers (key_hash, updated_at) values
      ('sweep-tool-old', now() - interval '25 hours'), ('sweep-tool-recent', now() - interval '23 hours')`);
    const removed = await runSweeps();
    expect(removed.unusedToolPacers).toBeGreaterThanOrEqual(1);
    const left = await db.execute<{ key_hash: string }>(
      sql`select key_hash from tool_pacers where key_hash in ('sweep-tool-old', 'sweep-tool-recent')`,
    );
    expect(left.rows.map((r) => r.key_hash)).toEqual(["sweep-tool-recent"]);
  });
});
