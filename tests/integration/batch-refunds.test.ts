import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { POST as cancelPOST } from "@/app/api/ai/cancel-batch/[id]/route";
import { ProviderError } from "@/lib/ai/errors";
import type { GenerationOutput, GenerationRequest } from "@/lib/ai/generation-types";
import { db } from "@/lib/db";
import { batchItems, batches, connections, users } from "@/lib/db/schema";
import * as connectionsModule from "@/lib/services/connections/connections";
import * as batchItemsModule from "@/lib/services/generation/batch-items";
import { claimItem, completeItem, failItem, releaseItem } from "@/lib/services/generation/batch-items";
import { readBatch } from "@/lib/services/generation/batch-control";
import { BatchSettingsError, parseBatchSettings } from "@/lib/services/generation/batch-settings";
import { closeItemsWithRefund } from "@/lib/services/generation/refund";
import { runBatch } from "@/lib/services/generation/run-batch";
import { type TestUser, withFakeProviderAndDatabase } from "../support/ai";
import { startRowsRun } from "../support/runs";
import { callRoute } from "../support/http";

const fake = withFakeProviderAndDatabase();
beforeEach(() => fake.reset());
afterEach(() => vi.restoreAllMocks());

type Generate = (req: GenerationRequest) => Promise<GenerationOutput>;

async function setup(n: number, opts: { lifetime?: boolean } = {}) {
  const lifetime = async (u: TestUser) => {
    await db.update(users).set({ subscription: "lifetime" }).where(eq(users.id, u.id));
  };
  const run = await startRowsRun("refund", n, opts.lifetime ? lifetime : undefined);
  const { batchId } = run;
  const batch = async () => (await readBatch(batchId))!;
  const items = async () =>
    db
      .select({ id: batchItems.id, rowId: batchItems.rowId, status: batchItems.status })
      .from(batchItems)
      .where(eq(batchItems.batchId, batchId))
      .orderBy(batchItems.rowIndex);
  return { ...run, batch, items };
}

const cancel = (u: TestUser, id: string) =>
  callRoute(cancelPOST, { method: "POST", url: `/api/ai/cancel-batch/${id}`, headers: u.headers, params: { id } });

describe("batch settings", () => {
  it("are written typed when the batch is created and parse back", async () => {
    const b = await setup(2);
    const stored = (await b.batch()).settings;
    expect(parseBatchSettings(stored)).toEqual({
      provider: "OpenAI",
      connectionId: b.connectionId,
      model: "gpt-4o-mini",
      prompt: "Write to {{Name}} at {{Company}}",
      jsonSchema: expect.any(String),
      useCase: "content_creation",
      unlimited: false,
      maxCostUsd: null,
      // The run's quality rules (saved configuration merged with the payload's): none overridden here.
      qualityRules: {},
    });
  });

  it("unreadable settings fail the batch with a message (and refund it) instead of running with guesses", async () => {
    const b = await setup(3);
    await db
      .update(batches)
      .set({ settings: { provider: "OpenAI", prompt: "x" } })
      .where(eq(batches.id, b.batchId));
    expect(() => parseBatchSettings((async () => 0) as unknown)).toThrow(BatchSettingsError);
    expect(await runBatch(b.batchId, { workerId: "w-bad-settings" })).toBe("done");
    expect(await b.batch()).toMatchObject({
      status: "failed",
      error: "The settings of this batch cannot be read. Start the batch again.",
      creditsRefunded: 3,
    });
    expect(await b.used()).toBe(0);
    expect(fake.stats.calls).toHaveLength(0);
  });
});

