import { and, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { GET as statusGET } from "@/app/api/ai/batch-status/[id]/route";
import { POST as bulkPOST } from "@/app/api/ai/bulk-batched/route";
import { POST as estimatePOST } from "@/app/api/ai/estimate/route";
import { DEFAULT_JSON_SCHEMA } from "@/lib/ai/defaults";
import { costOfUsage } from "@/lib/ai/usage";
import { db } from "@/lib/db";
import { batchItems, generationUsage, providerBatches, users } from "@/lib/db/schema";
import { listOutbox } from "@/lib/mail/outbox-driver";
import { getCsvFile } from "@/lib/services/csv/csv-files";
import { importCsv } from "@/lib/services/csv/csv-import";
import { getCredits } from "@/lib/services/credits/credits";
import { runBatch } from "@/lib/services/generation/run-batch";
import { startBatch } from "@/lib/services/generation/start-batch";
import type { BulkInput } from "@/lib/services/generation/schemas";
import { resetEnvForTests } from "@/lib/env";
import { addConnection, newUser, userRow, withFakeProviderAndDatabase, type TestUser } from "../support/ai";
import { callRoute } from "../support/http";

const fake = withFakeProviderAndDatabase();
beforeEach(() => {
  fake.reset();
  delete process.env.BATCH_MAX_REQUESTS;
  resetEnvForTests();
});

export const FAST = { timing: { firstPollSeconds: 1, holdMs: 60_000, stepMs: 100 } };

export async function setupRun(
  n: number,
  provider: "OpenAI" | "Anthropic" = "OpenAI",
  extra: Partial<BulkInput> = {},
  lifetime = false,
) {
  const user = await newUser("bm");
  if (lifetime) await db.update(users).set({ subscription: "lifetime" }).where(eq(users.id, user.id));
  const conn = (await addConnection(user, provider)).json as { _id: string };
  const rows = Array.from({ length: n }, (_, i) => ({ Name: `Row${i}`, Company: `Co${i}` }));
  const file = (await importCsv(user.id, { fileName: "bm.csv", rows })) as { _id: string };
  const input: BulkInput = {
    csvId: file._id,
    prompt: "Write to {{Name}} at {{Company}}",
    jsonSchema: DEFAULT_JSON_SCHEMA,
    connectionId: conn._id,
    model: provider === "OpenAI" ? "gpt-4o-mini" : "claude-haiku-4-5-20251001",
    useCase: "content_creation",
    rowsToProcess: n,
    maxCostUsd: null,
    mode: "batch",
    ...extra,
  };
  const started = await startBatch(await userRow(user.id), input);
  return {
    user,
    input,
    batchId: started.batchId,
    fileId: file._id,
    used: async () => (await getCredits(await userRow(user.id))).credits.used,
    rows: async () => (await getCsvFile(user.id, file._id)).rows,
    ledger: () => db.select().from(generationUsage).where(eq(generationUsage.batchId, started.batchId)),
  };
}

export const status = async (u: TestUser, id: string) =>
  (await callRoute(statusGET, { url: `/api/ai/batch-status/${id}`, headers: u.headers, params: { id } })).json;

describe("batch mode", () => {
  it("1,000 rows: written once, charged once (batch_api, half the standard price), e-mailed", async () => {
    fake.setOptions({ batch: { completeAfterMs: 300 } });
    const run = await setupRun(1000, "OpenAI", {}, true); // a lifetime plan: 1,000 rows in one day
    expect(await runBatch(run.batchId, { workerId: "w1", ...FAST })).toBe("done");
    const s = await status(run.user, run.batchId);
    expect(s).toMatchObject({
      status: "completed",
      mode: "batch",
      progress: { processed: 1000, total: 1000 },
      failed: 0,
    });
    expect(s.provider).toMatchObject({ submitted: 1000, returned: 1000 });
    expect(s.provider.batches).toHaveLength(1);
    expect(s.provider.batches[0]).toMatchObject({ status: "completed" });
    expect(s.provider.batches[0].id).toMatch(/^batch_/);
    const rows = await run.rows();
    expect(rows.filter((r) => r["Subject Line"]?.startsWith("Re: Write to"))).toHaveLength(1000);
    const ledger = await run.ledger();
    expect(ledger).toHaveLength(1000);
    expect(new Set(ledger.map((l) => l.rowId)).size).toBe(1000);
    expect(ledger.every((l) => l.kind === "batch_api" && l.ok)).toBe(true);
    for (const l of ledger.slice(0, 20)) {
      const usage = {
        inputTokens: l.inputTokens,
        outputTokens: l.outputTokens,
        cachedInputTokens: l.cachedInputTokens,
      };
      expect(l.costUsd).toBeCloseTo(costOfUsage("gpt-4o-mini", usage, { batch: true })!, 10);
      expect(l.costUsd).toBeCloseTo(costOfUsage("gpt-4o-mini", usage)! / 2, 10);
    }
    expect(s.creditsRefunded).toBe(0);
    // The requests went in one uploaded file, rendered as a standard call: system prompt and strict schema.
    expect(fake.stats.byEndpoint["openai POST /v1/files"]).toBe(1);
    expect(fake.stats.byEndpoint["openai POST /v1/batches"]).toBe(1);
    expect(fake.stats.byEndpoint["openai POST /v1/chat/completions"]).toBeUndefined();
    const mails = await listOutbox(run.user.email);
    const finished = mails.filter((m) => m.subject.startsWith("Your batch run finished"));
    expect(finished).toHaveLength(1);
    expect(finished[0]!.subject).toBe("Your batch run finished: 1,000 of 1,000 rows");
    expect(finished[0]!.text).toContain(`/email-generator?csvId=${run.fileId}`);
    // A second run of the finished batch changes nothing and sends nothing.
    expect(await runBatch(run.batchId, { workerId: "w2", ...FAST })).toBe("busy");
    expect(await run.ledger()).toHaveLength(1000);
  }, 120_000);

  it("Anthropic: Message Batches with the forced write_email tool; cached input tokens recorded", async () => {
    fake.setOptions({ batch: { completeAfterMs: 100 }, cachedTokens: () => 7 });
    const run = await setupRun(12, "Anthropic");
    expect(await runBatch(run.batchId, { workerId: "wa", ...FAST })).toBe("done");
    const s = await status(run.user, run.batchId);
    expect(s).toMatchObject({ status: "completed", progress: { processed: 12, total: 12 } });
    expect(s.provider.batches[0]).toMatchObject({ status: "ended" });
    expect(s.provider.batches[0].id).toMatch(/^msgbatch_/);
    const ledger = await run.ledger();
    expect(ledger).toHaveLength(12);
    expect(ledger.every((l) => l.cachedInputTokens === 7 && l.kind === "batch_api")).toBe(true);
    const call = fake.stats.calls.at(-1)!;
    expect(call.endpoint).toBe("messages");
    expect(fake.stats.byEndpoint["anthropic POST /v1/messages/batches"]).toBe(1);
  });

  it("splits a run above BATCH_MAX_REQUESTS across several provider batches", async () => {
    process.env.BATCH_MAX_REQUESTS = "4";
    resetEnvForTests();
    fake.setOptions({ batch: { completeAfterMs: 50 } });
    const run = await setupRun(10);
    expect(await runBatch(run.batchId, { workerId: "ws", ...FAST })).toBe("done");
    const pbs = await db.select().from(providerBatches).where(eq(providerBatches.batchId, run.batchId));
    expect(pbs.map((p) => p.requestCount).sort()).toEqual([2, 4, 4]);
    expect(new Set(pbs.map((p) => p.idempotencyKey)).size).toBe(3);
    const s = await status(run.user, run.batchId);
    expect(s).toMatchObject({ status: "completed", provider: { submitted: 10, returned: 10 } });
    expect(s.provider.batches).toHaveLength(3);
    expect(await run.ledger()).toHaveLength(10);
  });

  it("collecting the same results twice writes and charges nothing more", async () => {
    fake.setOptions({ batch: { completeAfterMs: 50 } });
    const run = await setupRun(6);
    expect(await runBatch(run.batchId, { workerId: "wi", ...FAST })).toBe("done");
    const before = await run.ledger();
    // Reopen the provider batch as if the collection had not been recorded, and its items as running.
    await db
      .update(providerBatches)
      .set({ state: "open", nextPollAt: new Date() })
      .where(eq(providerBatches.batchId, run.batchId));
    await db.execute(sql`update batches set status = 'running', finished_at = null where id = ${run.batchId}`);
    expect(await runBatch(run.batchId, { workerId: "wi2", ...FAST })).toBe("done");
    expect(await run.ledger()).toHaveLength(before.length);
    expect((await status(run.user, run.batchId)).progress).toEqual({ processed: 6, total: 6 });
    expect(await run.used()).toBe(6);
  });

  it("partial errors: completed with failed rows (Retry), their credits refunded", async () => {
    fake.setOptions({
      batch: { completeAfterMs: 50, errorFor: (_id, i) => (i % 4 === 1 ? "Invalid request: too long" : null) },
    });
    const run = await setupRun(8);
    expect(await runBatch(run.batchId, { workerId: "wp", ...FAST })).toBe("done");
    const s = await status(run.user, run.batchId);
    expect(s).toMatchObject({ status: "completed", failed: 2, creditsRefunded: 2, progress: { processed: 8 } });
    expect(await run.used()).toBe(6);
    const rows = await run.rows();
    expect(rows[1]!["Subject Line"]).toBe("Error: Invalid request: too long");
    expect(rows[5]!["Subject Line"]).toBe("Error: Invalid request: too long");
    expect(await run.ledger()).toHaveLength(6);
  });

  it("every request expired: failed, naming the cause, everything refunded", async () => {
    fake.setOptions({ batch: { completeAfterMs: 1e12, expireAfterMs: 100 } });
    const run = await setupRun(5, "Anthropic");
    expect(await runBatch(run.batchId, { workerId: "we", ...FAST })).toBe("done");
    const s = await status(run.user, run.batchId);
    expect(s).toMatchObject({ status: "failed", failed: 5, creditsRefunded: 5, stopReason: "fatal" });
    expect(s.error).toMatch(/All 5 requests .*failed: 5 × Expired/);
    expect(s.provider.returned).toBe(0);
    expect(await run.used()).toBe(0);
    expect((await run.rows())[0]!["Subject Line"]).toMatch(/^Error: Expired/);
    expect(await run.ledger()).toHaveLength(0);
    expect((await listOutbox(run.user.email)).some((m) => m.subject.startsWith("Your batch run failed: 0 of 5"))).toBe(
      true,
    );
  });

  it("restart in the middle of collection: no duplicates", async () => {
    fake.setOptions({ batch: { completeAfterMs: 50 } });
    const run = await setupRun(300, "OpenAI", {}, true);
    const done = async () =>
      Number(
        (
          await db
            .select({ n: sql<number>`count(*)::int` })
            .from(batchItems)
            .where(and(eq(batchItems.batchId, run.batchId), eq(batchItems.status, "done")))
        )[0]?.n,
      );
    // A crash in the middle of writing the results: the 101st ledger row of this batch fails its transaction.
    // Only this batch's: on PostgreSQL other test files share the table at the same time.
    await db.execute(
      sql.raw(`create or replace function bm_crash() returns trigger language plpgsql as $$
        begin
          if new.batch_id = '${run.batchId}'
            and (select count(*) from generation_usage where batch_id = new.batch_id) >= 100 then
            raise exception 'simulated crash';
          end if;
          return new;
        end $$`),
    );
    await db.execute(
      sql.raw(`create trigger bm_crash before insert on generation_usage for each row execute function bm_crash()`),
    );
    await expect(runBatch(run.batchId, { workerId: "wr", ...FAST })).rejects.toThrow();
    await db.execute(sql.raw(`drop trigger bm_crash on generation_usage`));
    expect(await done()).toBe(100);
    expect(await run.ledger()).toHaveLength(100);
    expect(await runBatch(run.batchId, { workerId: "wr", ...FAST })).toBe("done");
    const s = await status(run.user, run.batchId);
    expect(s).toMatchObject({ status: "completed", progress: { processed: 300, total: 300 } });
    const ledger = await run.ledger();
    expect(ledger).toHaveLength(300);
    expect(new Set(ledger.map((l) => l.rowId)).size).toBe(300);
    expect(fake.stats.byEndpoint["openai POST /v1/batches"]).toBe(1);
  });
});

describe("a submission whose answer was lost", () => {
  for (const provider of ["OpenAI", "Anthropic"] as const) {
    it(`${provider}: the provider's batch is found again and adopted, never submitted twice`, async () => {
      fake.setOptions({ batch: { completeAfterMs: 50, dropNextCreateAnswer: true } });
      const run = await setupRun(5, provider);
      // The create call reaches the provider, but its answer is lost: the run parks the batch.
      expect(await runBatch(run.batchId, { workerId: "wl", ...FAST, timing: { ...FAST.timing, holdMs: 0 } })).toBe(
        "done",
      );
      const [row] = await db.select().from(providerBatches).where(eq(providerBatches.batchId, run.batchId));
      expect(row).toMatchObject({ state: "submitting", providerBatchId: null, submitAttempts: 1 });
      expect(row!.attemptStartedAt).not.toBeNull();
      // Within a few minutes nobody touches it (another process could still be in that call) ...
      await db.execute(sql`update provider_batches set next_poll_at = now() where batch_id = ${run.batchId}`);
      await db.execute(sql`update batches set lease_until = null where id = ${run.batchId}`);
      expect(await runBatch(run.batchId, { workerId: "wl2", ...FAST, timing: { ...FAST.timing, holdMs: 0 } })).toBe(
        "done",
      );
      expect((await db.select().from(providerBatches).where(eq(providerBatches.batchId, run.batchId)))[0]!.state).toBe(
        "submitting",
      );
      // ... then the provider is asked, and the batch it has is adopted.
      await db.execute(
        sql`update provider_batches set attempt_started_at = now() - interval '10 minutes', next_poll_at = now() where batch_id = ${run.batchId}`,
      );
      await db.execute(sql`update batches set lease_until = null, lease_owner = null where id = ${run.batchId}`);
      expect(await runBatch(run.batchId, { workerId: "wl3", ...FAST })).toBe("done");
      const created = provider === "OpenAI" ? "openai POST /v1/batches" : "anthropic POST /v1/messages/batches";
      expect(fake.stats.byEndpoint[created]).toBe(1);
      const s = await status(run.user, run.batchId);
      expect(s).toMatchObject({
        status: "completed",
        progress: { processed: 5, total: 5 },
        provider: { submitted: 5 },
      });
      expect(await run.ledger()).toHaveLength(5);
    });
  }
});

describe("batch mode refusals", () => {
  const bulk = (u: TestUser, body: unknown) =>
    callRoute(bulkPOST, { method: "POST", url: "/api/ai/bulk-batched", headers: u.headers, body });

  it("web research in batch mode → 400 naming the reason (both providers); mode 'weird' → 400", async () => {
    for (const provider of ["OpenAI", "Anthropic"] as const) {
      const user = await newUser("bm-r");
      const conn = (await addConnection(user, provider)).json as { _id: string };
      const file = (await importCsv(user.id, { fileName: "r.csv", rows: [{ Name: "A", Company: "B" }] })) as {
        _id: string;
      };
      const base = {
        csvId: file._id,
        prompt: "Write to {{Name}}",
        connectionId: conn._id,
        model: provider === "OpenAI" ? "gpt-4o-mini" : "claude-haiku-4-5-20251001",
        rowsToProcess: 1,
        maxCostUsd: null,
      };
      const research = await bulk(user, { ...base, useCase: "web_research", mode: "batch" });
      expect(research.status).toBe(400);
      expect(research.json.msg).toMatch(/Batch mode cannot run web research/);
      const weird = await bulk(user, { ...base, useCase: "content_creation", mode: "weird" });
      expect(weird.status).toBe(400);
      expect(weird.json.msg).toMatch(/mode/);
      expect((await getCredits(await userRow(user.id))).credits.used).toBe(0);
    }
  });

  it("a spending cap in batch mode → 400 naming it; the estimate's batch mode is null exactly then", async () => {
    const user = await newUser("bm-cap");
    const conn = (await addConnection(user, "OpenAI")).json as { _id: string };
    const file = (await importCsv(user.id, { fileName: "c.csv", rows: [{ Name: "A", Company: "B" }] })) as {
      _id: string;
    };
    const base = {
      csvId: file._id,
      prompt: "Write to {{Name}}",
      connectionId: conn._id,
      model: "gpt-4o-mini",
      useCase: "content_creation",
      rowsToProcess: 1,
    };
    const capped = await bulk(user, { ...base, maxCostUsd: 5, mode: "batch" });
    expect(capped.status).toBe(400);
    expect(capped.json.msg).toMatch(/spending cap cannot be enforced in batch mode/);
    const estimate = (body: unknown) =>
      callRoute(estimatePOST, { method: "POST", url: "/api/ai/estimate", headers: user.headers, body });
    expect((await estimate({ ...base, maxCostUsd: 5 })).json.modes.batch).toBeNull();
    const open = (await estimate({ ...base, maxCostUsd: null })).json;
    expect(open.modes.batch.costUsd.expected).toBeCloseTo(open.modes.standard.costUsd.expected / 2, 10);
    const ok = await bulk(user, { ...base, maxCostUsd: null, mode: "batch" });
    expect(ok.status).toBe(200);
    const s = await status(user, ok.json.batchId);
    expect(s).toMatchObject({ mode: "batch", status: "queued", provider: { batches: [], submitted: 0, returned: 0 } });
  });
});
