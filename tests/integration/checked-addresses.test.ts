import { beforeEach, describe, expect, it } from "vitest";
import { GET as statusGET } from "@/app/api/ai/batch-status/[id]/route";
import { DEFAULT_JSON_SCHEMA } from "@/lib/ai/defaults";
import { runBatch } from "@/lib/services/generation/run-batch";
import { addConnection, newUser, withFakeProviderAndDatabase, type TestUser } from "../support/ai";
import { importFile } from "../support/csv";
import { callRoute } from "../support/http";
import { cleanAnswer, creditsUsed, PROMPT, qualityApi as api, runBulk } from "../support/quality";

// Runs and checked addresses, thin input (docs/api.md "Runs and checked addresses", "Thin input"): bulk,
// batch-mode and preview runs and the estimate leave out rows whose Email Status failed the check.

const fake = withFakeProviderAndDatabase({ respond: cleanAnswer });
beforeEach(() => fake.reset());

/** Ada, Cy and Eve run; Bob, Dee and Fay failed the address check; Cy has no Company (thin input). */
const ROWS = [
  { "First Name": "Ada", Company: "Acme", Email: "ada@acme.test", "Email Status": "valid" },
  { "First Name": "Bob", Company: "Globex", Email: "bob@globex", "Email Status": "invalid" },
  { "First Name": "Cy", Company: "", Email: "info@initech.test", "Email Status": "role" },
  { "First Name": "Dee", Company: "Umbrella", Email: "dee@mailinator.test", "Email Status": "disposable" },
  { "First Name": "Eve", Company: "Hooli", Email: "eve@hooli.test", "Email Status": "" },
  { "First Name": "Fay", Company: "Vandelay", Email: "fay@vandelay.test", "Email Status": "do_not_mail" },
];
const RUNNING = ["Ada", "Cy", "Eve"];

interface Ctx {
  user: TestUser;
  csvId: string;
  rowIds: number[];
  input: (extra?: Record<string, unknown>) => Record<string, unknown>;
}

async function setup(rows: Record<string, string>[] = ROWS): Promise<Ctx> {
  const user = await newUser("checked");
  const conn = await addConnection(user, "OpenAI");
  const file = await importFile(user, rows);
  const input = (extra: Record<string, unknown> = {}) => ({
    prompt: PROMPT,
    jsonSchema: DEFAULT_JSON_SCHEMA,
    model: "gpt-4o-mini",
    useCase: "content_creation",
    connectionId: conn.json._id,
    csvId: file._id,
    ...extra,
  });
  return { user, csvId: file._id, rowIds: file.rowIds, input };
}

/** Names of the prospects the fake was asked to write to, in order. */
const askedFor = () => fake.stats.prompts.map((p) => /to (\w+) at/.exec(p)?.[1]);
const completions = () => fake.stats.byEndpoint["openai POST /v1/chat/completions"] ?? 0;