describe("the connection lookup when a batch starts", () => {
  it("a transient failure (database hiccup) does not fail the batch: the lease is given up and the next attempt runs it", async () => {
    const b = await setup(3);
    const lookup = vi
      .spyOn(connectionsModule, "connectionApiKey")
      .mockRejectedValueOnce(new Error("Connection terminated unexpectedly"));
    await expect(runBatch(b.batchId, { workerId: "w-hiccup" })).rejects.toThrow("Connection terminated unexpectedly");
    expect(lookup).toHaveBeenCalledTimes(1);
    const after = await b.batch();
    expect(after).toMatchObject({
      status: "running",
      error: null,
      creditsRefunded: 0,
      leaseOwner: null,
      leaseUntil: null,
    });
    expect((await b.items()).every((i) => i.status === "pending")).toBe(true);
    expect(await b.used()).toBe(3);

    // The retried job (another worker, at once: the lease was released) finishes the batch.
    expect(await runBatch(b.batchId, { workerId: "w-retry" })).toBe("done");
    expect(await b.batch()).toMatchObject({ status: "completed", processed: 3, failed: 0, creditsRefunded: 0 });
    expect(await b.used()).toBe(3);
  });

  it("a deleted connection fails the batch for good, everything refunded", async () => {
    const b = await setup(3);
    await db.delete(connections).where(eq(connections.id, b.connectionId));
    expect(await runBatch(b.batchId, { workerId: "w-deleted" })).toBe("done");
    expect(await b.batch()).toMatchObject({
      status: "failed",
      error: "The API connection of this batch was deleted. Add a key and run the batch again.",
      creditsRefunded: 3,
    });
    expect(await b.used()).toBe(0);
  });

  it("a stored key that cannot be decrypted fails the batch for good, everything refunded", async () => {
    const b = await setup(2);
    await db
      .update(connections)
      .set({ apiKeyEncrypted: "v1:AAAA:BBBB:CCCC" })
      .where(eq(connections.id, b.connectionId));
    expect(await runBatch(b.batchId, { workerId: "w-undecryptable" })).toBe("done");
    expect(await b.batch()).toMatchObject({
      status: "failed",
      error: "The API key of this batch cannot be read. Add the key again and run the batch again.",
      creditsRefunded: 2,
    });
    expect(await b.used()).toBe(0);
    expect(fake.stats.calls).toHaveLength(0);
  });
});

describe("a failure of our own while rows run", () => {
  it("stops the run without failing or refunding any row; the next attempt finishes every row, charged once", async () => {
    const b = await setup(4);
    const write = vi
      .spyOn(batchItemsModule, "completeItem")
      .mockRejectedValueOnce(new Error("Connection terminated unexpectedly"));
    await expect(runBatch(b.batchId, { workerId: "w-db-down", fixedConcurrency: 1 })).rejects.toThrow(
      "Connection terminated unexpectedly",
    );
    expect(write).toHaveBeenCalledTimes(1);
    const after = await b.batch();
    expect(after).toMatchObject({ status: "running", failed: 0, creditsRefunded: 0, error: null, leaseOwner: null });
    expect((await b.items()).filter((i) => i.status === "failed")).toEqual([]);
    expect(await b.used()).toBe(4);

    write.mockRestore();
    expect(await runBatch(b.batchId, { workerId: "w-db-back" })).toBe("done");
    expect(await b.batch()).toMatchObject({ status: "completed", processed: 4, failed: 0, creditsRefunded: 0 });
    expect(await b.used()).toBe(4);
  });
});

