import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { estimateSuffix } from "@/lib/client/estimate-format";
import { expectAccessible, MODES } from "./a11y-support";
import {
  chooseOption,
  getFile,
  importProspects,
  newUserWithOpenAi,
  openConfig,
  openSaveMenu,
  waitForBatch,
} from "./generation-support";
import { registerVerified } from "./support";
import type { EstimateJson, UsageDayJson } from "@/lib/responses/usage";

const isEstimate = (url: URL) => url.pathname === "/api/ai/estimate";

test.describe("Save menu estimates", () => {
  test("each run option shows the estimate of its rows from POST /api/ai/estimate", async ({ page }) => {
    await newUserWithOpenAi(page);
    const csvId = await importProspects(page);
    const dialog = await openConfig(page);
    await chooseOption(page, dialog.locator("#ai-model"), /GPT-4o mini/);
    // The real estimate of the first option: 10 rows of this file, nothing stored. Awaited from before the
    // change: the dialog's run-mode field asks for it 400 ms after the rows change (a slow machine can take
    // longer than that to fill and blur), and the Save menu then answers from the same cached estimate.
    const estimated = page.waitForResponse(
      (r) => isEstimate(new URL(r.url())) && r.request().postDataJSON()?.rowIds?.length === 10,
    );
    await dialog.locator("#ai-max-rows").fill("10");
    await dialog.locator("#ai-max-rows").blur();
    const menu = await openSaveMenu(page, dialog);
    const response = await estimated;
    expect(response.status()).toBe(200);
    const estimate = (await response.json()) as EstimateJson;
    expect(response.request().postDataJSON()).toMatchObject({
      csvId,
      model: "gpt-4o-mini",
      rowIds: (await getFile(page, csvId)).rowIds.slice(0, 10),
    });
    expect(estimate).toMatchObject({ rows: 10, credits: 10, model: "gpt-4o-mini" });
    expect(estimate.inputTokens).toBeGreaterThan(0);
    // GPT-4o mini has a price in the model table: the run's cost is known.
    expect(estimate.costUsd?.expected).toBeGreaterThan(0);
    const all = menu.getByRole("menuitem", { name: "Save and run 10 rows", exact: true });
    await expect(all).toHaveText(`Save and run 10 rows${estimateSuffix(estimate)}`);
    await expect(all).toHaveText(/ · (< \$0\.01|≈ \$\d+\.\d+) · (< 1 min|≈ \d+ min)$/);
    await page.keyboard.press("Escape");

    // Larger figures read "Save and run 9 rows · ≈ $0.42 · ≈ 3 min" (this answer stands in for a bigger run).
    await page.route(
      (url) => isEstimate(url),
      (route) =>
        route.fulfill({
          json: {
            ...estimate,
            costUsd: { low: 0.3, expected: 0.42, high: 0.6 },
            durationSeconds: 170,
          } satisfies EstimateJson,
        }),
    );
    await dialog.locator("#ai-max-rows").fill("9");
    await dialog.locator("#ai-max-rows").blur();
    const priced = await openSaveMenu(page, dialog);
    await expect(priced.getByRole("menuitem", { name: "Save and run 9 rows", exact: true })).toHaveText(
      "Save and run 9 rows · ≈ $0.42 · ≈ 3 min",
    );
  });
});

const DAY_MS = 86_400_000;
/** 30 days of usage: two models on two connections on three of the days. */
function seededDays(): UsageDayJson[] {
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  return Array.from({ length: 30 }, (_, i): UsageDayJson => {
    const date = new Date(today - (29 - i) * DAY_MS).toISOString().slice(0, 10);
    const used = i === 29 || i === 27 || i === 10;
    if (!used) return { date, rows: 0, inputTokens: 0, outputTokens: 0, costUsd: 0, byModel: {}, byConnection: {} };
    return {
      date,
      rows: 30,
      inputTokens: 9_000,
      outputTokens: 6_000,
      costUsd: 0.75,
      byModel: { "gpt-4o-mini": { rows: 20, costUsd: 0.25 }, "claude-sonnet-4-5": { rows: 10, costUsd: 0.5 } },
      byConnection: {
        "c-openai": { name: "Work OpenAI", rows: 20, costUsd: 0.25 },
        "c-claude": { name: "Claude key", rows: 10, costUsd: 0.5 },
      },
    };
  });
}

