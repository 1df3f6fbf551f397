import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_JSON_SCHEMA } from "@/lib/ai/defaults";
import { db } from "@/lib/db";
import { batchItems, keyPacers, users } from "@/lib/db/schema";
import { importCsv } from "@/lib/services/csv/csv-import";
import { KeyPacer, keyHash } from "@/lib/services/generation/key-pacer";
import { WINDOW_MS } from "@/lib/services/generation/pacer-math";
import { dbPacerStore } from "@/lib/services/generation/pacer-store";
import { runBatch } from "@/lib/services/generation/run-batch";
import { startBatch } from "@/lib/services/generation/start-batch";
import type { FakeProviderHandle } from "../fakes/ai-provider";
import { addConnection, newUser, startFakeProviderForApp, userRow, validKey } from "../support/ai";
import { closeDatabase, setupTestDatabase } from "../support/db";

let fake: FakeProviderHandle;
beforeAll(async () => {
  await setupTestDatabase();
  fake = await startFakeProviderForApp();
});
afterAll(async () => {
  await fake?.close();
  await closeDatabase();
});
beforeEach(() => fake.reset());

describe("one pacer per provider key, in the database", () => {
  it("two pacers over one key's row (two workers) share its schedule: together never faster than the limit", async () => {
    const hash = `test-${Date.now()}`;
    const now = Date.now();
    // 600 requests/min, the bucket drained: one slot per 100 ms, whichever worker asks.
    await dbPacerStore(hash).observe({ requestLimit: 600, requestTat: now + WINDOW_MS });
    const workers = [new KeyPacer(dbPacerStore(hash)), new KeyPacer(dbPacerStore(hash))];
    const granted: number[] = [];
    await Promise.all(
      workers.flatMap((w, i) =>
        Array.from({ length: 5 }, () =>
          w.request(`batch-${i}`, { input: 0, output: 0 }).ready.then(() => granted.push(Date.now())),
        ),
      ),
    );
    granted.sort((a, b) => a - b);
    // Ten slots of 100 ms: the last starts ≥ 0.9 s after the first could.
    expect(granted.at(-1)! - now).toBeGreaterThanOrEqual(900);
    const [row] = await db.select().from(keyPacers).where(eq(keyPacers.keyHash, hash));
    expect(row!.requestTat).toBeGreaterThanOrEqual(now + WINDOW_MS + 10 * 100 - 1);
  });

  it("a new limit (a new tier) rescales what the key owes, in the row as in memory", async () => {
    const hash = `test-tier-${Date.now()}`;
    const now = Date.now();
    const store = dbPacerStore(hash);
    await store.observe({ now, tokenLimit: 60_000, tokenTat: now + 30_000 }); // 30,000 tokens owed
    const doubled = await store.observe({ now, tokenLimit: 120_000 });
    expect(doubled.tokenTat).toBeCloseTo(now + 15_000, 3);
    // The provider's view still wins where it is later.
    const later = await store.observe({ now, tokenLimit: 60_000, tokenTat: now + 40_000 });
    expect(later.tokenTat).toBeCloseTo(now + 40_000, 3);
    expect(later.tokenLimit).toBe(60_000);
  });

  it("two batches on one key stay under the fake's limit without a 429, and share one pacer row", async () => {
    // A bucket of 240 requests a minute refilled continuously, as the real APIs do; 2 × 130 rows drain it.
    fake.setOptions({ rateLimitPerMinute: 240, rateLimitAlgorithm: "token-bucket", latencyMs: 50 });
    const key = `${validKey("OpenAI")}-pacer-${Date.now()}`;
    const user = await newUser("pacer");
    await db.update(users).set({ subscription: "lifetime" }).where(eq(users.id, user.id));
    const conn = await addConnection(user, "OpenAI", key);
    const rows = Array.from({ length: 130 }, (_, i) => ({ Name: `P${i}`, Company: `Co ${i}` }));
    const batchIds: string[] = [];
    for (const name of ["a.csv", "b.csv"]) {
      const file = (await importCsv(user.id, { fileName: name, rows })) as { _id: string };
      const started = await startBatch(await userRow(user.id), {
        prompt: "Write to {{Name}} at {{Company}}",
        jsonSchema: DEFAULT_JSON_SCHEMA,
        model: "gpt-4o-mini",
        useCase: "content_creation",
        connectionId: conn.json._id,
        csvId: file._id,
        rowsToProcess: rows.length,
      });
      batchIds.push(started.batchId);
    }
    const outcomes = await Promise.all(batchIds.map((id, i) => runBatch(id, { workerId: `pacer-worker-${i}` })));
    expect(outcomes).toEqual(["done", "done"]);
    // The product's goal: fewer than 1 % of calls answered 429 (here: none on an idle machine). A run granted
    // while the key's bucket is full is recorded at its grant; a worker starved of CPU sends it later, and the
    // bucket's unused refill in between is lost: on a loaded two-core CI machine one call in 260 met a 429.
    expect(fake.stats.rateLimited).toBeLessThan(0.01 * 260);
    expect(fake.stats.calls.filter((c) => c.status === 200)).toHaveLength(260);
    for (const id of batchIds) {
      const items = await db.select({ status: batchItems.status }).from(batchItems).where(eq(batchItems.batchId, id));
      expect(items.every((i) => i.status === "done")).toBe(true);
    }
    const [row] = await db
      .select()
      .from(keyPacers)
      .where(eq(keyPacers.keyHash, keyHash("OpenAI", key)));
    expect(row).toMatchObject({ requestLimit: 240 });
    // The key itself is never stored.
    expect(JSON.stringify(row)).not.toContain(key);
  }, 60_000);
});