describe("one refund path", () => {
  it("a failed item is refunded exactly once, however often (or concurrently) the failure is recorded", async () => {
    const b = await setup(3);
    const [first] = await b.items();
    const claimed = (await claimItem(first!.id))!;
    const ref = { id: b.batchId, csvFileId: b.fileId };
    await failItem(ref, first!.id, claimed.rowId, null, "boom");
    await failItem(ref, first!.id, claimed.rowId, null, "boom again");
    await Promise.all([failItem(ref, first!.id, claimed.rowId, null, "x"), releaseItem(first!.id)]);
    await db.transaction((tx) =>
      closeItemsWithRefund(tx, b.batchId, { itemIds: [first!.id], from: "running", to: "failed" }),
    );
    expect(await b.batch()).toMatchObject({ processed: 1, failed: 1, creditsRefunded: 1 });
    expect(await b.used()).toBe(2);
    const [item] = await db.select().from(batchItems).where(eq(batchItems.id, first!.id));
    expect(item).toMatchObject({ status: "failed", error: "boom" });
  });

  it("two concurrent failures of different rows refund one credit each", async () => {
    const b = await setup(4);
    const [a, c] = await b.items();
    const ref = { id: b.batchId, csvFileId: b.fileId };
    const ca = (await claimItem(a!.id))!;
    const cc = (await claimItem(c!.id))!;
    await Promise.all([
      failItem(ref, a!.id, ca.rowId, null, "a"),
      failItem(ref, c!.id, cc.rowId, null, "c"),
      failItem(ref, a!.id, ca.rowId, null, "a2"),
    ]);
    expect(await b.batch()).toMatchObject({ processed: 2, failed: 2, creditsRefunded: 2 });
    expect(await b.used()).toBe(2);
  });

  it("cancelling refunds only the rows that never started; rows in flight are charged when they succeed", async () => {
    const b = await setup(5);
    const [one, two] = await b.items();
    const ref = { id: b.batchId, csvFileId: b.fileId };
    await db.update(batches).set({ status: "running" }).where(eq(batches.id, b.batchId));
    const c1 = (await claimItem(one!.id))!;
    await claimItem(two!.id);

    const res = await cancel(b.user, b.batchId);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ status: "cancelling", creditsRefunded: 3, msg: "Batch cancelled" });
    expect(await b.used()).toBe(2);
    // Cancelling again refunds nothing more.
    expect((await cancel(b.user, b.batchId)).json).toMatchObject({ creditsRefunded: 3 });
    expect(await b.used()).toBe(2);

    await completeItem(ref, one!.id, c1.rowId, { "Subject Line": "s", "Email Body": "b", "AI Response": "{}" });
    await releaseItem(two!.id); // in flight when cancelled and then failed transiently: no result, refunded
    await releaseItem(two!.id);
    expect(await b.batch()).toMatchObject({ processed: 1, creditsRefunded: 4 });
    expect(await b.used()).toBe(1);
    const statuses = (await b.items()).map((i) => i.status);
    expect(statuses).toEqual(["done", "cancelled", "cancelled", "cancelled", "cancelled"]);
  });

  it("an unlimited (lifetime) batch is never refunded: not on cancel, not for a failed row", async () => {
    const b = await setup(4, { lifetime: true });
    expect(await b.used()).toBe(4); // a lifetime user's use is counted, not limited
    expect((await b.batch()).creditsReserved).toBe(0);
    const [first] = await b.items();
    const claimed = (await claimItem(first!.id))!;
    await failItem({ id: b.batchId, csvFileId: b.fileId }, first!.id, claimed.rowId, null, "failed");
    expect(await b.batch()).toMatchObject({ failed: 1, creditsRefunded: 0 });

    const res = await cancel(b.user, b.batchId);
    expect(res.json).toMatchObject({ status: "cancelled", creditsRefunded: 0 });
    expect(await b.used()).toBe(4);
  });

  it("even with a damaged unlimited flag, a batch that reserved nothing refunds nothing", async () => {
    const b = await setup(3, { lifetime: true });
    await db
      .update(batches)
      .set({ settings: sql`settings - 'unlimited'` })
      .where(eq(batches.id, b.batchId));
    const res = await cancel(b.user, b.batchId);
    expect(res.json).toMatchObject({ status: "cancelled", creditsRefunded: 0 });
    expect(await b.used()).toBe(3);
  });

  it("a failed run refunds its failed rows through the same path (worker, unlimited and limited)", async () => {
    const generate: Generate = async () => {
      throw new ProviderError("bad_request", "The model refused this prompt.", undefined, 400);
    };
    const limited = await setup(3);
    expect(await runBatch(limited.batchId, { workerId: "w-fail", generate })).toBe("done");
    expect(await limited.batch()).toMatchObject({ status: "failed", failed: 3, creditsRefunded: 3 });
    expect(await limited.used()).toBe(0);

    const unlimited = await setup(2, { lifetime: true });
    expect(await runBatch(unlimited.batchId, { workerId: "w-fail-life", generate })).toBe("done");
    expect(await unlimited.batch()).toMatchObject({ status: "failed", failed: 2, creditsRefunded: 0 });
    expect(await unlimited.used()).toBe(2);
  });

  it("rows left running by a dead worker of a batch cancelled meanwhile are refunded, and the batch ends 'cancelled'", async () => {
    const b = await setup(3);
    await db.update(batches).set({ status: "running" }).where(eq(batches.id, b.batchId));
    const [one] = await b.items();
    await claimItem(one!.id); // the dead worker's row
    expect((await cancel(b.user, b.batchId)).json).toMatchObject({ status: "cancelling", creditsRefunded: 2 });
    await db
      .update(batches)
      .set({ leaseOwner: "dead", leaseUntil: sql`now() - interval '1 minute'` })
      .where(eq(batches.id, b.batchId));
    expect(await runBatch(b.batchId, { workerId: "w-heir" })).toBe("done");
    expect(await b.batch()).toMatchObject({ status: "cancelled", creditsRefunded: 3 });
    expect(await b.used()).toBe(0);
    const [item] = await db
      .select()
      .from(batchItems)
      .where(and(eq(batchItems.id, one!.id)));
    expect(item!.status).toBe("cancelled");
  });
});
