import { desc } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as meGET } from "@/app/api/auth/me/route";
import { GET as healthGET } from "@/app/api/health/route";
import * as dbModule from "@/lib/db";
import { workerHeartbeats } from "@/lib/db/schema";
import * as bossModule from "@/lib/queue/boss";
import { getBoss } from "@/lib/queue/boss";
import { handle } from "@/lib/http/handlers";
import * as heartbeat from "@/lib/queue/heartbeat";
import { beat } from "@/lib/queue/heartbeat";
import { SHARED_DB } from "../support/admin";
import { closeDatabase, setupTestDatabase } from "../support/db";
import { callRoute } from "../support/http";

let bossStarted = false;
beforeAll(setupTestDatabase);
afterAll(async () => {
  if (bossStarted) await (await getBoss()).stop({ graceful: false }).catch(() => undefined);
  await closeDatabase();
});
afterEach(() => vi.restoreAllMocks());

const health = (headers?: Record<string, string>) => callRoute(healthGET, { url: "/api/health", headers });

describe("GET /api/health", () => {
  it("is 503 while the job queue is not usable, then 200 { ok, db, queue, worker: { mode, lastBeatAt } }", async () => {
    vi.spyOn(bossModule, "queueReady").mockResolvedValueOnce(false);
    const before = await health();
    expect(before.status).toBe(503);
    expect(before.json).toEqual({
      ok: false,
      db: true,
      queue: false,
      worker: { mode: "inline", lastBeatAt: before.json.worker.lastBeatAt },
    });
    // Nobody beats in this file yet (with a shared database another file's worker may have).
    if (!SHARED_DB) expect(before.json.worker.lastBeatAt).toBeNull();

    await getBoss();
    bossStarted = true;
    const res = await health();
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      ok: true,
      db: true,
      queue: true,
      worker: { mode: "inline", lastBeatAt: res.json.worker.lastBeatAt },
    });
    if (!SHARED_DB) expect(res.json.worker.lastBeatAt).toBeNull();
  });

  it("reports the newest heartbeat of any worker", async () => {
    await beat("worker-a", "worker");
    const first = (await health()).json.worker.lastBeatAt as string;
    expect(new Date(first).toISOString()).toBe(first);
    expect(Math.abs(Date.now() - Date.parse(first))).toBeLessThan(60_000);
    // The second beat must be newer: wait until the clock has moved past the first.
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(Date.parse(first)), { interval: 1 });
    await beat(`cron:instance-${Date.now()}`, "cron");
    const [mine] = await dbModule.db
      .select()
      .from(workerHeartbeats)
      .orderBy(desc(workerHeartbeats.lastBeatAt))
      .limit(1);
    const second = (await health()).json.worker.lastBeatAt as string;
    expect(Date.parse(second)).toBeGreaterThan(Date.parse(first));
    expect(Date.parse(second)).toBeGreaterThanOrEqual(mine!.lastBeatAt.getTime());
  });

  it("is 503 with db false when `select 1` fails", async () => {
    vi.spyOn(dbModule, "pingDatabase").mockRejectedValue(new Error("Connection terminated unexpectedly"));
    const res = await health();
    expect(res.status).toBe(503);
    expect(res.json).toEqual({ ok: false, db: false, queue: false, worker: { mode: "inline", lastBeatAt: null } });
  });
});

describe("request ids", () => {
  it("echoes the caller's x-request-id, else a generated one, on success and on error", async () => {
    const sent = await health({ "x-request-id": "req-123.abc:7" });
    expect(sent.headers.get("x-request-id")).toBe("req-123.abc:7");

    const generated = await health();
    expect(generated.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect((await health()).headers.get("x-request-id")).not.toBe(generated.headers.get("x-request-id"));

    // Not a plain token (log injection, oversize): replaced.
    for (const bad of ["a b", "x".repeat(129), 'id"}{']) {
      expect((await health({ "x-request-id": bad })).headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    }

    const unauthorized = await callRoute(meGET, { url: "/api/auth/me", headers: { "x-request-id": "err-42" } });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get("x-request-id")).toBe("err-42");
  });

  it("a 500 carries the request id in its body and header", async () => {
    const route = handle(async () => {
      throw new Error("unexpected");
    });
    const res = await callRoute(route, { url: "/api/anything", headers: { "x-request-id": "trace-500" } });
    expect(res.status).toBe(500);
    expect(res.headers.get("x-request-id")).toBe("trace-500");
    expect(res.json).toEqual({
      msg: "Something went wrong. Please try again.",
      code: "internal",
      requestId: "trace-500",
    });
  });

  it("the health report survives a failing heartbeat query (lastBeatAt null)", async () => {
    vi.spyOn(heartbeat, "lastBeatAt").mockRejectedValue(new Error("boom"));
    const res = await health();
    expect(res.status).toBe(200);
    expect(res.json.worker.lastBeatAt).toBeNull();
  });
});
