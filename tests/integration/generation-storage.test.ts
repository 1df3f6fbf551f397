/**
 * Issue 17 item 3: a provider answer the database cannot store as it is (NUL characters, unpaired
 * surrogates) is cleaned and stored — never a 500 with the credit spent; and should a write still
 * fail, the database's text (SQL, parameters, ids) never reaches a row's cells, a batch or an answer.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { POST as bulkPOST } from "@/app/api/ai/bulk-batched/route";
import { GET as creditsGET } from "@/app/api/ai/credits/route";
import { POST as generatePOST } from "@/app/api/ai/generate/route";
import { DEFAULT_JSON_SCHEMA } from "@/lib/ai/defaults";
import { db } from "@/lib/db";
import { batchItems, batches } from "@/lib/db/schema";
import { getBoss } from "@/lib/queue/boss";
import { runBatch } from "@/lib/services/generation/run-batch";
import type { FakeProviderHandle } from "../fakes/ai-provider";
import { addConnection, newUser, startFakeProviderForApp, type TestUser } from "../support/ai";
import { csvApi, importFile } from "../support/csv";
import { closeDatabase, setupTestDatabase } from "../support/db";
import { callRoute } from "../support/http";

// A switch that makes the next writes of generated cells fail the way a database error does.
const failWrites = vi.hoisted(() => ({ remaining: 0 }));
vi.mock("@/lib/services/csv/generated-cells", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/lib/services/csv/generated-cells")>();
  return {
    ...original,
    writeGeneratedCells: async (...args: Parameters<typeof original.writeGeneratedCells>) => {
      if (failWrites.remaining > 0) {
        failWrites.remaining--;
        throw new Error(
          `Failed query: update "csv_rows" set "data" = "csv_rows"."data" || $1::jsonb where "csv_rows"."id" = $2\nparams: {"Subject Line":"x"},${args[1]}`,
        );
      }
      return original.writeGeneratedCells(...args);
    },
  };
});

let fake: FakeProviderHandle;
let bossStarted = false;
beforeAll(async () => {
  await setupTestDatabase();
  fake = await startFakeProviderForApp();
});
afterAll(async () => {
  if (bossStarted) await (await getBoss()).stop({ graceful: false }).catch(() => undefined);
  await fake?.close();
  await closeDatabase();
});
beforeEach(() => {
  fake.reset();
  failWrites.remaining = 0;
});

const ROWS = [
  { Name: "Ada", Company: "Engines" },
  { Name: "Grace", Company: "Compilers" },
];
const HOSTILE = { subject_line: "Hello\u0000 Ada \ud800!", email_body: "Dear\u0000 Ada,\n\udfffthanks" };
const CLEANED = { subject_line: "Hello Ada \ufffd!", email_body: "Dear Ada,\n\ufffdthanks" };
const DB_TEXT = /Failed query|params:|csv_rows|update "/;

async function setup() {
  const user = await newUser("store");
  const conn = await addConnection(user, "OpenAI");
  expect(conn.status, conn.text).toBe(201);
  const file = await importFile(user, ROWS);
  const body = (extra: Record<string, unknown> = {}) => ({
    prompt: "Write to {{Name}} at {{Company}}",
    jsonSchema: DEFAULT_JSON_SCHEMA,
    model: "gpt-4o-mini",
    useCase: "content_creation",
    connectionId: conn.json._id,
    csvId: file._id,
    ...extra,
  });
  return { user, csvId: file._id as string, body };
}

const generate = (user: TestUser, body: unknown) =>
  callRoute(generatePOST, { method: "POST", url: "/api/ai/generate", headers: user.headers, body });
const used = async (user: TestUser) =>
  (await callRoute(creditsGET, { url: "/api/ai/credits", headers: user.headers })).json.credits.used as number;
const rowsOf = async (user: TestUser, csvId: string) =>
  (await csvApi.get(user, csvId)).json.rows as Record<string, string>[];

describe("a provider answer with NUL characters and unpaired surrogates", () => {
  it("POST /api/ai/generate cleans it, stores it and answers with the cleaned text (credit spent once)", async () => {
    const s = await setup();
    fake.setOptions({ respond: () => HOSTILE });
    const res = await generate(s.user, s.body({ selectedRowIndex: 0, data: ROWS }));
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject(CLEANED);
    const [row] = await rowsOf(s.user, s.csvId);
    expect(row).toMatchObject({ "Subject Line": CLEANED.subject_line, "Email Body": CLEANED.email_body });
    expect(JSON.parse(row!["AI Response"]!)).toEqual(CLEANED);
    expect(await used(s.user)).toBe(1);
  });

  it("a bulk batch cleans and stores every row; none fails", async () => {
    const s = await setup();
    fake.setOptions({ respond: () => HOSTILE });
    const started = await callRoute(bulkPOST, {
      method: "POST",
      url: "/api/ai/bulk-batched",
      headers: s.user.headers,
      body: s.body({ rowsToProcess: 2 }),
    });
    bossStarted = true;
    expect(started.status, started.text).toBe(200);
    const { batchId } = started.json;
    expect(await runBatch(batchId, { workerId: "w-clean" })).toBe("done");
    const [batch] = await db.select().from(batches).where(eq(batches.id, batchId));
    expect(batch).toMatchObject({ status: "completed", processed: 2, failed: 0, error: null, creditsRefunded: 0 });
    for (const row of await rowsOf(s.user, s.csvId)) {
      expect(row).toMatchObject({ "Subject Line": CLEANED.subject_line, "Email Body": CLEANED.email_body });
    }
    expect(await used(s.user)).toBe(2);
  });
});

describe("a result that still cannot be written", () => {
  it("single generate: a generic 500 without database text, and the credit is given back", async () => {
    const s = await setup();
    failWrites.remaining = 1;
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const res = await generate(s.user, s.body({ selectedRowIndex: 1, data: ROWS }));
    expect(res.status).toBe(500);
    expect(res.json).toEqual({ msg: "The result could not be saved. Please try again.", code: "internal" });
    expect(res.text).not.toMatch(DB_TEXT);
    expect(String(errors.mock.calls.flat().join(" "))).toMatch(/Failed query/); // the detail is logged
    errors.mockRestore();
    expect(await used(s.user)).toBe(0);
    for (const row of await rowsOf(s.user, s.csvId)) expect(JSON.stringify(row)).not.toMatch(DB_TEXT);
  });

  it("bulk: the row fails with a generic message (credit refunded), never the database's text", async () => {
    const s = await setup();
    const started = await callRoute(bulkPOST, {
      method: "POST",
      url: "/api/ai/bulk-batched",
      headers: s.user.headers,
      body: s.body({ rowsToProcess: 2 }),
    });
    bossStarted = true;
    expect(started.status, started.text).toBe(200);
    const { batchId } = started.json;
    failWrites.remaining = 1;
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(await runBatch(batchId, { workerId: "w-store", fixedConcurrency: 1 })).toBe("done");
    errors.mockRestore();
    const [batch] = await db.select().from(batches).where(eq(batches.id, batchId));
    expect(batch).toMatchObject({ status: "completed", processed: 2, failed: 1, creditsRefunded: 1 });
    expect(batch!.error ?? "").not.toMatch(DB_TEXT);
    const items = await db.select().from(batchItems).where(eq(batchItems.batchId, batchId));
    expect(items.map((i) => i.error).filter(Boolean)).toEqual(["The result could not be saved. Please try again."]);
    const rows = await rowsOf(s.user, s.csvId);
    expect(rows.map((r) => r["Subject Line"]).filter((v) => v?.startsWith("Error"))).toEqual([
      "Error: The result could not be saved. Please try again.",
    ]);
    for (const row of rows) expect(JSON.stringify(row)).not.toMatch(DB_TEXT);
    // one credit per row reserved, the failed row's refunded; the provider was asked once per row
    expect(await used(s.user)).toBe(1);
    expect(fake.stats.calls.filter((c) => !c.endpoint.startsWith("models"))).toHaveLength(2);
  });
});
