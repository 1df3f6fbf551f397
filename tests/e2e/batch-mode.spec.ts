import { expect, test, type Page, type Response } from "@playwright/test";
import { batchEstimateSuffix, estimateSuffix } from "@/lib/client/estimate-format";
import {
  BODY,
  cell,
  newUserWithOpenAi,
  openConfig,
  openGenerator,
  openSaveMenu,
  chooseOption,
  rowAt,
  rowIdsAt,
  SUBJECT,
  waitForBatch,
} from "./generation-support";
import type { EstimateJson } from "@/lib/responses/usage";

const STANDARD = "Standard — fastest";
const BATCH = "Batch — about half the cost, results within 24 h (usually under an hour)";
const NO_RESEARCH = "Batch mode cannot run web research: the providers' Batch APIs do not run web search.";
const NO_CAP = "Batch mode cannot enforce a spending cap: remove the cap to run in batch mode.";

const CSV = [
  "First Name,Company",
  "Ada,Analytical Engines",
  "Grace,Compilers Inc",
  "Alan,Bletchley Labs",
  "Katherine,Orbit Co",
  "Edsger,Structured Ltd",
  "Barbara,Liskov Systems",
].join("\n");

const isPost = (r: Response, path: string) => r.request().method() === "POST" && new URL(r.url()).pathname === path;

/** The fake provider errors a batch request whose prompt holds this (tests/fakes/serve-fake-provider.ts). */
const BATCH_ERROR_MARKER = "__batch_error__";