async function seedUsage(page: Page): Promise<void> {
  // The ledger fills as rows are generated; these figures stand in for a month of it.
  await page.route(
    (url) => url.pathname === "/api/usage",
    (route) => route.fulfill({ json: { days: seededDays() } }),
  );
}

test.describe("Usage page", () => {
  test("the dashboard's top bar links to /usage, which says when nothing was used yet", async ({ page }) => {
    await registerVerified(page.request);
    await page.goto("/dashboard");
    const nav = page.getByRole("navigation", { name: "Account" });
    const usageAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/usage");
    await nav.getByRole("link", { name: "Usage" }).click();
    await expect(page).toHaveURL(/\/usage$/);
    await expect(page.getByRole("heading", { name: "Usage", level: 1 })).toBeVisible();
    const body = (await (await usageAnswer).json()) as { days: UsageDayJson[] };
    expect(body.days).toHaveLength(30);
    await expect(page.getByText("No usage in the last 30 days")).toBeVisible();
    await page.getByRole("link", { name: "Open the e-mail generator" }).click();
    await expect(page).toHaveURL(/\/email-generator/);
  });

  test("counts the rows a real run generated, per model and connection", { tag: "@pglite" }, async ({ page }) => {
    const connection = await newUserWithOpenAi(page);
    const csvId = await importProspects(page);
    const res = await page.request.post("/api/ai/bulk-batched", {
      data: {
        csvId,
        rowsToProcess: 3,
        model: "gpt-4o-mini",
        connectionId: connection._id,
        prompt: "Write to {{First Name}} at {{Company}}",
        useCase: "content_creation",
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    const status = await waitForBatch(page.request, ((await res.json()) as { batchId: string }).batchId);
    expect(status.status).toBe("completed");
    await page.goto("/usage");
    await expect(page.getByTestId("usage-total-rows")).toHaveText("3");
    await expect(
      page.getByRole("table", { name: "Per model" }).getByRole("row", { name: /gpt-4o-mini 3 / }),
    ).toBeVisible();
    await expect(
      page
        .getByRole("table", { name: "Per connection" })
        .getByRole("row", { name: new RegExp(`${connection.name} 3 `) }),
    ).toBeVisible();
  });

  test("draws spend, tokens and rows per day with breakdowns, and downloads the CSV", async ({ page }) => {
    await registerVerified(page.request);
    await seedUsage(page);
    await page.goto("/usage");
    await expect(page.getByTestId("usage-total-spend")).toHaveText("$2.25");
    await expect(page.getByTestId("usage-total-rows")).toHaveText("90");
    for (const id of ["chart-spend", "chart-tokens", "chart-rows"]) {
      const chart = page.getByTestId(id);
      await expect(chart.locator(".recharts-bar-rectangle path").first()).toBeVisible();
    }
    await expect(page.getByTestId("chart-spend")).toHaveAttribute("aria-label", /\$2\.25 in total/);
    const perModel = page.getByRole("table", { name: "Per model" });
    await expect(perModel.getByRole("row", { name: /claude-sonnet-4-5 30 \$1\.50/ })).toBeVisible();
    await expect(perModel.getByRole("row", { name: /gpt-4o-mini 60 \$0\.75/ })).toBeVisible();
    const perConnection = page.getByRole("table", { name: "Per connection" });
    await expect(perConnection.getByRole("row", { name: /Work OpenAI 60 \$0\.75/ })).toBeVisible();

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("usage-last-30-days.csv");
    const csv = await readFile((await file.path())!, "utf8");
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe("date,scope,name,rows,input_tokens,output_tokens,cost_usd");
    expect(lines.filter((l) => l.includes(",total,"))).toHaveLength(30);
    expect(lines).toContain(`${seededDays()[29]!.date},model,gpt-4o-mini,20,,,0.25`);
    expect(lines).toContain(`${seededDays()[29]!.date},connection,Claude key,10,,,0.5`);
  });

  for (const mode of MODES) {
    test(`passes axe in the ${mode} theme`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: mode });
      await registerVerified(page.request);
      await seedUsage(page);
      await page.goto("/usage");
      await expect(page.getByTestId("chart-spend").locator(".recharts-bar-rectangle").first()).toBeVisible();
      await page.getByText("Usage per day (table)").click();
      await expectAccessible(page, "usage page", mode);
    });
  }
});
