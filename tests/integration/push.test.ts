import { describe, expect, it } from "vitest";
import { getBoss, QUEUES } from "@/lib/queue/boss";
import { runAttempt } from "@/lib/queue/attempt";
import type { WorkData } from "@/lib/queue/enqueue";
import { runPush } from "@/lib/services/sending/push-job";
import { newUser, withFakeProviderAndDatabase } from "../support/ai";
import { blockRow, connectedCampaign, generatedFile, generatedRow } from "../support/push-files";
import { sendingApi, withFakeSendingTools } from "../support/sending";

// Pushes of generated rows into a sending tool's campaign: dry runs, skips, batches, receipts, the queue.

withFakeProviderAndDatabase();
const tools = withFakeSendingTools();

const rows = (count: number, from = 0) => Array.from({ length: count }, (_, i) => generatedRow(from + i));

describe("dry run", () => {
  it("says what would be pushed and skipped, in the reasons' order, with the first leads as the tool receives them; sends and stores nothing", async () => {
    const user = await newUser("push-dry");
    const { connectionId, campaignId } = await connectedCampaign(tools(), user, "instantly");
    const file = await generatedFile(user, [
      generatedRow(0),
      generatedRow(1, { Email: "" }),
      generatedRow(2, { Email: "not-an-address" }),
      generatedRow(3, { "Email Status": "disposable" }),
      generatedRow(4, { "Email Body": "" }),
      generatedRow(5),
      generatedRow(6, { Email: "LEAD0@acme0.test" }),
      generatedRow(7),
    ]);
    await blockRow(file.rowIds[5]!);
    const before = tools().instantly.calls.length;
    const res = await sendingApi.push(user, file.csvId, { connectionId, campaignId, dryRun: true });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      total: 8,
      willPush: 2,
      skipped: { no_email: 1, invalid_email: 2, not_generated: 1, blocked: 1, already_pushed: 0, duplicate_email: 1 },
    });
    expect(res.json.rows.map((r: { reason: string | null }) => r.reason)).toEqual([
      null,
      "no_email",
      "invalid_email",
      "invalid_email",
      "not_generated",
      "blocked",
      "duplicate_email",
      null,
    ]);
    expect(res.json.rows[0]).toEqual({ rowId: file.rowIds[0], status: "push", reason: null });
    expect(res.json.sample).toEqual([
      {
        email: "lead0@acme0.test",
        first_name: "Ann0",
        last_name: "Lee0",
        company_name: "Acme 0",
        custom_variables: {
          subject_line: "Idea for Acme 0",
          email_body: "Hi Ann0,\n\nA short note.\n\nBest",
          follow_up: "Following up, Ann0",
        },
      },
      expect.objectContaining({ email: "lead7@acme0.test" }),
    ]);
    expect(tools().instantly.calls.length).toBe(before);
    expect((await sendingApi.pushes(user, file.csvId)).json).toEqual({ pushes: [] });
    // includeFlagged lets the blocked row through.
    const flagged = await sendingApi.push(user, file.csvId, {
      connectionId,
      campaignId,
      dryRun: true,
      includeFlagged: true,
    });
    expect(flagged.json.willPush).toBe(3);
  });

  it("lemlist and Smartlead leads take their own shapes; a mapping can rename variables and fields", async () => {
    const user = await newUser("push-shapes");
    const lm = await connectedCampaign(tools(), user, "lemlist");
    const sl = await connectedCampaign(tools(), user, "smartlead");
    const file = await generatedFile(user, rows(1));
    const mapping = { lastName: null, variables: { opener: "Email Body" } };
    const lemlist = await sendingApi.push(user, file.csvId, { ...lm, dryRun: true, mapping });
    expect(lemlist.json.sample).toEqual([
      {
        opener: "Hi Ann0,\n\nA short note.\n\nBest",
        email: "lead0@acme0.test",
        firstName: "Ann0",
        companyName: "Acme 0",
      },
    ]);
    expect(lemlist.json.mapping).toEqual({
      email: "Email",
      firstName: "First Name",
      lastName: null,
      companyName: "Company",
      variables: { opener: "Email Body" },
    });
    const smartlead = await sendingApi.push(user, file.csvId, { ...sl, dryRun: true });
    expect(smartlead.json.sample[0]).toMatchObject({
      email: "lead0@acme0.test",
      custom_fields: { follow_up: "Following up, Ann0" },
    });
  });

  it("a mapping naming a missing column, a file without an e-mail column, or a row id of another file is a 400 naming it", async () => {
    const user = await newUser("push-400");
    const c = await connectedCampaign(tools(), user, "instantly");
    const file = await generatedFile(user, rows(2));
    const missing = await sendingApi.push(user, file.csvId, {
      ...c,
      dryRun: true,
      mapping: { companyName: "Employer" },
    });
    expect(missing.status).toBe(400);
    expect(missing.json).toEqual({ msg: 'Column "Employer" is not in this file', code: "invalid_input" });
    const noEmail = await generatedFile(user, [{ Name: "Ann", "Subject Line": "S", "Email Body": "B" }]);
    const none = await sendingApi.push(user, noEmail.csvId, { ...c, dryRun: true });
    expect(none.status).toBe(400);
    expect(none.json.msg).toContain("no e-mail column");
    const other = await sendingApi.push(user, file.csvId, { ...c, dryRun: true, rowIds: [noEmail.rowIds[0]] });
    expect(other.status).toBe(400);
    expect(other.json.msg).toBe(`Row ${noEmail.rowIds[0]} is not a row of this file`);
    const bad = await sendingApi.push(user, file.csvId, { ...c, rowIds: "all" });
    expect(bad.status).toBe(400);
  });
});