describe("bulk runs", () => {
  it("leave out failed addresses: no provider call, no credit; skipped counts them", async () => {
    const c = await setup();
    const started = await runBulk(c.user, c.input({ rowsToProcess: 6 }));
    expect(started).toMatchObject({ total: 3, skippedApproved: 0, skipped: { invalidEmail: 3, thinInput: 0 } });
    expect(completions()).toBe(3);
    expect(askedFor().sort()).toEqual(RUNNING);
    expect(await creditsUsed(c.user)).toBe(3);
    const file = await api.file(c.user, c.csvId);
    expect(file.rows.map((r) => Boolean(r["Email Body"]))).toEqual([true, false, true, false, true, false]);
  });

  it("includeInvalidEmails keeps them; a file without Email Status runs every row", async () => {
    const c = await setup();
    const started = await runBulk(c.user, c.input({ rowsToProcess: 6, includeInvalidEmails: true }));
    expect(started).toMatchObject({ total: 6, skipped: { invalidEmail: 0, thinInput: 0 } });
    expect(completions()).toBe(6);
    expect(await creditsUsed(c.user)).toBe(6);

    fake.reset();
    const plain = await setup(
      ROWS.map((row) => Object.fromEntries(Object.entries(row).filter(([k]) => k !== "Email Status"))),
    );
    expect(await runBulk(plain.user, plain.input({ rowsToProcess: 6 }))).toMatchObject({
      total: 6,
      skipped: { invalidEmail: 0, thinInput: 0 },
    });
    expect(completions()).toBe(6);
  });

  it("skipThinRows leaves out rows with an empty variable; rows by id follow the same rules", async () => {
    const c = await setup();
    const started = await runBulk(c.user, c.input({ rowsToProcess: 6, skipThinRows: true }));
    expect(started).toMatchObject({ total: 2, skipped: { invalidEmail: 3, thinInput: 1 } });
    expect(askedFor().sort()).toEqual(["Ada", "Eve"]);
    expect(await creditsUsed(c.user)).toBe(2);

    const byId = await runBulk(c.user, c.input({ rowIds: [c.rowIds[1], c.rowIds[2]] }));
    expect(byId).toMatchObject({ total: 1, skipped: { invalidEmail: 1, thinInput: 0 } });
    const none = await api.bulk(c.user, c.input({ rowIds: [c.rowIds[1], c.rowIds[5]] }));
    expect(none.status).toBe(400);
    expect(none.json).toEqual({
      code: "invalid_input",
      msg: "No rows match the criteria: 2 rows failed the address check (includeInvalidEmails keeps them)",
    });
  });

  it("thin input: the rows that ran with an empty variable carry thin_input in GET /csv/{id}/quality", async () => {
    const c = await setup();
    await runBulk(c.user, c.input({ rowsToProcess: 6 }));
    const quality = (await api.quality(c.user, c.csvId)).json;
    expect(quality.rows.map((r: { rowIndex: number }) => r.rowIndex)).toEqual([0, 2, 4]);
    expect(quality.rows[1].flags).toEqual([
      { rule: "thin_input", severity: "warn", message: "{{Company}} is empty in this row and has no fallback" },
    ]);
    expect(quality.rows[0].flags).toEqual([]);
    expect(quality.counts).toEqual({ block: 0, warn: 1, clean: 2 });
  });

  it("batch mode leaves them out too: only the other rows are submitted and charged", async () => {
    fake.setOptions({ batch: { completeAfterMs: 100 } });
    const c = await setup();
    const res = await api.bulk(c.user, c.input({ rowsToProcess: 6, mode: "batch", maxCostUsd: null }));
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ total: 3, skipped: { invalidEmail: 3, thinInput: 0 } });
    const timing = { firstPollSeconds: 1, holdMs: 60_000, stepMs: 100 };
    expect(await runBatch(res.json.batchId, { workerId: "w-checked", timing })).toBe("done");
    const { batchId } = res.json;
    const s = (
      await callRoute(statusGET, {
        url: `/api/ai/batch-status/${batchId}`,
        headers: c.user.headers,
        params: { id: batchId },
      })
    ).json;
    expect(s).toMatchObject({ status: "completed", progress: { processed: 3, total: 3 }, mode: "batch" });
    expect(s.provider).toMatchObject({ submitted: 3, returned: 3 });
    expect(await creditsUsed(c.user)).toBe(3);
    const file = await api.file(c.user, c.csvId);
    expect(file.rows.map((r) => Boolean(r["Email Body"]))).toEqual([true, false, true, false, true, false]);
    const quality = (await api.quality(c.user, c.csvId)).json;
    expect(quality.rows[1].flags.map((f: { rule: string }) => f.rule)).toEqual(["thin_input"]);
  });
});

describe("the estimate and the preview", () => {
  it("the estimate counts only the rows that will run, and the left-out and thin ones", async () => {
    const c = await setup();
    const estimate = async (extra: Record<string, unknown>) => {
      const res = await api.estimate(c.user, c.input({ rowsToProcess: 6, ...extra }));
      expect(res.status, res.text).toBe(200);
      return res.json;
    };
    expect(await estimate({})).toMatchObject({ rows: 3, credits: 3, skippedInvalidEmail: 3, thinRows: 1 });
    expect(await estimate({ includeInvalidEmails: true })).toMatchObject({
      rows: 6,
      credits: 6,
      skippedInvalidEmail: 0,
      thinRows: 1,
    });
    expect(await estimate({ skipThinRows: true })).toMatchObject({
      rows: 2,
      credits: 2,
      skippedInvalidEmail: 3,
      thinRows: 1,
    });
    const fewer = await estimate({ rowsToProcess: 2 });
    expect(fewer).toMatchObject({ rows: 1, skippedInvalidEmail: 1, thinRows: 0 });
    expect(fewer.inputTokens).toBeLessThan((await estimate({})).inputTokens);
    expect(completions()).toBe(0);
  });

  it("the preview takes the first 3 rows that would run, skips named failed ones, flags thin input", async () => {
    const c = await setup();
    const res = await api.preview(c.user, c.input());
    expect(res.status, res.text).toBe(200);
    expect(res.json.results.map((r: { rowIndex: number }) => r.rowIndex)).toEqual([0, 2, 4]);
    expect(res.json.results[1].flags).toEqual([
      { rule: "thin_input", severity: "warn", message: "{{Company}} is empty in this row and has no fallback" },
    ]);
    expect(completions()).toBe(3);

    const named = await api.preview(c.user, c.input({ rowIds: [c.rowIds[1], c.rowIds[3], c.rowIds[4]] }));
    expect(named.json.results.map((r: { rowIndex: number }) => r.rowIndex)).toEqual([4]);
    const kept = await api.preview(c.user, c.input({ rowsToProcess: [1], includeInvalidEmails: true }));
    expect(kept.json.results.map((r: { rowIndex: number }) => r.rowIndex)).toEqual([1]);
    const none = await api.preview(c.user, c.input({ rowsToProcess: [1, 3] }));
    expect(none.status).toBe(400);
    expect(none.json.msg).toContain("2 rows failed the address check");
    expect(askedFor()).not.toContain("Dee");
  });
});
