import { expect, test, type Page, type Request } from "@playwright/test";
import { startWebhookReceiver } from "../fakes/webhook-receiver";
import { expectAccessible, MODES } from "./a11y-support";
import { BODY, getCredits, rowAt } from "./generation-support";
import {
  approveButton,
  badge,
  CLEAN_NOTE,
  csvRecords,
  FLAG_MESSAGE,
  flaggedFile,
  gateDialog,
  pickExport,
  QUALITY_COLUMNS,
} from "./quality-support";

// Quality flags in the generator: the badge and its tooltip, the "Flagged rows" filter, the export
// gate, approval, and "Regenerate flagged rows". Row 2 of a 3-row file is flagged (an unresolved
// "[First Name]", a blocking flag); see quality-support.ts for how, without steering the fake provider.

const dataRows = (page: Page) => page.locator("[role=row][data-row-id]");
const footer = (page: Page) => page.getByTestId("table-size");
const isBulk = (r: Request) => r.method() === "POST" && new URL(r.url()).pathname === "/api/ai/bulk-batched";

test.describe("Email generator: quality flags", () => {
  test("badge and tooltip, Flagged rows filter, export gate on CSV, approval, Regenerate flagged rows", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const { csvId, rowIds } = await flaggedFile(page);

    // The flagged row: a red badge named after its flag, whose tooltip lists it (hover and keyboard).
    const flagged = badge(page, 2);
    await expect(flagged).toHaveAccessibleName(`1 quality flag: ${FLAG_MESSAGE}`);
    await expect(flagged).toHaveAttribute("data-severity", "block");
    await expect(badge(page, 1)).toHaveCount(0);
    await expect(badge(page, 3)).toHaveCount(0);
    await flagged.hover();
    await expect(page.getByRole("tooltip")).toHaveText(`Problem: ${FLAG_MESSAGE}`);
    await page.mouse.move(0, 0, { steps: 10 });
    await expect(page.getByRole("tooltip")).toHaveCount(0);
    await flagged.focus();
    await expect(page.getByRole("tooltip")).toContainText(FLAG_MESSAGE);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("tooltip")).toHaveCount(0);

    // "Flagged rows (1)" shows only row 2 (numbered as in the file), then all rows again.
    const filter = page.getByRole("checkbox", { name: "Flagged rows (1)" });
    await filter.check();
    await expect(dataRows(page)).toHaveCount(1);
    await expect(rowAt(page, 2)).toBeVisible();
    await expect(footer(page)).toHaveText(/^1 of 3 rows x \d+ columns$/);
    await filter.uncheck();
    await expect(dataRows(page)).toHaveCount(3);
    await expect(footer(page)).toHaveText(/^3 rows x \d+ columns$/);

    // Export as CSV: the gate skips the flagged row by default...
    await pickExport(page, "Export as CSV");
    const gate = gateDialog(page);
    const skip = gate.getByRole("checkbox", { name: "Skip 1 row with problems" });
    await expect(skip).toBeChecked();
    let downloading = page.waitForEvent("download");
    await gate.getByRole("button", { name: "Export as CSV (2 rows)" }).click();
    let records = await csvRecords(await downloading);
    await expect(page.getByText("Exported 2 rows as CSV")).toBeVisible();
    await expect(gate).toBeHidden();
    const firstNames = (rows: string[][]) => rows.slice(1).map((r) => r[QUALITY_COLUMNS.indexOf("First Name")]);
    expect(records[0]!.slice(0, 3)).toEqual(QUALITY_COLUMNS);
    expect(firstNames(records)).toEqual(["Ada", "Linus"]);
    // ... and includes it when the option is unticked.
    await pickExport(page, "Export as CSV");
    await expect(skip).toBeChecked();
    await skip.uncheck();
    downloading = page.waitForEvent("download");
    await gate.getByRole("button", { name: "Export as CSV (3 rows)" }).click();
    records = await csvRecords(await downloading);
    expect(firstNames(records)).toEqual(["Ada", "Grace", "Linus"]);

    // Approve: a toggle saved through the API, still on after a reload.
    await expect(approveButton(page, 1)).toHaveAttribute("aria-pressed", "false");
    await approveButton(page, 1).click();
    await expect(approveButton(page, 1)).toHaveAttribute("aria-pressed", "true");
    await expect
      .poll(async () => {
        const quality = await (await page.request.get(`/api/csv/${csvId}/quality`)).json();
        return quality.rows.find((r: { rowId: number }) => r.rowId === rowIds[0]).approved;
      })
      .toBe(true);
    await page.reload();
    await expect(approveButton(page, 1)).toHaveAttribute("aria-pressed", "true");
    await approveButton(page, 1).click();
    await expect(approveButton(page, 1)).toHaveAttribute("aria-pressed", "false");

    // The flagged row approved: "Regenerate flagged rows" skips it unless told otherwise.
    await approveButton(page, 2).click();
    await expect(approveButton(page, 2)).toHaveAttribute("aria-pressed", "true");
    // Its input fixed, the fake now answers it without the placeholder.
    const fixed = await page.request.patch(`/api/csv/${csvId}/rows/${rowIds[1]}`, {
      data: { data: { Notes: CLEAN_NOTE } },
    });
    expect(fixed.status(), await fixed.text()).toBe(200);
    await page.reload();
    await expect(badge(page, 2)).toBeVisible();
    const creditsBefore = (await getCredits(page)).remaining!;

    await page.getByRole("button", { name: "Regenerate flagged rows" }).click();
    const confirm = page.getByRole("dialog", { name: "Regenerate flagged rows" });
    await expect(confirm).toContainText("1 approved flagged row is skipped.");
    await expect(confirm.getByRole("button", { name: "Regenerate 0 rows" })).toBeDisabled();
    await confirm.getByRole("checkbox", { name: "Also regenerate the approved row" }).check();
    await expect(confirm).toContainText("1 row will be generated again with the current AI configuration.");
    await expect(confirm.getByTestId("regenerate-credits")).toHaveText(
      `This uses 1 credit (${creditsBefore} remaining).`,
    );
    const bulk = page.waitForRequest(isBulk);
    await confirm.getByRole("button", { name: "Regenerate 1 row" }).click();
    const payload = (await bulk).postDataJSON();
    expect(payload).toMatchObject({ csvId, rowIds: [rowIds[1]], onlyRunIf: "", overwriteApproved: true });
    expect(payload).not.toHaveProperty("rowsToProcess");
    await expect(page.getByText("Successfully generated 1 emails!")).toBeVisible({ timeout: 30_000 });

    // The row's new e-mail is clean: the badge goes without a reload, and the filter is empty.
    // (The cell shows the start of the body: "Hi, Write to Grace at Compilers Inc. Greet them w...")
    await expect(rowAt(page, 2).locator(`[role=cell][data-column="${BODY}"]`)).toContainText("Inc. Greet them");
    await expect(badge(page, 2)).toHaveCount(0);
    const none = page.getByRole("checkbox", { name: "Flagged rows (0)" });
    await none.check();
    await expect(dataRows(page)).toHaveCount(0);
    await expect(page.getByText("No flagged rows: no generated row has a quality flag.")).toBeVisible();
    await expect(footer(page)).toHaveText(/^0 of 3 rows x \d+ columns$/);
    await expect(page.getByRole("button", { name: "Regenerate flagged rows" })).toBeDisabled();

    // No blocking flag left: Export as CSV goes straight through.
    await none.uncheck();
    downloading = page.waitForEvent("download");
    await pickExport(page, "Export as CSV");
    records = await csvRecords(await downloading);
    expect(firstNames(records)).toEqual(["Ada", "Grace", "Linus"]);
    await expect(gateDialog(page)).toHaveCount(0);
  });

  test("Export to Make leaves the rows with problems out unless told otherwise", async ({ page }) => {
    test.setTimeout(90_000);
    const rx = await startWebhookReceiver();
    try {
      await flaggedFile(page);
      const saved = await page.request.post("/api/webhooks/config", { data: { webhookUrl: rx.url } });
      expect(saved.status(), await saved.text()).toBe(200);
      await page.reload();
      await expect(badge(page, 2)).toBeVisible();

      await pickExport(page, "Export to Make");
      const gate = gateDialog(page);
      await expect(gate.getByRole("checkbox", { name: "Skip 1 row with problems" })).toBeChecked();
      await gate.getByRole("button", { name: "Export to Make (2 rows)" }).click();
      await expect(page.getByText("Data sent to Make successfully")).toBeVisible();
      const names = (i: number) =>
        (rx.requests[i]!.json as { data: Record<string, string>[] }).data.map((r) => r["First Name"]);
      expect(rx.requests).toHaveLength(1);
      expect(names(0)).toEqual(["Ada", "Linus"]);

      await pickExport(page, "Export to Make");
      await gate.getByRole("checkbox", { name: "Skip 1 row with problems" }).uncheck();
      await gate.getByRole("button", { name: "Export to Make (3 rows)" }).click();
      await expect.poll(() => rx.requests.length).toBe(2);
      expect(names(1)).toEqual(["Ada", "Grace", "Linus"]);

      // Cancel sends nothing.
      await pickExport(page, "Export to Make");
      await gate.getByRole("button", { name: "Cancel" }).click();
      await expect(gate).toBeHidden();
      expect(rx.requests).toHaveLength(2);
    } finally {
      await rx.close();
    }
  });
});

for (const mode of MODES) {
  test.describe(`${mode} theme`, () => {
    test.use({ colorScheme: mode });

    test(`generator with a flagged row and the export gate pass axe (${mode})`, async ({ page }) => {
      test.setTimeout(90_000);
      await flaggedFile(page);
      await expect(badge(page, 2)).toBeVisible();
      await badge(page, 2).focus();
      await expect(page.getByRole("tooltip")).toBeVisible();
      await expectAccessible(page, "generator with a flagged row", mode);
      await page.keyboard.press("Escape");
      await pickExport(page, "Export as CSV");
      await expectAccessible(page, "export gate dialog", mode, gateDialog(page));
    });
  });
}
