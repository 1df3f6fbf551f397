import { expect, test, type Locator, type Page, type Request, type Response } from "@playwright/test";
import {
  BODY,
  cell,
  configDialog,
  getAiConfig,
  getFile,
  importProspects,
  newUserWithOpenAi,
  openConfig,
  openSaveMenu,
  chooseOption,
  PROSPECT_COLUMNS,
  rowAt,
  rowIdsAt,
  SUBJECT,
} from "./generation-support";

// The fake AI provider is shared with the other spec files; these tests only reset it (no latency or
// injected failures), one after another in one worker.
test.describe.configure({ mode: "default" });

// The fake AI provider is shared with tests/e2e/generation.spec.ts, which steers its latency and failures in
// the other Playwright worker: this file never changes (or resets) it.

const path = (url: string) => new URL(url).pathname;
const isPreview = (r: Request) => r.method() === "POST" && path(r.url()) === "/api/ai/preview";
const isBulk = (r: Response) => r.request().method() === "POST" && path(r.url()) === "/api/ai/bulk-batched";

interface QualityJson {
  rows: { rowIndex: number; rowId: number; flags: { rule: string; severity: string }[]; approved: boolean }[];
}

async function getQuality(page: Page, csvId: string): Promise<QualityJson> {
  const res = await page.request.get(`/api/csv/${csvId}/quality`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as QualityJson;
}

/** Picks GPT-4o (a model with a known price) for the fake OpenAI connection. */
async function chooseGpt4o(page: Page, dialog: Locator): Promise<void> {
  await chooseOption(page, dialog.locator("#ai-model"), "GPT-4o (shuts down 2027-01-14)");
}

test.describe("Preview, keep, run options and starter templates", () => {
  test(
    "Preview 3 rows shows results with flags and cost, writes nothing; Keep these fills and approves them",
    { tag: "@pglite" },
    async ({ page }) => {
      test.setTimeout(120_000);
      await newUserWithOpenAi(page);
      const csvId = await importProspects(page);
      const savedPrompt = (await getAiConfig(page)).aiConfig.prompt;

      const dialog = await openConfig(page);
      await chooseGpt4o(page, dialog);
      await dialog.getByRole("radio", { name: "Content Creation" }).click();
      // The fake echoes the prompt: "[Your Name]" is an unresolved placeholder (block), the short body
      // and the long subject are warnings.
      const prompt = "Write a short note to {{First Name}} at {{Company}} about meetings and sign it as [Your Name].";
      await page.locator("#ai-prompt").fill(prompt);

      const sent = page.waitForRequest(isPreview);
      await dialog.getByRole("button", { name: "Preview 3 rows" }).click();
      const preview = page.getByRole("dialog", { name: "Preview" });
      await expect(preview).toBeVisible();
      // The unsaved configuration, with no rowsToProcess: the server previews the first 3 rows.
      const payload = (await sent).postDataJSON() as Record<string, unknown>;
      expect(payload).toMatchObject({ prompt, useCase: "content_creation", csvId, model: "gpt-4o" });
      expect(payload).not.toHaveProperty("rowsToProcess");
      expect(payload).not.toHaveProperty("useApprovedExamples");

      const results = preview.getByTestId("preview-result");
      await expect(results).toHaveCount(3, { timeout: 60_000 });
      await expect(preview.getByText("Generating preview…")).toHaveCount(0);
      const names = ["Priya", "Kenji", "Siobhán"];
      for (let i = 0; i < 3; i++) {
        const result = results.nth(i);
        await expect(result.getByRole("heading", { name: `Row ${i + 1}` })).toBeVisible();
        await expect(result).toContainText(`First Name: ${names[i]} · Last Name: `);
        await expect(result.getByTestId("preview-subject")).toContainText(
          `Subject: Re: Write a short note to ${names[i]}`,
        );
        await expect(result.getByTestId("preview-body")).toContainText("[Your Name]");
        await expect(result.getByTestId("preview-usage")).toHaveText(
          /^\$\d+\.\d+ · [\d,]+ input · [\d,]+ output tokens$/,
        );
        const flags = result.getByTestId("quality-flags").getByRole("listitem");
        await expect(flags.filter({ hasText: "Unresolved placeholders" })).toHaveAttribute("data-severity", "block");
        await expect(flags.filter({ hasText: "Body length" })).toHaveAttribute("data-severity", "warn");
        // The prompt as sent, behind a disclosure.
        const sentPrompt = result.getByTestId("preview-prompt");
        await expect(sentPrompt).toBeHidden();
        await result.getByText("Prompt sent").click();
        await expect(sentPrompt).toBeVisible();
        await expect(sentPrompt).toContainText(`Write a short note to ${names[i]} at `);
      }

      // Nothing written: no generated column, no flags, the configuration not saved.
      await expect(page.getByTestId("table-size")).toHaveText("25 rows x 12 columns");
      expect((await getFile(page, csvId)).columns).toEqual(PROSPECT_COLUMNS);
      expect((await getQuality(page, csvId)).rows).toEqual([]);
      expect((await getAiConfig(page)).aiConfig.prompt).toBe(savedPrompt);

      await preview.getByRole("button", { name: "Keep these" }).click();
      await expect(page.getByText("Kept 3 rows")).toBeVisible();
      await expect(preview).toBeHidden();

      // The kept rows are approved: the run options now offer to overwrite them, and the run skips them.
      await expect(dialog.getByText("Skips 3 approved rows")).toBeVisible();
      await expect(dialog.getByRole("checkbox", { name: "Overwrite approved rows" })).not.toBeChecked();
      await dialog.getByRole("checkbox", { name: "Use my approved rows as examples" }).click();
      let menu = await openSaveMenu(page, dialog);
      await expect(menu.getByRole("menuitem", { name: "Save and run 7 rows", exact: true })).toBeVisible();
      await expect(menu.getByRole("menuitem", { name: "Preview 3 rows" })).toBeVisible();
      await page.keyboard.press("Escape");
      await dialog.getByRole("checkbox", { name: "Overwrite approved rows" }).click();
      await expect(dialog.getByText("Overwrites 3 approved rows")).toBeVisible();
      menu = await openSaveMenu(page, dialog);
      await expect(menu.getByRole("menuitem", { name: "Save and run 10 rows", exact: true })).toBeVisible();
      await page.keyboard.press("Escape");
      await dialog.getByRole("checkbox", { name: "Overwrite approved rows" }).click();

      // The rows are in the table.
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId("table-size")).toHaveText("25 rows x 15 columns");
      for (let n = 1; n <= 3; n++) {
        await expect(cell(page, n, SUBJECT)).toHaveText(/^Re: Write a short note to /);
        await expect(cell(page, n, BODY)).toHaveText(/^Hi,\s+Write a short note to /);
      }
      await expect(cell(page, 4, SUBJECT)).toHaveText("");
      const quality = await getQuality(page, csvId);
      expect(quality.rows.map((r) => [r.rowIndex, r.approved])).toEqual([
        [0, true],
        [1, true],
        [2, true],
      ]);
      expect(quality.rows[0]!.flags).toContainEqual(expect.objectContaining({ rule: "unresolved_placeholder" }));

      // A run with the examples option sends it and skips the kept rows.
      const again = await openConfig(page);
      await chooseGpt4o(page, again);
      await again.getByRole("radio", { name: "Content Creation" }).click();
      await again.getByRole("checkbox", { name: "Use my approved rows as examples" }).click();
      menu = await openSaveMenu(page, again);
      const bulk = page.waitForResponse(isBulk);
      await menu.getByRole("menuitem", { name: "Save and run 7 rows", exact: true }).click();
      const started = await bulk;
      expect(started.status(), await started.text()).toBe(200);
      expect(started.request().postDataJSON()).toMatchObject({
        useApprovedExamples: true,
        rowIds: await rowIdsAt(page, csvId, [3, 4, 5, 6, 7, 8, 9]),
      });
      expect(started.request().postDataJSON()).not.toHaveProperty("overwriteApproved");
      await expect(page.getByText("Successfully generated 7 emails!")).toBeVisible({ timeout: 30_000 });
      await expect(cell(page, 10, SUBJECT)).toHaveText(/^Re: /);
      await expect(cell(page, 11, SUBJECT)).toHaveText("");
    },
  );

  test("the 'E-mail + 2 follow-ups' starter fills follow_up_1 and follow_up_2; a condition matching nothing says so", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await newUserWithOpenAi(page);
    await importProspects(page);

    const dialog = await openConfig(page);
    await chooseGpt4o(page, dialog);
    await dialog.getByRole("button", { name: "Starter templates" }).click();
    await page.getByRole("menuitem", { name: "E-mail + 2 follow-ups" }).click();
    await expect(page.locator("#ai-prompt")).toHaveValue(
      /three-step cold e-mail sequence to \{\{First Name\|there\}\}/,
    );
    await expect(dialog.locator("#ai-schema")).toHaveValue(/"follow_up_1"/);
    await expect(dialog.locator("#ai-schema")).toHaveValue(/"follow_up_2"/);
    await expect(dialog.getByRole("radio", { name: "Content Creation" })).toBeChecked();

    // Only Run If that matches no row.
    const condition = dialog.locator("#ai-only-run-if");
    await condition.fill("!{{First Name}}");
    await expect(dialog.getByText("No rows match the criteria")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Preview 3 rows" })).toBeDisabled();
    let menu = await openSaveMenu(page, dialog);
    await expect(menu.getByRole("menuitem", { name: "Save and run 0 rows", exact: true })).toBeDisabled();
    await page.keyboard.press("Escape");
    // The closed menu hands the focus back to its trigger: wait for that before typing into the condition.
    await expect(menu).toBeHidden();
    await expect(dialog.getByRole("button", { name: "Save", exact: true })).toBeFocused();
    await condition.fill("");
    await expect(condition).toHaveValue("");
    await expect(dialog.getByText("No rows match the criteria")).toHaveCount(0);

    const maxRows = dialog.locator("#ai-max-rows");
    await maxRows.fill("3");
    await maxRows.blur();
    menu = await openSaveMenu(page, dialog);
    const bulk = page.waitForResponse(isBulk);
    await menu.getByRole("menuitem", { name: "Save and run 3 rows", exact: true }).click();
    expect((await bulk).status()).toBe(200);
    await expect(page.getByText("Successfully generated 3 emails!")).toBeVisible({ timeout: 30_000 });

    // One column per extra output field, filled for the rows that ran.
    await expect(page.getByTestId("table-size")).toHaveText("25 rows x 17 columns");
    for (let n = 1; n <= 3; n++) {
      await expect(cell(page, n, "follow_up_1")).toHaveText(/^follow_up_1: /);
      await expect(cell(page, n, "follow_up_2")).toHaveText(/^follow_up_2: /);
      await expect(cell(page, n, SUBJECT)).toHaveText(/^Re: /);
    }
    await expect(cell(page, 4, "follow_up_1")).toHaveText("");
  });

  test("a web-research row's AI Response viewer lists its sources as links", async ({ page }) => {
    test.setTimeout(90_000);
    await newUserWithOpenAi(page);
    await importProspects(page);
    const dialog = await openConfig(page);
    await chooseGpt4o(page, dialog);
    await expect(dialog.getByRole("radio", { name: "Web Research" })).toBeChecked();
    const menu = await openSaveMenu(page, dialog);
    await menu.getByRole("menuitem", { name: "Save and don't run" }).click();
    await expect(dialog).toBeHidden();

    await rowAt(page, 1).getByRole("button", { name: "Generate email" }).click();
    await expect(cell(page, 1, SUBJECT)).toHaveText(/\S/, { timeout: 30_000 });
    await rowAt(page, 1).getByRole("button", { name: "View AI response" }).click();
    const viewer = page.getByRole("dialog", { name: "AI Response" });
    await expect(viewer).toBeVisible();
    const sources = viewer.getByRole("region", { name: "Sources" });
    const links = sources.getByRole("link");
    await expect(links.first()).toBeVisible();
    expect(await links.count()).toBeGreaterThan(0);
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute("href", /^https:\/\//);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
  });

  test("starter templates: the generator's empty state fills the dialog; the dashboard's Use saves one and opens it", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await newUserWithOpenAi(page);
    const savedPrompt = (await getAiConfig(page)).aiConfig.prompt;

    // No CSV yet: a starter opens the AI Configuration with its prompt, schema and use case, unsaved.
    await page.goto("/email-generator");
    await expect(page.getByRole("heading", { name: "Upload a CSV file to get started" })).toBeVisible();
    await page.getByRole("button", { name: "Start from a template" }).click();
    await page.getByRole("menuitem", { name: "3 subject lines to A/B test" }).click();
    const dialog = configDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.locator("#ai-prompt")).toHaveValue(/three different subject lines/);
    await expect(dialog.locator("#ai-schema")).toHaveValue(/"subject_line_c"/);
    await expect(dialog.getByRole("radio", { name: "Content Creation" })).toBeChecked();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    expect((await getAiConfig(page)).aiConfig.prompt).toBe(savedPrompt);

    // Dashboard: the starters are offered while there is no template; Use saves one and opens it.
    await page.goto("/dashboard");
    const starters = page.getByTestId("starter-templates").first();
    await expect(starters.getByRole("button", { name: /^Use / })).toHaveCount(3);
    await starters.getByRole("button", { name: "Use E-mail + 2 follow-ups" }).click();
    await expect(page).toHaveURL(/\/email-generator\?template=[0-9a-f-]{36}$/);
    await expect(configDialog(page).locator("#ai-schema")).toHaveValue(/"follow_up_2"/);
    const templates = (await (await page.request.get("/api/ai/templates")).json()) as {
      name: string;
      useCase: string;
      jsonSchema: string;
    }[];
    expect(templates).toHaveLength(1);
    expect(templates[0]).toMatchObject({ name: "E-mail + 2 follow-ups", useCase: "content_creation" });
    expect(templates[0]!.jsonSchema).toContain("follow_up_1");
  });
});
