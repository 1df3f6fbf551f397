import { beforeEach, describe, expect, it } from "vitest";
import { GET as statusGET } from "@/app/api/ai/batch-status/[id]/route";
import { POST as cancelPOST } from "@/app/api/ai/cancel-batch/[id]/route";
import { POST as pausePOST } from "@/app/api/ai/pause-batch/[id]/route";
import { POST as resumePOST } from "@/app/api/ai/resume-batch/[id]/route";
import { generateStructured } from "@/lib/ai/generate";
import type { GenerationOutput, GenerationRequest } from "@/lib/ai/generation-types";
import { runBatch } from "@/lib/services/generation/run-batch";
import { newUser, type TestUser, withFakeProviderAndDatabase } from "../support/ai";
import { startRowsRun } from "../support/runs";
import { callRoute } from "../support/http";

const fake = withFakeProviderAndDatabase();
beforeEach(() => fake.reset());

type Generate = (req: GenerationRequest) => Promise<GenerationOutput>;

const setup = (n: number) => startRowsRun("pause", n);

const call = (route: typeof pausePOST, action: string, u: TestUser, id: string) =>
  callRoute(route, { method: "POST", url: `/api/ai/${action}/${id}`, headers: u.headers, params: { id } });
const status = async (u: TestUser, id: string) =>
  (await callRoute(statusGET, { url: `/api/ai/batch-status/${id}`, headers: u.headers, params: { id } })).json;

/** A generate that counts calls per row and signals after `after` answers. */
function counting(after: number) {
  const calls = new Map<string, number>();
  let delivered = 0;
  let signal!: () => void;
  const reached = new Promise<void>((r) => (signal = r));
  const generate: Generate = async (req) => {
    const row = /Write to (Row\d+) at/.exec(req.prompt)![1]!;
    calls.set(row, (calls.get(row) ?? 0) + 1);
    const out = await generateStructured(req);
    if (++delivered === after) signal();
    return out;
  };
  return { generate, calls, reached };
}

describe("pause and resume", () => {
  it("pause lets rows in flight finish and starts no new one; resume finishes without redoing or re-charging a row", async () => {
    fake.setOptions({ latencyMs: 200 });
    const b = await setup(12);
    expect(await b.used()).toBe(12);
    const first = counting(3);
    const run = runBatch(b.batchId, { workerId: "w-1", fixedConcurrency: 2, generate: first.generate });
    await first.reached;
    const paused = await call(pausePOST, "pause-batch", b.user, b.batchId);
    expect(paused.status, paused.text).toBe(200);
    expect(paused.json).toMatchObject({ status: "paused", msg: "Batch paused" });
    expect(await run).toBe("done");

    const whilePaused = await status(b.user, b.batchId);
    expect(whilePaused.status).toBe("paused");
    const done = whilePaused.progress.processed as number;
    expect(done).toBeGreaterThanOrEqual(3);
    expect(done).toBeLessThan(12);
    // Unstarted rows keep their credits reserved while paused.
    expect(await b.used()).toBe(12);
    expect(whilePaused.creditsRefunded).toBe(0);
    // A worker does not take a paused batch.
    expect(await runBatch(b.batchId, { workerId: "w-2", fixedConcurrency: 2 })).toBe("busy");
    // Pausing again changes nothing.
    expect((await call(pausePOST, "pause-batch", b.user, b.batchId)).json.status).toBe("paused");

    const resumed = await call(resumePOST, "resume-batch", b.user, b.batchId);
    expect(resumed.status, resumed.text).toBe(200);
    expect(resumed.json).toMatchObject({ status: "queued", msg: "Batch resumed" });
    const second = counting(1);
    expect(await runBatch(b.batchId, { workerId: "w-3", fixedConcurrency: 2, generate: second.generate })).toBe("done");

    const end = await status(b.user, b.batchId);
    expect(end).toMatchObject({ status: "completed", progress: { processed: 12, total: 12 }, failed: 0 });
    expect(await b.used()).toBe(12);
    // Every row generated exactly once across both workers.
    for (const row of second.calls.keys()) expect(first.calls.has(row)).toBe(false);
    expect(first.calls.size + second.calls.size).toBe(12);
    expect((await b.rows()).every((r) => (r["Subject Line"] ?? "").length > 0)).toBe(true);
  });

  it("stop on a paused run refunds every unstarted row; pause and resume of a finished run are 409", async () => {
    const b = await setup(6);
    expect((await call(pausePOST, "pause-batch", b.user, b.batchId)).json.status).toBe("paused");
    const cancelled = await call(cancelPOST, "cancel-batch", b.user, b.batchId);
    expect(cancelled.status).toBe(200);
    expect(cancelled.json).toMatchObject({ status: "cancelled", creditsRefunded: 6 });
    expect(await b.used()).toBe(0);
    const pause = await call(pausePOST, "pause-batch", b.user, b.batchId);
    expect(pause.status).toBe(409);
    expect(pause.json).toMatchObject({ code: "conflict", msg: "Batch already cancelled" });
    expect((await call(resumePOST, "resume-batch", b.user, b.batchId)).status).toBe(409);
  });

  it("another user's batch is a 404; a malformed id is a 404", async () => {
    const b = await setup(2);
    const stranger = await newUser("stranger");
    expect((await call(pausePOST, "pause-batch", stranger, b.batchId)).status).toBe(404);
    expect((await call(resumePOST, "resume-batch", stranger, b.batchId)).status).toBe(404);
    expect((await call(pausePOST, "pause-batch", b.user, "nope")).status).toBe(404);
    expect((await status(b.user, b.batchId)).status).toBe("queued");
  });
});