async function importCsv(page: Page, csv = CSV): Promise<string> {
  const rows = csv.split("\n").length - 1;
  await openGenerator(page);
  await page
    .getByTestId("csv-file-input")
    .setInputFiles({ name: "leads.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await expect(page).toHaveURL(/\/email-generator\?csvId=[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByTestId("table-size")).toHaveText(`${rows} rows x 2 columns`, { timeout: 30_000 });
  return new URL(page.url()).searchParams.get("csvId")!;
}

test.describe("Batch mode", () => {
  test(
    "choose Batch in the dialog, see its estimate, run 6 rows through the provider's Batch API",
    { tag: "@pglite" },
    async ({ page }) => {
      test.setTimeout(150_000);
      await newUserWithOpenAi(page);
      const csvId = await importCsv(page);
      const dialog = await openConfig(page);
      const standard = dialog.getByRole("radio", { name: STANDARD });
      const batch = dialog.getByRole("radio", { name: BATCH });

      // A new configuration researches the web: Batch is disabled, with the reason beside it.
      await expect(dialog.getByRole("radio", { name: "Web Research" })).toBeChecked();
      await expect(standard).toBeChecked();
      await expect(batch).toBeDisabled();
      await expect(dialog.getByTestId("batch-mode-reason")).toHaveText(NO_RESEARCH);
      await expect(batch).toHaveAccessibleDescription(new RegExp(NO_RESEARCH.replace(/[.()]/g, "\\$&")));

      // A priced model; content creation: both modes are estimated by one answer.
      await chooseOption(page, dialog.locator("#ai-model"), "GPT-4o (shuts down 2027-01-14)");
      const estimated = page.waitForResponse(
        (r) =>
          isPost(r, "/api/ai/estimate") &&
          r.request().postDataJSON()?.useCase === "content_creation" &&
          r.request().postDataJSON()?.model === "gpt-4o",
      );
      await dialog.getByRole("radio", { name: "Content Creation" }).click();
      const response = await estimated;
      expect(response.status(), await response.text()).toBe(200);
      const estimate = (await response.json()) as EstimateJson;
      expect(estimate.rows).toBe(6);
      expect(response.request().postDataJSON()).toMatchObject({ csvId, maxCostUsd: null });
      expect(response.request().postDataJSON().mode).toBeUndefined();
      const standardCost = estimate.modes.standard.costUsd!.expected;
      const batchCost = estimate.modes.batch!.costUsd!.expected;
      expect(standardCost).toBeGreaterThan(0);
      // About half the cost (the Batch APIs' price), within rounding of the cached-input share.
      expect(batchCost / standardCost).toBeGreaterThan(0.4);
      expect(batchCost / standardCost).toBeLessThan(0.6);
      await expect(dialog.getByTestId("run-mode-estimate-standard")).toHaveText(estimateSuffix(estimate));
      await expect(dialog.getByTestId("run-mode-estimate-batch")).toHaveText(
        batchEstimateSuffix(estimate.modes.batch!),
      );
      await expect(dialog.getByTestId("run-mode-estimate-batch")).toHaveText(/ · within 24 h$/);
      await expect(dialog.getByTestId("batch-mode-reason")).toHaveCount(0);

      await expect(batch).toBeEnabled();
      await batch.click();
      await expect(batch).toBeChecked();

      // A spending cap cannot be enforced in batch mode: Standard again, with the reason; removing the cap
      // brings Batch back.
      await dialog.locator("#ai-max-cost").fill("5");
      await expect(batch).toBeDisabled();
      await expect(standard).toBeChecked();
      await expect(dialog.getByTestId("batch-mode-reason")).toHaveText(NO_CAP);
      await dialog.locator("#ai-max-cost").fill("");
      await expect(batch).toBeChecked();

      // The Save menu's run options show the batch estimate and send mode "batch".
      const menu = await openSaveMenu(page, dialog);
      const runAll = menu.getByRole("menuitem", { name: "Save and run 6 rows", exact: true });
      await expect(runAll).toHaveText(/^Save and run 6 rows( · (< \$0\.01|≈ \$\d+\.\d+))? · within 24 h$/);
      const bulk = page.waitForResponse((r) => isPost(r, "/api/ai/bulk-batched"));
      await runAll.click();
      await expect(dialog).toBeHidden();
      const started = await bulk;
      expect(started.status(), await started.text()).toBe(200);
      expect(started.request().postDataJSON()).toMatchObject({
        csvId,
        mode: "batch",
        useCase: "content_creation",
        rowIds: await rowIdsAt(page, csvId, [0, 1, 2, 3, 4, 5]),
      });
      const { batchId } = (await started.json()) as { batchId: string };

      // The panel names the provider and counts what came back; no time left in batch mode.
      const panel = page.getByTestId("progress-panel");
      await expect(panel).toBeVisible();
      await expect(panel.getByTestId("progress-text")).toHaveText(
        /^(Submitting to OpenAI…|Submitted to OpenAI · \d of 6 back)/,
      );
      await expect(panel.getByTestId("progress-text")).toContainText("Submitted to OpenAI", { timeout: 30_000 });
      await expect(panel.getByTestId("progress-text")).not.toContainText("left");
      await expect(panel.getByRole("button", { name: "Stop" })).toBeEnabled();
      await expect(panel.getByRole("button", { name: "Pause" })).toBeEnabled();

      await expect(page.getByText("Successfully generated 6 emails!")).toBeVisible({ timeout: 60_000 });
      await expect(panel).toBeHidden();
      expect(await waitForBatch(page.request, batchId)).toMatchObject({ status: "completed", failed: 0 });
      for (let n = 1; n <= 6; n++) {
        await expect(cell(page, n, SUBJECT)).not.toHaveText("");
        await expect(cell(page, n, BODY)).not.toHaveText("");
      }
      // Nothing failed: no re-run offer.
      await expect(page.getByRole("button", { name: /^Re-run \d+ failed rows? in standard mode$/ })).toHaveCount(0);

      // The choice is remembered for the session; web research disables Batch again, with the reason.
      const again = await openConfig(page);
      await expect(again.getByRole("radio", { name: BATCH })).toBeChecked();
      await again.getByRole("radio", { name: "Web Research" }).click();
      await expect(again.getByRole("radio", { name: BATCH })).toBeDisabled();
      await expect(again.getByRole("radio", { name: STANDARD })).toBeChecked();
      await expect(again.getByTestId("batch-mode-reason")).toHaveText(NO_RESEARCH);
      const menu2 = await openSaveMenu(page, again);
      await expect(menu2.getByRole("menuitem", { name: "Save and run 6 rows", exact: true })).not.toContainText(
        "within 24 h",
      );
    },
  );

  test("rows that failed in a batch-mode run are re-run in standard mode with one click", async ({ page }) => {
    test.setTimeout(150_000);
    await newUserWithOpenAi(page);
    const csv = ["First Name,Company", "Ada,Engines", `Grace,${BATCH_ERROR_MARKER} Inc`, "Alan,Labs"].join("\n");
    const csvId = await importCsv(page, csv);
    const dialog = await openConfig(page);
    await dialog.getByRole("radio", { name: "Content Creation" }).click();
    await dialog.getByRole("radio", { name: BATCH }).click();
    const menu = await openSaveMenu(page, dialog);
    const bulk = page.waitForResponse((r) => isPost(r, "/api/ai/bulk-batched"));
    await menu.getByRole("menuitem", { name: "Save and run 3 rows", exact: true }).click();
    expect((await bulk).request().postDataJSON()).toMatchObject({ csvId, mode: "batch" });

    // Row 2 errored at the provider: a failed row (red, with Retry), and the offer to re-run it.
    const rerun = page.getByRole("button", { name: "Re-run 1 failed row in standard mode" });
    await expect(rerun).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText("Successfully generated 2 emails!")).toBeVisible();
    await expect(rowAt(page, 2).getByRole("button", { name: "Retry" })).toBeVisible();
    await expect(cell(page, 1, SUBJECT)).not.toHaveText("");

    const again = page.waitForResponse((r) => isPost(r, "/api/ai/bulk-batched"));
    await rerun.click();
    const started = await again;
    expect(started.status(), await started.text()).toBe(200);
    const payload = started.request().postDataJSON();
    expect(payload).toMatchObject({ csvId, rowIds: await rowIdsAt(page, csvId, [1]), onlyRunIf: "" });
    expect(payload.mode).toBeUndefined();
    await expect(rerun).toBeHidden();
    await expect(page.getByText("Successfully generated 1 emails!")).toBeVisible({ timeout: 30_000 });
    await expect(cell(page, 2, SUBJECT)).not.toHaveText("");
    await expect(rowAt(page, 2).getByRole("button", { name: "Retry" })).toHaveCount(0);
  });
});
