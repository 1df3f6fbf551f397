import { describe, expect, it } from "vitest";
import { GET as usageGET } from "@/app/api/usage/route";
import { db } from "@/lib/db";
import { generationUsage } from "@/lib/db/schema";
import { addConnection, newUser, withFakeProviderAndDatabase, type TestUser } from "../support/ai";
import { callRoute } from "../support/http";
import type { UsageDaysJson } from "@/lib/responses/usage";

withFakeProviderAndDatabase();

const DAY_MS = 86_400_000;
const todayUtc = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number, hour = 12) => {
  const d = new Date(Date.now() - n * DAY_MS);
  d.setUTCHours(hour, 0, 0, 0);
  return d;
};
const usage = (u: TestUser, query = "") =>
  callRoute<UsageDaysJson>(usageGET, { url: `/api/usage${query}`, headers: u.headers });

describe("GET /api/usage", () => {
  it("answers 30 UTC days, oldest first, ending today, with zeros when nothing was used", async () => {
    const u = await newUser("usage-empty");
    const res = await usage(u);
    expect(res.status).toBe(200);
    const { days } = res.json;
    expect(days).toHaveLength(30);
    expect(days.at(-1)!.date).toBe(todayUtc());
    for (let i = 1; i < days.length; i++)
      expect(Date.parse(days[i]!.date) - Date.parse(days[i - 1]!.date)).toBe(DAY_MS);
    for (const day of days)
      expect(day).toEqual({
        date: day.date,
        rows: 0,
        inputTokens: 0,
        outputTokens: 0,
        costUsd: 0,
        byModel: {},
        byConnection: {},
      });
    expect((await usage(u, "?days=7")).json.days).toHaveLength(7);
    expect((await usage(u, "?days=90")).json.days).toHaveLength(90);
    expect((await usage(u, "?days=1")).json.days.map((d) => d.date)).toEqual([todayUtc()]);
  });

  it("sums the caller's ledger per day, per model and per connection; other users and older days are left out", async () => {
    const u = await newUser("usage-sums");
    const openai = (await addConnection(u, "OpenAI", undefined, "Work OpenAI")).json._id as string;
    const claude = (await addConnection(u, "Anthropic", undefined, "Claude key")).json._id as string;
    const base = { userId: u.id, kind: "bulk" as const, ok: true };
    const oa = { ...base, provider: "OpenAI", connectionId: openai, connectionName: "Work OpenAI" };
    const an = { ...base, provider: "Anthropic", connectionId: claude, connectionName: "Claude key" };
    await db.insert(generationUsage).values([
      { ...oa, model: "gpt-4o-mini", inputTokens: 100, outputTokens: 50, costUsd: 0.001, createdAt: daysAgo(0, 0) },
      { ...oa, model: "gpt-4o-mini", inputTokens: 200, outputTokens: 60, costUsd: 0.002, createdAt: daysAgo(0, 0) },
      { ...oa, model: "gpt-4.1", inputTokens: 300, outputTokens: 70, costUsd: 0.01, createdAt: daysAgo(0, 0) },
      {
        ...an,
        model: "claude-sonnet-4-5",
        inputTokens: 1000,
        outputTokens: 400,
        costUsd: 0.009,
        ok: false,
        createdAt: daysAgo(0, 0),
      },
      { ...oa, model: "gpt-unpriced", inputTokens: 10, outputTokens: 5, costUsd: null, createdAt: daysAgo(0, 0) },
      { ...an, model: "claude-sonnet-4-5", inputTokens: 500, outputTokens: 100, costUsd: 0.5, createdAt: daysAgo(3) },
      {
        ...oa,
        connectionId: null,
        connectionName: "Old key",
        model: "gpt-4o",
        inputTokens: 1,
        outputTokens: 1,
        costUsd: 0.25,
        createdAt: daysAgo(3),
      },
      { ...oa, model: "gpt-4o-mini", inputTokens: 9, outputTokens: 9, costUsd: 9, createdAt: daysAgo(30) },
      { ...oa, model: "gpt-4o-mini", inputTokens: 9, outputTokens: 9, costUsd: 9, createdAt: daysAgo(45) },
    ]);
    const other = await newUser("usage-other");
    await db.insert(generationUsage).values({
      userId: other.id,
      kind: "single",
      provider: "OpenAI",
      model: "gpt-4o-mini",
      inputTokens: 7,
      outputTokens: 7,
      costUsd: 7,
      createdAt: daysAgo(0),
    });

    const { days } = (await usage(u)).json;
    expect(days).toHaveLength(30);
    const today = days.at(-1)!;
    expect(today).toEqual({
      date: todayUtc(),
      rows: 5,
      inputTokens: 1610,
      outputTokens: 585,
      costUsd: 0.022,
      byModel: {
        "gpt-4o-mini": { rows: 2, costUsd: 0.003 },
        "gpt-4.1": { rows: 1, costUsd: 0.01 },
        "claude-sonnet-4-5": { rows: 1, costUsd: 0.009 },
        "gpt-unpriced": { rows: 1, costUsd: 0 },
      },
      byConnection: {
        [openai]: { name: "Work OpenAI", rows: 4, costUsd: 0.013 },
        [claude]: { name: "Claude key", rows: 1, costUsd: 0.009 },
      },
    });
    const threeAgo = days.at(-4)!;
    expect(threeAgo).toMatchObject({ rows: 2, inputTokens: 501, outputTokens: 101, costUsd: 0.75 });
    expect(threeAgo.byConnection[claude]).toEqual({ name: "Claude key", rows: 1, costUsd: 0.5 });
    expect(Object.values(threeAgo.byConnection)).toContainEqual({ name: "Old key", rows: 1, costUsd: 0.25 });
    expect(days.reduce((sum, d) => sum + d.rows, 0)).toBe(7);
    expect((await usage(u, "?days=3")).json.days.reduce((sum, d) => sum + d.rows, 0)).toBe(5);
    expect((await usage(other)).json.days.at(-1)).toMatchObject({ rows: 1, costUsd: 7 });
  });

  it("refuses days outside 1..90 with 400 and needs a caller", async () => {
    const u = await newUser("usage-days");
    for (const q of ["?days=0", "?days=91", "?days=abc", "?days=1.5", "?days=-3", "?days="]) {
      const res = await usage(u, q);
      expect(res.status, q).toBe(400);
      expect(res.json).toMatchObject({ code: "invalid_input", msg: expect.stringMatching(/days/) });
    }
    expect((await callRoute(usageGET, { url: "/api/usage" })).status).toBe(401);
  });
});
