import { expect, test } from "@playwright/test";
import {
  BODY,
  cell,
  createConnection,
  getFile,
  importProspects,
  OPENAI_KEY,
  rand,
  SUBJECT,
} from "./generation-support";
import { csvRecords } from "./quality-support";
import {
  acceptToolKey,
  addToolKeyViaApi,
  chooseCampaign,
  createFakeCampaign,
  generateRows,
  leadsOf,
  openPushDialog,
  stringsIn,
  toolCard,
} from "./push-support";
import { registerVerified } from "./support";

// Push to a sending tool: the dashboard's tool cards hold the keys, the
// generator's "Export to" menu pushes the generated rows into a campaign. The fake sending tools
// (tests/fakes/serve-fake-sending-tools.ts) accept only the keys a test registers, so tests never share
// an account.

const FIRST_TEN = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

test.describe("Dashboard: sending-tool keys", () => {
  test("a refused key is explained in the dialog; a good one is listed masked, renamed and deleted", async ({
    page,
  }) => {
    const key = await acceptToolKey(page.request, "instantly");
    await registerVerified(page.request);
    await page.goto("/dashboard");
    const card = toolCard(page, "instantly");
    await expect(card.getByText("No key yet.")).toBeVisible();
    await expect(card.getByText("Connected")).toHaveCount(0);

    await card.getByRole("button", { name: "Add key" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Instantly key" });
    await expect(dialog.getByLabel("API key")).toHaveAttribute("type", "password");
    await expect(dialog.getByRole("button", { name: "Save" })).toBeDisabled();
    await dialog.getByLabel("Name").fill("Main workspace");
    await dialog.getByLabel("API key").fill(`not-${key}`);
    await dialog.getByRole("button", { name: "Save" }).click();
    // The tool refused it: the server's message (naming the tool), the typed values kept.
    await expect(dialog.getByRole("alert")).toContainText("Instantly", { timeout: 20_000 });
    await expect(dialog.getByLabel("Name")).toHaveValue("Main workspace");
    await expect(dialog.getByLabel("API key")).toHaveValue(`not-${key}`);

    await dialog.getByLabel("API key").fill(key);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden({ timeout: 20_000 });
    await expect(card.getByText("Connected")).toBeVisible();
    await expect(card.getByText("Main workspace")).toBeVisible();
    await expect(card.getByText(key, { exact: true })).toHaveCount(0);
    await expect(toolCard(page, "smartlead").getByText("Connected")).toHaveCount(0);

    // Rename inline: Escape cancels, Enter saves.
    await card.getByRole("button", { name: "Rename Instantly key Main workspace" }).click();
    const name = card.getByRole("textbox", { name: "New name for Instantly key Main workspace" });
    await name.fill("Ignored");
    await name.press("Escape");
    await expect(card.getByText("Main workspace")).toBeVisible();
    await card.getByRole("button", { name: "Rename Instantly key Main workspace" }).click();
    await name.fill("Outbound");
    await name.press("Enter");
    await expect(card.getByRole("button", { name: "Rename Instantly key Outbound" })).toBeVisible();

    await card.getByRole("button", { name: "Delete Instantly key Outbound" }).click();
    const question = page.getByRole("alertdialog");
    await expect(question).toContainText("Delete this key?");
    await expect(question).toContainText("Pushes that used it keep their receipts.");
    await question.getByRole("button", { name: "Delete" }).click();
    await expect(card.getByText("No key yet.")).toBeVisible();
    await expect(card.getByText("Connected")).toHaveCount(0);
  });
});

test.describe("Email generator: Push to a campaign", () => {
  test("add an Instantly key on the dashboard, dry run, push 10 generated rows, the tool has them", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const key = await acceptToolKey(page.request, "instantly");
    const campaign = await createFakeCampaign(page.request, "instantly", key, `Spring ${rand()}`);
    await registerVerified(page.request);
    await createConnection(page, { name: `OpenAI ${rand()}`, provider: "OpenAI", apiKey: OPENAI_KEY });

    await page.goto("/dashboard");
    await toolCard(page, "instantly").getByRole("button", { name: "Add key" }).click();
    const add = page.getByRole("dialog", { name: "Add Instantly key" });
    await add.getByLabel("Name").fill("E2E Instantly");
    await add.getByLabel("API key").fill(key);
    await add.getByRole("button", { name: "Save" }).click();
    await expect(add).toBeHidden({ timeout: 20_000 });
    await expect(toolCard(page, "instantly").getByText("Connected")).toBeVisible();

    // The 25 prospects, the first 10 generated.
    const csvId = await importProspects(page);
    await generateRows(page, csvId, FIRST_TEN);
    await page.reload();
    await expect(cell(page, 10, SUBJECT)).toHaveText(/\S/, { timeout: 30_000 });
    const file = await getFile(page, csvId);

    const dialog = await openPushDialog(page);
    await expect(dialog.locator("#push-connection")).toHaveText("Instantly · E2E Instantly");
    await chooseCampaign(page, dialog, campaign.name);
    // The server's default mapping.
    await expect(dialog.locator("#push-map-email")).toHaveText("Email");
    await expect(dialog.locator("#push-map-first-name")).toHaveText("First Name");
    await expect(dialog.locator("#push-map-last-name")).toHaveText("Last Name");
    await expect(dialog.locator("#push-map-company")).toHaveText("Company");
    await expect(dialog.getByText("{{subject_line}}", { exact: true })).toBeVisible();
    await expect(dialog.getByText("{{email_body}}", { exact: true })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Copy {{subject_line}}" })).toBeVisible();
    await expect(dialog.getByText("Use these variables in your campaign's template")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Push rows" })).toBeDisabled();

    await dialog.getByRole("button", { name: "Dry run" }).click();
    await expect(dialog.getByTestId("dry-run-summary")).toHaveText("Will push 10 · skip 15: 15 not generated", {
      timeout: 20_000,
    });
    await expect(dialog.getByTestId("push-sample-lead")).toHaveCount(3);
    await expect(dialog.getByTestId("push-sample-lead").first()).toContainText(file.rows[0]!.Email!);

    await dialog.getByRole("button", { name: "Push 10 rows" }).click();
    await expect(dialog.getByTestId("push-summary")).toHaveText("Pushed 10 · skipped 15 · failed 0", {
      timeout: 60_000,
    });
    await expect(dialog.getByTestId("push-status")).toHaveText("Push complete");

    // The tool received the 10 generated rows, their e-mails (line breaks kept) in the campaign's variables.
    const leads = await leadsOf(page.request, "instantly", campaign.id);
    const expected = FIRST_TEN.map((i) => file.rows[i]!);
    expect(leads.map((l) => l.email).sort()).toEqual(expected.map((r) => r.Email!).sort());
    for (const row of expected) {
      const lead = leads.find((l) => l.email === row.Email)!;
      expect(stringsIn(lead.fields)).toEqual(expect.arrayContaining([row[SUBJECT]!, row[BODY]!]));
    }

    // The report lists the 15 rows left out, with their reason.
    const download = page.waitForEvent("download");
    await dialog.getByRole("link", { name: "Download skipped and failed rows" }).click();
    const records = await csvRecords(await download);
    expect(records).toHaveLength(1 + 15);
    for (const record of records.slice(1)) expect(record.join(",")).toMatch(/not.generated/i);

    // Again: those rows are already in the campaign, unless pushed again on purpose.
    await dialog.getByRole("button", { name: "New push" }).click();
    await chooseCampaign(page, dialog, campaign.name);
    await dialog.getByRole("button", { name: "Dry run" }).click();
    await expect(dialog.getByTestId("dry-run-summary")).toHaveText(
      "Will push 0 · skip 25: 15 not generated, 10 already pushed",
    );
    await expect(dialog.getByRole("button", { name: "Push 0 rows" })).toBeDisabled();
    await dialog.getByRole("checkbox", { name: "Push rows already pushed to this campaign again" }).click();
    await expect(dialog.getByTestId("dry-run-summary")).toHaveCount(0);
    await expect(dialog.getByRole("button", { name: "Push rows" })).toBeDisabled();
    await dialog.getByRole("button", { name: "Dry run" }).click();
    await expect(dialog.getByTestId("dry-run-summary")).toHaveText("Will push 10 · skip 15: 15 not generated");
    await expect(dialog.getByRole("button", { name: "Push 10 rows" })).toBeEnabled();
  });

  test("without an Instantly, Smartlead or lemlist key the menu item is disabled; a campaign-less account says so", async ({
    page,
  }) => {
    await registerVerified(page.request);
    await importProspects(page);
    await page.getByRole("button", { name: "Export to" }).click();
    const item = page.getByRole("menuitem", { name: "Push to a campaign… (Not configured)" });
    await expect(item).toBeDisabled();
    await page.keyboard.press("Escape");

    const key = await acceptToolKey(page.request, "instantly");
    await addToolKeyViaApi(page.request, { service: "instantly", name: "Empty account", apiKey: key });
    await page.reload();
    await expect(page.getByTestId("table-size")).toHaveText("25 rows x 12 columns", { timeout: 30_000 });
    const dialog = await openPushDialog(page);
    await expect(dialog.getByText("No campaigns in this account")).toBeVisible({ timeout: 20_000 });
    await expect(dialog.getByRole("button", { name: "Dry run" })).toBeDisabled();
  });
});
