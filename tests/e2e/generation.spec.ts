import { expect, test, type Page, type Response } from "@playwright/test";
import {
  ANTHROPIC_KEY,
  BODY,
  cell,
  configDialog,
  controlFake,
  createConnection,
  getAiConfig,
  getCredits,
  getFile,
  importProspects,
  newUserWithOpenAi,
  OPENAI_KEY,
  openConfig,
  openGenerator,
  openSaveMenu,
  openSelect,
  PROSPECT_COLUMNS,
  rand,
  rowAt,
  rowIdsAt,
  SUBJECT,
  waitForBatch,
} from "./generation-support";
import { registerVerified } from "./support";

// One fake AI provider serves both Playwright workers: each test steers it only for its own key
// (keyPrefix), so no test can slow, break or reset another's. ("default" keeps these tests in order in
// one worker even under fullyParallel, and unlike "serial" a failure does not skip the tests after it.)
test.describe.configure({ mode: "default" });

const meter = (page: Page) => page.getByTestId("credits-meter");
const isBulk = (r: Response) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/ai/bulk-batched";
const RED = /(^|\s)bg-red-50(\s|$)/;

test.describe("Email generator: AI generation", () => {
  test("configure the AI, run 10 rows, watch the progress and get the emails", async ({ page }) => {
    test.setTimeout(120_000);
    // The fake holds this key's answers until the test has seen the run in flight, then releases them.
    const key = `sk-valid-e2e-watch-${rand()}`;
    await controlFake(page.request, { hold: true, keyPrefix: key });
    const connection = await newUserWithOpenAi(page, key);
    const csvId = await importProspects(page);
    await expect(page.getByTestId("generator-connection")).toHaveText(`OpenAI > ${connection.name}`);
    await expect(meter(page)).toContainText("100/100");

    const dialog = await openConfig(page);

    // Models grouped by provider; a retired model is listed but cannot be chosen.
    const models = await openSelect(page, dialog.locator("#ai-model"));
    await expect(models.getByRole("group")).toHaveCount(2);
    const anthropic = models.getByRole("group", { name: "Anthropic" });
    const openai = models.getByRole("group", { name: "OpenAI" });
    // Current models first; those with an announced shutdown say when (the registry's today is pinned to
    // 2026-11-24 in playwright.config.ts).
    await expect(openai.getByRole("option")).toHaveText([
      "GPT-6.1 Sol",
      "GPT-6.1 Terra",
      "GPT-6 Luna",
      "GPT-5 (shuts down 2026-12-11)",
      "GPT-5 mini (shuts down 2026-12-11)",
      "GPT-4.1 (shuts down 2027-01-14)",
      "GPT-4.1 mini (shuts down 2027-01-14)",
      "GPT-4o (shuts down 2027-01-14)",
      "GPT-4o mini (shuts down 2027-01-14)",
    ]);
    await expect(anthropic.getByRole("option", { name: "Claude Sonnet 5.5", exact: true })).toBeEnabled();
    const retired = anthropic.getByRole("option", { name: "Claude 3 Opus (retired 2026-01-05)" });
    await expect(retired).toBeVisible();
    await expect(retired).toBeDisabled();
    await openai.getByRole("option", { name: "GPT-4o (shuts down 2027-01-14)", exact: true }).click();
    await expect(models).toBeHidden();
    await expect(dialog.locator("#ai-model")).toHaveText("GPT-4o (shuts down 2027-01-14)");
    await expect(dialog.locator("#ai-connection")).toHaveText(`OpenAI > ${connection.name}`);

    // Use case.
    await expect(dialog.getByRole("radio", { name: "Web Research" })).toBeChecked();
    await dialog.getByRole("radio", { name: "Content Creation" }).click();
    await expect(dialog.getByRole("radio", { name: "Content Creation" })).toBeChecked();

    // "/" opens the variable picker at the caret; Escape types the "/" after all. (By id, not
    // inside the dialog's role: an open menu marks the rest of the page aria-hidden.)
    const prompt = page.locator("#ai-prompt");
    await prompt.fill("Hi ");
    await prompt.press("/");
    const picker = page.getByRole("menu");
    await expect(picker).toBeVisible();
    await expect(prompt).toHaveValue("Hi ");
    await picker.getByRole("menuitem", { name: "{{First Name}}" }).click();
    await expect(picker).toBeHidden();
    await expect(prompt).toHaveValue("Hi {{First Name}}");
    await prompt.press("/");
    await expect(picker).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(picker).toBeHidden();
    await expect(prompt).toHaveValue("Hi {{First Name}}/");

    // Insert Variable lists the CSV's columns and inserts {{Column}} at the caret.
    const text = "Write a short, friendly cold email to {{First Name}} at ";
    await prompt.fill(text);
    await dialog.getByRole("button", { name: "Insert Variable" }).click();
    await expect(picker).toBeVisible();
    await expect(picker.getByRole("menuitem")).toHaveText(PROSPECT_COLUMNS.map((c) => `{{${c}}}`));
    await picker.getByRole("menuitem", { name: "{{Company}}" }).click();
    const finalPrompt = `${text}{{Company}}`;
    await expect(prompt).toHaveValue(finalPrompt);
    await expect(dialog.getByText("Not in your CSV")).toHaveCount(0);

    // Maximum Rows to Process: 1 when not a number, at most the row count.
    const maxRows = dialog.locator("#ai-max-rows");
    await expect(maxRows).toHaveValue("10");
    await maxRows.fill("");
    await maxRows.pressSequentially("abc");
    await maxRows.blur();
    await expect(maxRows).toHaveValue("1");
    await maxRows.fill("999");
    await maxRows.blur();
    await expect(maxRows).toHaveValue("25");
    await maxRows.fill("10");
    await maxRows.blur();
    await expect(maxRows).toHaveValue("10");

    const menu = await openSaveMenu(page, dialog);
    const items = menu.getByRole("menuitem");
    await expect(items).toHaveCount(4);
    // Each run option is named by its rows; its estimate (" · ≈ $0.01 · < 1 min") follows the name.
    await expect(items.nth(0)).toHaveAccessibleName("Save and run 10 rows");
    await expect(items.nth(0)).toHaveText(/^Save and run 10 rows( · .+)?$/);
    await expect(items.nth(1)).toHaveAccessibleName(/^Save and run \d+ rows in this view$/);
    await expect(items.nth(2)).toHaveText("Save and don't run");
    await expect(items.nth(3)).toHaveText("Preview 3 rows");

    const bulk = page.waitForResponse(isBulk);
    await items.nth(0).click();
    await expect(dialog).toBeHidden();
    const started = await bulk;

    // While it runs: the rows being generated (row 10 is among the last to finish), and the
    // progress panel with its bar.
    await expect(rowAt(page, 10)).toContainText("Generating...");
    await expect(rowAt(page, 11)).not.toContainText("Generating...");
    const panel = page.getByTestId("progress-panel");
    await expect(panel).toBeVisible();
    await expect(panel.getByRole("progressbar", { name: "Generation progress" })).toBeVisible();
    await expect(panel.getByRole("button", { name: "Stop" })).toBeEnabled();
    // "N of 10", then (once a row is billed) "· $… so far" and "· about … left", then the percentage.
    await expect(panel).toContainText(/Generating emails\.\.\. \d+ of 10( · [^(]+)? \(\d+%\)/);

    expect(started.status(), await started.text()).toBe(200);
    expect(started.request().postDataJSON()).toMatchObject({
      prompt: finalPrompt,
      model: "gpt-4o",
      useCase: "content_creation",
      csvId,
      rowIds: await rowIdsAt(page, csvId, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]),
    });
    const { batchId, total } = (await started.json()) as { batchId: string; total: number };
    expect(total).toBe(10);
    await controlFake(page.request, { release: true, keyPrefix: key });

    const done = page.getByText("Successfully generated 10 emails!");
    await expect(done).toBeVisible({ timeout: 45_000 });
    await expect(panel).toBeHidden();
    await expect(page.getByText("Generating...", { exact: true })).toHaveCount(0);
    expect(await waitForBatch(page.request, batchId)).toMatchObject({
      status: "completed",
      progress: { processed: 10, total: 10 },
      failed: 0,
    });

    // Subject Line and Email Body filled for rows 1-10 only; the subject is cut at 40 characters.
    for (let n = 1; n <= 10; n++) {
      const subject = cell(page, n, SUBJECT);
      await expect(subject).toHaveText(/^Re: .+\.\.\.$/);
      expect((await subject.textContent())!.length).toBeLessThanOrEqual(43);
      await expect(cell(page, n, BODY)).toHaveText(/\S/);
      await expect(rowAt(page, n)).not.toHaveClass(RED);
    }
    await expect(cell(page, 11, SUBJECT)).toHaveText("");
    await expect(cell(page, 11, BODY)).toHaveText("");

    // The AI Response viewer shows what the row's generation cost: model, tokens and dollars.
    await rowAt(page, 1).getByRole("button", { name: "View AI response" }).click();
    const viewer = page.getByRole("dialog", { name: "AI Response" });
    await expect(viewer.getByTestId("ai-response-usage")).toHaveText(
      /^gpt-4o · [\d,]+ input tokens · [\d,]+ output tokens · \$\d+\.\d+ · \d+\.\d s$/,
    );
    await page.keyboard.press("Escape");
    await expect(viewer).toBeHidden();

    const file = await getFile(page, csvId);
    expect(file.columns).toEqual([...PROSPECT_COLUMNS, "Subject Line", "Email Body", "AI Response"]);
    file.rows.forEach((row, i) => {
      if (i < 10) {
        expect(row[SUBJECT]).toMatch(/^Re: /);
        // The prompt was filled with the row's own values.
        expect(row[BODY]).toContain(`to ${row["First Name"]} at ${row.Company}`);
      } else expect(row[SUBJECT] ?? "").toBe("");
    });

    // Credits: 10 used.
    await expect(meter(page)).toContainText("90/100");
    expect(await getCredits(page)).toMatchObject({ daily: 100, used: 10, remaining: 90 });

    // The configuration was saved, on the server and in this browser.
    const { aiConfig } = await getAiConfig(page);
    expect(aiConfig).toMatchObject({
      maxRows: 10,
      useCase: "content_creation",
      selectedModel: "gpt-4o",
      prompt: finalPrompt,
      connectionId: connection._id,
    });
    const stored = await page.evaluate(() => localStorage.getItem("lastUsedConfig"));
    expect(JSON.parse(stored ?? "null")).toMatchObject({
      maxRows: 10,
      useCase: "content_creation",
      selectedModel: "gpt-4o",
      prompt: finalPrompt,
    });

    // The status message clears itself (after 3 seconds).
    await expect(done).toBeHidden({ timeout: 10_000 });
  });

  test("Stop cancels a slow batch and refunds the rows that never started", { tag: "@pglite" }, async ({ page }) => {
    // Stop lands while later rows are still waiting because the key allows 6 requests a minute: its
    // pacer sends one probe request, then the bucket's other 5 and one more every 10 s, so 20 rows take
    // over two minutes. A key of its own: only it is limited, and what its pacer learns stays with it.
    test.setTimeout(120_000);
    const key = `sk-valid-e2e-stop-${rand()}`;
    await controlFake(page.request, { rateLimitPerMinute: 6, keyPrefix: key });
    await registerVerified(page.request);
    await createConnection(page, { name: `Slow key ${rand()}`, provider: "OpenAI", apiKey: key });
    const csvId = await importProspects(page);

    const dialog = await openConfig(page);
    const maxRows = dialog.locator("#ai-max-rows");
    await maxRows.fill("20");
    await maxRows.blur();
    await expect(maxRows).toHaveValue("20");
    const menu = await openSaveMenu(page, dialog);
    const bulk = page.waitForResponse(isBulk);
    await menu.getByRole("menuitem", { name: "Save and run 20 rows", exact: true }).click();
    const { batchId, total } = (await (await bulk).json()) as { batchId: string; total: number };
    expect(total).toBe(20);

    const panel = page.getByTestId("progress-panel");
    await expect(panel).toContainText(/Generating emails\.\.\. [1-9]\d* of 20/, { timeout: 45_000 });
    // Live spend and time left of the batch, from its billed rows.
    await expect(panel.getByTestId("progress-text")).toHaveText(
      /^[1-9]\d* of 20 · \$\d+\.\d+ so far · about \d+ (s|min) left$/,
    );
    const cancelCall = page.waitForResponse(
      (r) => r.request().method() === "POST" && r.url().includes(`/api/ai/cancel-batch/${batchId}`),
    );
    await panel.getByRole("button", { name: "Stop" }).click();
    const cancel = await cancelCall;
    expect(cancel.status(), await cancel.text()).toBe(200);
    const refundedAtStop = ((await cancel.json()) as { creditsRefunded: number }).creditsRefunded;
    expect(refundedAtStop, "rows still waiting when Stop was pressed").toBeGreaterThanOrEqual(1);

    // The rows in flight finish first (one round trip), then the batch is cancelled.
    const message = page.getByText(/^Email generation cancelled\. \d+ credits have been refunded\.$/);
    await expect(message).toBeVisible({ timeout: 45_000 });
    const refunded = Number(/(\d+) credits/.exec((await message.textContent())!)![1]);
    expect(refunded).toBeGreaterThanOrEqual(1);
    expect(refunded).toBeLessThan(20);
    expect(refunded).toBe(refundedAtStop);
    await expect(panel).toBeHidden();
    await expect(page.getByText("Generating...", { exact: true })).toHaveCount(0);

    const status = await waitForBatch(page.request, batchId);
    expect(status).toMatchObject({
      status: "cancelled",
      creditsRefunded: refunded,
      progress: { processed: 20 - refunded, total: 20 },
      failed: 0,
    });

    // The server agrees: only the rows that were generated are paid for.
    expect(await getCredits(page)).toMatchObject({ used: 20 - refunded, remaining: 80 + refunded });
    await expect(meter(page)).toContainText(`${80 + refunded}/100`);

    // Rows that had started were finished and kept; the rest (from the end) have no subject.
    const rows = (await getFile(page, csvId)).rows;
    rows.forEach((row, i) => {
      if (i < 20 - refunded) expect(row[SUBJECT], `row ${i + 1}`).toMatch(/^Re: /);
      else expect(row[SUBJECT] ?? "", `row ${i + 1}`).toBe("");
    });
    await expect(cell(page, 1, SUBJECT)).toHaveText(/^Re: /);
    await page.getByTestId("csv-table-scroll").evaluate((el) => (el.scrollTop = el.scrollHeight));
    await expect(cell(page, 20, SUBJECT)).toHaveText("");
    await expect(cell(page, 25, SUBJECT)).toHaveText("");
  });

  test(
    "Pause stops new rows and keeps the credits; Resume finishes the run without charging a row twice",
    { tag: "@pglite" },
    async ({ page }) => {
      test.setTimeout(120_000);
      const key = `sk-valid-e2e-pause-${rand()}`;
      // The fake holds this key's answers: the run is still going when Pause is pressed, however slow the machine.
      await controlFake(page.request, { hold: true, keyPrefix: key });
      await registerVerified(page.request);
      await createConnection(page, { name: `Pause key ${rand()}`, provider: "OpenAI", apiKey: key });
      const csvId = await importProspects(page);

      const dialog = await openConfig(page);
      const maxRows = dialog.locator("#ai-max-rows");
      await maxRows.fill("8");
      await maxRows.blur();
      const menu = await openSaveMenu(page, dialog);
      const bulk = page.waitForResponse(isBulk);
      await menu.getByRole("menuitem", { name: "Save and run 8 rows", exact: true }).click();
      const { batchId } = (await (await bulk).json()) as { batchId: string };

      const panel = page.getByTestId("progress-panel");
      await expect(panel).toContainText("Generating emails...", { timeout: 45_000 });
      const pauseCall = page.waitForResponse((r) => r.url().includes(`/api/ai/pause-batch/${batchId}`));
      await panel.getByRole("button", { name: "Pause" }).click();
      expect((await pauseCall).status()).toBe(200);
      await expect(panel).toContainText(/Paused \d+ of 8/);
      await expect(panel.getByRole("button", { name: "Resume" })).toBeEnabled();
      await expect(panel.getByText(/No new rows start while paused/)).toBeVisible();
      // Paused runs keep their unstarted rows' credits reserved.
      expect(await getCredits(page)).toMatchObject({ used: 8 });
      const paused = (await (await page.request.get(`/api/ai/batch-status/${batchId}`)).json()) as { status: string };
      expect(paused.status).toBe("paused");

      await panel.getByRole("button", { name: "Resume" }).click();
      await controlFake(page.request, { release: true, keyPrefix: key });
      await expect(page.getByText("Successfully generated 8 emails!")).toBeVisible({ timeout: 60_000 });
      expect(await waitForBatch(page.request, batchId)).toMatchObject({
        status: "completed",
        progress: { processed: 8, total: 8 },
        failed: 0,
        creditsRefunded: 0,
      });
      expect(await getCredits(page)).toMatchObject({ used: 8 });
      const rows = (await getFile(page, csvId)).rows;
      rows.slice(0, 8).forEach((row, i) => expect(row[SUBJECT], `row ${i + 1}`).toMatch(/^Re: /));
    },
  );

  test("a failed row turns red with Retry; the retry fills it and costs nothing", async ({ page }) => {
    const key = `sk-valid-e2e-retry-${rand()}`;
    await newUserWithOpenAi(page, key);
    await importProspects(page);
    await controlFake(page.request, { failNext: { n: 1, status: 400 }, keyPrefix: key });

    const row = rowAt(page, 1);
    await expect(row).not.toHaveClass(RED);
    await row.getByRole("button", { name: "Generate email" }).click();

    const error = page.getByText(/^Error generating email: /);
    await expect(error).toBeVisible();
    await expect(error).toContainText("OpenAI rejected the request");
    await expect(row).toHaveClass(RED);
    await expect(cell(page, 1, SUBJECT)).toHaveText(/^Error: /);
    await expect(row.getByRole("button", { name: "Retry" })).toBeVisible();
    await expect(row.getByRole("button", { name: "Generate email" })).toHaveCount(0);
    await expect(row.getByRole("button", { name: "Delete row" })).toBeVisible();
    await expect(rowAt(page, 2)).not.toHaveClass(RED);
    // The failed attempt was refunded.
    expect(await getCredits(page)).toMatchObject({ used: 0, remaining: 100 });
    await expect(meter(page)).toContainText("100/100");

    await controlFake(page.request, { reset: true, keyPrefix: key });
    const generate = page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/ai/generate",
    );
    await row.getByRole("button", { name: "Retry" }).click();
    const res = await generate;
    expect(res.status(), await res.text()).toBe(200);
    expect(res.request().postDataJSON()).toMatchObject({ isRetry: true, selectedRowIndex: 0 });

    await expect(cell(page, 1, SUBJECT)).toHaveText(/^Re: /);
    await expect(cell(page, 1, BODY)).toHaveText(/\S/);
    await expect(row).not.toHaveClass(RED);
    await expect(row.getByRole("button", { name: "Generate email" })).toBeVisible();
    await expect(row.getByRole("button", { name: "Retry" })).toHaveCount(0);
    // A retry of a failed row is free.
    expect(await getCredits(page)).toMatchObject({ used: 0, remaining: 100 });
    await expect(meter(page)).toContainText("100/100");
  });

  test("with no credits left, generating opens the Credit Limit Reached dialog and runs are disabled", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await newUserWithOpenAi(page);
    const csvId = await importProspects(page);

    // Spend the 100 daily credits: four runs of 25 rows through the API.
    for (let run = 0; run < 4; run++) {
      const res = await page.request.post("/api/ai/bulk-batched", {
        data: {
          csvId,
          rowsToProcess: 25,
          prompt: "Write to {{First Name}} at {{Company}}",
          useCase: "content_creation",
        },
      });
      expect(res.status(), await res.text()).toBe(200);
      const { batchId, total } = (await res.json()) as { batchId: string; total: number };
      expect(total).toBe(25);
      expect((await waitForBatch(page.request, batchId)).status).toBe("completed");
    }
    expect(await getCredits(page)).toMatchObject({ used: 100, remaining: 0 });
    const refused = await page.request.post("/api/ai/bulk-batched", { data: { csvId, rowsToProcess: 1 } });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({
      msg: "Credit limit exceeded",
      availableCredits: 0,
      requestedCredits: 1,
    });

    await page.reload();
    await expect(page.getByTestId("table-size")).toHaveText("25 rows x 15 columns");
    await expect(meter(page)).toContainText("0/100");

    // The single-row check happens before any request.
    let generateCalls = 0;
    page.on("request", (r) => {
      if (new URL(r.url()).pathname === "/api/ai/generate") generateCalls++;
    });
    await rowAt(page, 1).getByRole("button", { name: "Generate email" }).click();
    await expect(
      page.getByText(
        "You have used all your daily email credits. Credits will reset tomorrow, or upgrade to our lifetime plan for unlimited emails.",
      ),
    ).toBeVisible();
    const limit = page.getByRole("dialog", { name: "Credit Limit Reached" });
    await expect(limit).toBeVisible();
    await expect(limit).toContainText("You've reached your daily limit of 100 emails.");
    await expect(limit.getByRole("link", { name: "Upgrade Now" })).toHaveAttribute("href", "/pricing");
    await limit.locator('[data-slot="dialog-footer"]').getByRole("button", { name: "Close" }).click();
    await expect(limit).toBeHidden();
    expect(generateCalls).toBe(0);

    // Both run options of the Save menu are disabled; saving without running is not.
    const dialog = await openConfig(page);
    const menu = await openSaveMenu(page, dialog);
    await expect(menu.getByRole("menuitem", { name: /^Save and run \d+ rows$/ })).toBeDisabled();
    await expect(menu.getByRole("menuitem", { name: /^Save and run \d+ rows in this view$/ })).toBeDisabled();
    await expect(menu.getByRole("menuitem", { name: "Save and don't run" })).toBeEnabled();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();

    // Upgrade Now leads to the pricing page.
    await rowAt(page, 2).getByRole("button", { name: "Generate email" }).click();
    await expect(limit).toBeVisible();
    await limit.getByRole("link", { name: "Upgrade Now" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    expect(generateCalls).toBe(0);
    expect(await getCredits(page)).toMatchObject({ used: 100, remaining: 0 });
  });

  test("templates: name required, saved, listed, loaded, opened from ?template=", async ({ page }) => {
    await newUserWithOpenAi(page);
    await openGenerator(page);
    const dialog = await openConfig(page);
    const promptField = dialog.locator("#ai-prompt");
    const maxRows = dialog.locator("#ai-max-rows");
    const saveTemplate = dialog.getByRole("button", { name: "Save Template" });
    const savedTemplates = dialog.locator("#saved-templates");
    await expect(savedTemplates).toHaveText("No templates yet");

    const name = `Intro ${rand()}`;
    const prompt = `Template ${rand()}: a short note to {{First Name}} at {{Company}}.`;
    await promptField.fill(prompt);
    await maxRows.fill("7");
    await maxRows.blur();

    await saveTemplate.click();
    await expect(dialog.getByText("Template name is required")).toBeVisible();
    await dialog.locator("#new-template-name").fill("   ");
    await saveTemplate.click();
    await expect(dialog.getByText("Template name is required")).toBeVisible();
    expect(await (await page.request.get("/api/ai/templates")).json()).toEqual([]);

    await dialog.locator("#new-template-name").fill(name);
    await saveTemplate.click();
    await expect(dialog.getByText(`Template "${name}" saved.`)).toBeVisible();
    await expect(dialog.getByText("Template name is required")).toHaveCount(0);
    await expect(dialog.locator("#new-template-name")).toHaveValue("");
    const templates = (await (await page.request.get("/api/ai/templates")).json()) as {
      _id: string;
      name: string;
      prompt: string;
      maxRows: number;
    }[];
    expect(templates).toHaveLength(1);
    expect(templates[0]).toMatchObject({ name, prompt, maxRows: 7 });
    const id = templates[0]!._id;

    // Saved Templates lists it; Load puts its settings back into the form.
    await promptField.fill("Something else entirely");
    await maxRows.fill("3");
    await maxRows.blur();
    const load = dialog.getByRole("button", { name: "Load", exact: true });
    await expect(load).toBeDisabled();
    await expect(savedTemplates).toHaveText("Choose a template");
    const list = await openSelect(page, savedTemplates);
    await expect(list.getByRole("option")).toHaveText([name]);
    await list.getByRole("option", { name }).click();
    await expect(savedTemplates).toHaveText(name);
    await load.click();
    await expect(promptField).toHaveValue(prompt);
    await expect(maxRows).toHaveValue("7");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();

    // The dashboard lists it.
    await page.goto("/dashboard");
    await expect(page.getByTestId("template-list")).toContainText(name);

    // ?template={id} opens the dialog with that template. (Not openGenerator: the modal dialog may
    // already hide the page heading from the accessibility tree.)
    await page.goto(`/email-generator?template=${id}`);
    await expect(configDialog(page)).toBeVisible();
    await expect(configDialog(page).locator("#ai-prompt")).toHaveValue(prompt);
    await expect(configDialog(page).locator("#ai-max-rows")).toHaveValue("7");
    await expect(page.getByText("Error loading template")).toHaveCount(0);

    // An unknown template id.
    for (const bogus of ["00000000-0000-4000-8000-000000000000", "not-a-template"]) {
      await openGenerator(page, `?template=${bogus}`);
      await expect(page.getByText("Error loading template")).toBeVisible();
      await expect(configDialog(page)).toHaveCount(0);
    }
  });

  test("'+ Add account' defaults to OpenAI and adds a connection that can be chosen and saved", async ({ page }) => {
    await registerVerified(page.request);
    const existing = await createConnection(page, {
      name: `Claude ${rand()}`,
      provider: "Anthropic",
      apiKey: ANTHROPIC_KEY,
    });
    await openGenerator(page);
    await expect(page.getByTestId("generator-connection")).toHaveText(`Anthropic > ${existing.name}`);

    const dialog = await openConfig(page);
    const connectionField = dialog.locator("#ai-connection");
    const modelField = dialog.locator("#ai-model");
    await expect(connectionField).toHaveText(`Anthropic > ${existing.name}`);
    await expect(modelField).toHaveText("Claude Sonnet 5.5");

    await dialog.getByRole("button", { name: "+ Add account" }).click();
    const form = dialog.getByRole("form", { name: "Add New Connection" });
    await expect(form).toBeVisible();
    await expect(form.locator("#connection-provider")).toHaveText("OpenAI");
    await expect(form.locator("#connection-key")).toHaveAttribute("type", "password");
    await expect(form.locator("#connection-key")).toHaveAttribute("placeholder", "sk-...");
    const saveConnection = form.getByRole("button", { name: "Save Connection" });
    await expect(saveConnection).toBeDisabled();
    const name = `Second key ${rand()}`;
    await form.locator("#connection-name").fill(name);
    await expect(saveConnection).toBeDisabled();
    await form.locator("#connection-key").fill(OPENAI_KEY);
    await expect(saveConnection).toBeEnabled();
    await saveConnection.click();
    await expect(form).toBeHidden();

    // The new connection is chosen, with a model its provider offers.
    await expect(connectionField).toHaveText(`OpenAI > ${name}`);
    await expect(modelField).toHaveText("GPT-6.1 Terra");

    const options = await openSelect(page, connectionField);
    await expect(options.getByRole("option")).toHaveText([`Anthropic > ${existing.name}`, `OpenAI > ${name}`]);
    await options.getByRole("option", { name: `Anthropic > ${existing.name}` }).click();
    await expect(connectionField).toHaveText(`Anthropic > ${existing.name}`);
    await expect(modelField).toHaveText("Claude Sonnet 5.5");
    const again = await openSelect(page, connectionField);
    await expect(again.getByRole("option", { name: `OpenAI > ${name}` })).toBeEnabled();
    await again.getByRole("option", { name: `OpenAI > ${name}` }).click();
    await expect(connectionField).toHaveText(`OpenAI > ${name}`);
    await expect(modelField).toHaveText("GPT-6.1 Terra");

    const menu = await openSaveMenu(page, dialog);
    await menu.getByRole("menuitem", { name: "Save and don't run" }).click();
    await expect(dialog).toBeHidden();
    const { aiConfig, connections } = await getAiConfig(page);
    const added = connections.find((c) => c.name === name);
    expect(added).toMatchObject({ provider: "OpenAI" });
    expect(aiConfig).toMatchObject({ connectionId: added!._id, selectedModel: "gpt-6.1-terra" });
    await expect(page.getByTestId("generator-connection")).toHaveText(`OpenAI > ${name}`);
  });
});