describe("duplicate addresses", () => {
  it("an address pushed once is never planned again: a later row repeating it, another file, a skipped earlier row", async () => {
    const user = await newUser("push-dup");
    const c = await connectedCampaign(tools(), user, "lemlist");
    const file = await generatedFile(user, [...rows(8), generatedRow(8, { Email: "LEAD0@acme0.test" })]);
    const started = await sendingApi.push(user, file.csvId, { ...c });
    expect(started.status, started.text).toBe(202);
    expect(await runPush(started.json.pushId, { workerId: "w-dup" })).toBe("done");
    const first = (await sendingApi.rows(user, started.json.pushId)).json.rows;
    expect(first.at(-1)).toMatchObject({ rowId: file.rowIds[8], status: "skipped", reason: "duplicate_email" });
    expect(tools().lemlist.leads(c.campaignId)).toHaveLength(8);

    // Afterwards row 0 is already pushed, and so is row 8's address: nothing to push.
    const after = await sendingApi.push(user, file.csvId, { ...c, dryRun: true });
    expect(after.json).toMatchObject({ willPush: 0, skipped: { already_pushed: 9, duplicate_email: 0 } });
    // Another file of the same user with that address: already in this campaign.
    const other = await generatedFile(user, [generatedRow(0), generatedRow(20)]);
    const otherPlan = await sendingApi.push(user, other.csvId, { ...c, dryRun: true });
    expect(otherPlan.json.rows.map((r: { reason: string | null }) => r.reason)).toEqual(["already_pushed", null]);
    // With repush the address goes once: the first row carrying it.
    const repush = await sendingApi.push(user, file.csvId, { ...c, dryRun: true, repush: true });
    expect(repush.json).toMatchObject({ willPush: 8, skipped: { duplicate_email: 1 } });

    // An earlier row skipped (blocked) still holds its address: the later row is a duplicate.
    const blocked = await generatedFile(user, [generatedRow(30), generatedRow(31, { Email: "lead30@acme2.test" })]);
    await blockRow(blocked.rowIds[0]!);
    const plan = await sendingApi.push(user, blocked.csvId, { ...c, dryRun: true });
    expect(plan.json.rows.map((r: { reason: string | null }) => r.reason)).toEqual(["blocked", "duplicate_email"]);
  });
});

describe("push", () => {
  it("goes through the queue: Instantly gets 1,000 leads a call with skip_if_in_campaign, every row has a receipt", async () => {
    const user = await newUser("push-inst");
    const c = await connectedCampaign(tools(), user, "instantly");
    const file = await generatedFile(user, [...rows(2300), generatedRow(9999, { Email: "" })]);
    const started = await sendingApi.push(user, file.csvId, { connectionId: c.connectionId, campaignId: c.campaignId });
    expect(started.status, started.text).toBe(202);
    const { pushId } = started.json;
    expect((await sendingApi.get(user, pushId)).json).toMatchObject({ status: "queued", total: 2301, skipped: 1 });
    const boss = await getBoss();
    const jobs = await boss.fetch<WorkData>(QUEUES.push, { batchSize: 50, includeMetadata: true });
    const job = jobs.find((j) => j.data.id === pushId)!;
    expect(await runAttempt("push", job, { workerId: `w:${job.id}` })).toBe("done");

    const adds = tools().instantly.calls.filter((call) => call.path === "/api/v2/leads/add");
    const mine = adds.filter((call) => (call.body as { campaign_id: string }).campaign_id === c.campaignId);
    expect(mine.map((call) => (call.body as { leads: unknown[] }).leads.length)).toEqual([1000, 1000, 300]);
    expect(mine.every((call) => (call.body as { skip_if_in_campaign: boolean }).skip_if_in_campaign)).toBe(true);
    expect(mine[0]!.headers.authorization).toBe(`Bearer ${c.apiKey}`);
    const leads = tools().instantly.leads(c.campaignId);
    expect(new Set(leads.map((l) => l.email)).size).toBe(2300);
    expect(leads).toHaveLength(2300);

    const push = (await sendingApi.get(user, pushId)).json;
    expect(push).toMatchObject({
      status: "completed",
      total: 2301,
      pushed: 2300,
      skipped: 1,
      failed: 0,
      providerSkipped: 0,
      error: null,
      service: "instantly",
      campaignName: "instantly campaign",
      finishedAt: expect.any(String),
    });
    const receipts = (await sendingApi.rows(user, pushId)).json.rows;
    expect(receipts).toHaveLength(2301);
    expect(receipts[0]).toEqual({
      rowId: file.rowIds[0],
      status: "pushed",
      reason: null,
      providerLeadId: expect.any(String),
    });
    expect(receipts.at(-1)).toEqual({
      rowId: file.rowIds.at(-1),
      status: "skipped",
      reason: "no_email",
      providerLeadId: null,
    });
    expect((await sendingApi.pushes(user, file.csvId)).json.pushes.map((p: { id: string }) => p.id)).toEqual([pushId]);
    const byRow = (await sendingApi.receipts(user, file.csvId)).json.receipts;
    expect(byRow).toHaveLength(2300);
    expect(byRow[0]).toEqual({
      rowId: file.rowIds[0],
      service: "instantly",
      campaignId: c.campaignId,
      campaignName: "instantly campaign",
      pushedAt: expect.any(String),
    });
    const report = await sendingApi.report(user, pushId);
    expect(report.headers.get("content-type")).toContain("text/csv");
    expect(report.text).toBe(`Row ID,Email,Status,Reason\r\n${file.rowIds.at(-1)},,skipped,no_email`);

    // Pushed again: every row was pushed to this campaign before (unless repush).
    const again = await sendingApi.push(user, file.csvId, { ...c, dryRun: true });
    expect(again.json).toMatchObject({ willPush: 0, skipped: { already_pushed: 2300, no_email: 1 } });
    const repush = await sendingApi.push(user, file.csvId, { ...c, dryRun: true, repush: true });
    expect(repush.json.willPush).toBe(2300);
  }, 60_000);

  it("Smartlead: 400 leads a call with the key in the query string, never in a log line; its skips are counted", async () => {
    const user = await newUser("push-sl");
    const c = await connectedCampaign(tools(), user, "smartlead");
    tools().smartlead.addExistingLead(c.apiKey, c.campaignId, "lead3@acme3.test");
    const file = await generatedFile(user, rows(900));
    const lines: string[] = [];
    const original = console.log;
    console.log = (...args: unknown[]) => lines.push(args.map(String).join(" "));
    tools().smartlead.failNext(429, 500);
    try {
      const { pushId } = (await sendingApi.push(user, file.csvId, c)).json;
      expect(await runPush(pushId, { workerId: "w-sl" })).toBe("done");
      const push = (await sendingApi.get(user, pushId)).json;
      expect(push).toMatchObject({ status: "completed", total: 900, pushed: 899, providerSkipped: 1, failed: 0 });
    } finally {
      console.log = original;
    }
    const adds = tools().smartlead.calls.filter((call) =>
      call.path.startsWith(`/api/v1/campaigns/${c.campaignId}/leads`),
    );
    // The 429 and the 500 were retried: the same first call three times, then the other two.
    expect(adds.map((call) => (call.body as { lead_list: unknown[] }).lead_list.length)).toEqual([
      400, 400, 400, 400, 100,
    ]);
    expect(adds.map((call) => call.status)).toEqual([429, 500, 200, 200, 200]);
    expect(adds[0]!.path).toContain(`api_key=${encodeURIComponent(c.apiKey)}`);
    expect(lines.some((line) => line.includes("tool call retried"))).toBe(true);
    expect(lines.filter((line) => line.includes(c.apiKey))).toEqual([]);
    expect(tools().smartlead.leads(c.campaignId)).toHaveLength(899);
  }, 60_000);

  it("lemlist: one lead a call with deduplicate=true, variables at the top level; a lead in another campaign is skipped by the tool", async () => {
    const user = await newUser("push-lm");
    const c = await connectedCampaign(tools(), user, "lemlist");
    tools().lemlist.addExistingLead(c.apiKey, null, "lead2@acme2.test");
    const file = await generatedFile(user, rows(6));
    const { pushId } = (await sendingApi.push(user, file.csvId, c)).json;
    expect(await runPush(pushId, { workerId: "w-lm" })).toBe("done");
    const adds = tools().lemlist.calls.filter((call) => call.path.startsWith(`/api/campaigns/${c.campaignId}/leads`));
    expect(adds).toHaveLength(6);
    expect(adds[0]!.path).toBe(`/api/campaigns/${c.campaignId}/leads/?deduplicate=true`);
    expect(adds[0]!.body).toMatchObject({
      email: "lead0@acme0.test",
      firstName: "Ann0",
      subject_line: "Idea for Acme 0",
    });
    expect((await sendingApi.get(user, pushId)).json).toMatchObject({
      pushed: 5,
      providerSkipped: 1,
      status: "completed",
    });
    const receipts = (await sendingApi.rows(user, pushId)).json.rows;
    expect(receipts[2]).toEqual({
      rowId: file.rowIds[2],
      status: "skipped",
      reason: "provider_skipped",
      providerLeadId: null,
    });
    expect(receipts[0].providerLeadId).toEqual(expect.any(String));
  });

  it("a 4xx fails just that call's rows with the tool's message; a 401 fails the push naming the key problem", async () => {
    const user = await newUser("push-4xx");
    const c = await connectedCampaign(tools(), user, "lemlist");
    const file = await generatedFile(user, rows(3));
    tools().lemlist.failNext({ status: 400, body: "Invalid variable value" });
    const { pushId } = (await sendingApi.push(user, file.csvId, c)).json;
    expect(await runPush(pushId, { workerId: "w-4xx" })).toBe("done");
    expect((await sendingApi.get(user, pushId)).json).toMatchObject({ status: "completed", pushed: 2, failed: 1 });
    const receipts = (await sendingApi.rows(user, pushId)).json.rows;
    expect(receipts[0]).toMatchObject({ status: "failed", reason: expect.stringContaining("HTTP 400") });
    const report = (await sendingApi.report(user, pushId)).text;
    expect(report.split("\r\n")[1]).toMatch(/^\d+,lead0@acme0\.test,failed,HTTP 400/);

    const other = await generatedFile(user, rows(3, 10));
    const next = (await sendingApi.push(user, other.csvId, c)).json.pushId;
    tools().lemlist.failNext(401);
    expect(await runPush(next, { workerId: "w-401" })).toBe("done");
    const failed = (await sendingApi.get(user, next)).json;
    expect(failed).toMatchObject({ status: "failed", pushed: 0 });
    expect(failed.error).toMatch(/^lemlist refused the API key \(HTTP 401/);
    expect(failed.error).not.toContain(c.apiKey);
  });
});
