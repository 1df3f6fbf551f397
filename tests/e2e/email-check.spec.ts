import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import Papa from "papaparse";
import { FAKE_DNS_DOMAINS } from "../fakes/fake-dns-domains";
import { cell, getFile, openGenerator, rand, rowAt } from "./generation-support";
import { registerVerified } from "./support";

/** The footer's Close (the dialog's corner × is named Close too). */
const footerClose = (dialog: Locator) =>
  dialog.locator('[data-slot="dialog-footer"]').getByRole("button", { name: "Close" });

// Address checks in the generator: "Check addresses" checks the file's e-mail
// column, its summary and the Email Status badges follow, and "Failed address check (N)" filters the rows. The app
// under test asks the fake DNS server (playwright.config.ts: FAKE_DNS_PORT = E2E_PORT + 70, fixed domains in
// tests/fakes/fake-dns-domains.ts: any name not listed there has a mail server). Disposable domains are decided
// from the mailchecker list before any DNS lookup.

const FAKE_DNS_CONTROL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 70}`;
const STATUS = "Email Status";

/** The fake keeps a name unanswered until released: a check that needs it stays running. */
async function dnsControl(request: APIRequestContext, action: "hold" | "release", name: string) {
  const res = await request.post(`${FAKE_DNS_CONTROL}/__${action}`, { data: { name } });
  expect(res.ok(), `POST /__${action} -> ${res.status()}`).toBe(true);
}

/** Imports a CSV made of these columns and rows through the generator's file input; returns the file id. */
async function importCsv(page: Page, columns: string[], rows: string[][]): Promise<string> {
  const csv = Papa.unparse({ fields: columns, data: rows });
  await page
    .getByTestId("csv-file-input")
    .setInputFiles({ name: `checks-${rand()}.csv`, mimeType: "text/csv", buffer: Buffer.from(csv) });
  await expect(page).toHaveURL(/\/email-generator\?csvId=[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByTestId("table-size")).toHaveText(`${rows.length} rows x ${columns.length} columns`, {
    timeout: 30_000,
  });
  return new URL(page.url()).searchParams.get("csvId")!;
}

const checkButton = (page: Page) => page.getByRole("button", { name: "Check addresses", exact: true });
const checkDialog = (page: Page) => page.getByRole("dialog", { name: "Check addresses" });
const statusBadge = (page: Page, n: number) => cell(page, n, STATUS).getByTestId("email-status-badge");
const dataRows = (page: Page) => page.locator("[role=row][data-row-id]");

async function openCheckDialog(page: Page): Promise<Locator> {
  await checkButton(page).click();
  const dialog = checkDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

// Row by row: what each address gets.
const ROWS: [string, string, string][] = [
  ["Ada", "ada@acme-mail.example", "valid"],
  ["Ben", `ben@${FAKE_DNS_DOMAINS.aOnly}`, "valid"], // no MX, an A record: RFC 5321's implicit MX
  ["Cleo", `cleo@${FAKE_DNS_DOMAINS.nxdomain}`, "no_mx"],
  ["Dan", "dan@mailinator.com", "disposable"],
  ["Info desk", "info@acme-mail.example", "role"],
  ["Ada again", "ADA@acme-mail.example", "duplicate"],
  ["Eve", "eve at nowhere", "invalid"],
  ["Fay", "", ""],
];
const SUMMARY = "2 valid · 1 invalid · 1 no mail server · 1 disposable · 1 role · 1 duplicate";

test.describe("Email generator: Check addresses", () => {
  test("checks the e-mail column: summary, a badge per row, the failed-address filter, cells still editable", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await registerVerified(page.request);
    await openGenerator(page);

    // No file yet: the button says why it cannot act.
    await expect(checkButton(page)).toBeDisabled();
    await checkButton(page).hover();
    await expect(page.getByRole("tooltip")).toHaveText("Import a CSV file first.");
    await page.mouse.move(0, 0, { steps: 5 });

    const csvId = await importCsv(
      page,
      ["Name", "Email", "Company"],
      ROWS.map(([name, email]) => [name, email, "Acme"]),
    );
    const dialog = await openCheckDialog(page);
    await expect(dialog).toContainText("mail server (MX)");
    await expect(dialog.locator("#email-check-column")).toHaveText("Email");
    // No ZeroBounce key: a link to the dashboard's Integrations instead of the deep check's choices.
    await expect(dialog.getByRole("link", { name: "Add a ZeroBounce key" })).toHaveAttribute(
      "href",
      "/dashboard#integrations-heading",
    );
    await dialog.getByRole("button", { name: "Check 7 addresses" }).click();

    await expect(dialog.getByTestId("email-check-summary")).toHaveText(SUMMARY, { timeout: 30_000 });
    await expect(dialog.getByTestId("email-check-status")).toHaveText("Check complete");
    await expect(dialog).toContainText("1 row has no address and got no status.");
    await footerClose(dialog).click();
    await expect(dialog).toBeHidden();

    // The table pulled the check's rows: the new column, a badge per status, none for the empty cell.
    await expect(page.getByTestId("table-size")).toHaveText("8 rows x 4 columns", { timeout: 20_000 });
    const labels: Record<string, string> = {
      valid: "Valid",
      no_mx: "No mail server",
      disposable: "Disposable",
      role: "Role account",
      duplicate: "Duplicate",
      invalid: "Invalid",
    };
    for (const [i, [, , status]] of ROWS.entries()) {
      if (status === "") await expect(statusBadge(page, i + 1)).toHaveCount(0);
      else {
        await expect(statusBadge(page, i + 1)).toHaveText(labels[status]!);
        await expect(statusBadge(page, i + 1)).toHaveAttribute("data-status", status);
      }
    }
    const file = await getFile(page, csvId);
    expect(file.columns).toEqual(["Name", "Email", "Company", STATUS]);
    expect(file.rows.map((r) => r[STATUS] ?? "")).toEqual(ROWS.map(([, , status]) => status));

    // "Failed address check (3)": the invalid, no-mail-server and disposable rows, numbered as in the file.
    const failed = page.getByRole("checkbox", { name: /^Failed address check \(\d+\)$/ });
    await expect(failed).toHaveAccessibleName("Failed address check (3)");
    await failed.check();
    await expect(dataRows(page)).toHaveCount(3);
    for (const n of [3, 4, 7]) await expect(rowAt(page, n)).toBeVisible();
    await expect(page.getByTestId("table-size")).toHaveText("3 of 8 rows x 4 columns");
    // With "Flagged rows" too: the rows that are both (none: nothing was generated).
    const flagged = page.getByRole("checkbox", { name: "Flagged rows (0)" });
    await flagged.check();
    await expect(dataRows(page)).toHaveCount(0);
    await expect(page.getByText("No row is both flagged and failed the address check.")).toBeVisible();
    await flagged.uncheck();
    await expect(dataRows(page)).toHaveCount(3);

    // A status cell is edited like any other: clearing the invalid row's status takes it out of the filter.
    await cell(page, 7, STATUS).getByTestId("email-status-badge").click();
    const input = cell(page, 7, STATUS).getByRole("textbox", { name: `Edit ${STATUS}` });
    await expect(input).toHaveValue("invalid");
    await input.fill("");
    await input.press("Enter");
    await expect(failed).toHaveAccessibleName("Failed address check (2)");
    await expect(dataRows(page)).toHaveCount(2);
    await failed.uncheck();
    await expect(dataRows(page)).toHaveCount(8);
    await expect(statusBadge(page, 7)).toHaveCount(0);

    // The ended check was closed: the next opening shows the form again.
    const again = await openCheckDialog(page);
    await expect(again.getByRole("button", { name: "Check 7 addresses" })).toBeVisible();
  });

  test("a running check survives closing the dialog and leaving the page; cancelled, checked rows keep their status", async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const held = `held-${rand()}.test`;
    await dnsControl(page.request, "hold", held);
    try {
      await registerVerified(page.request);
      await openGenerator(page);
      // The first chunk (500 rows) has answering domains; the second needs the held one.
      const rows = Array.from({ length: 600 }, (_, i) => [
        `P${i + 1}`,
        i < 500 ? `p${i + 1}@co-${i % 40}.example` : `p${i + 1}@${held}`,
      ]);
      await importCsv(page, ["Name", "Email"], rows);
      let dialog = await openCheckDialog(page);
      await dialog.getByRole("button", { name: "Check 600 addresses" }).click();

      const bar = dialog.getByRole("progressbar", { name: "Address check progress" });
      await expect(dialog.getByTestId("email-check-progress-text")).toHaveText("Checked 500 of 600", {
        timeout: 30_000,
      });
      await expect(bar).toHaveAttribute("aria-valuenow", "500");
      await expect(bar).toHaveAttribute("aria-valuemax", "600");
      await expect(dialog).toContainText("The check goes on if you close this window.");

      // Closed and opened again, then after a reload (found among the file's checks): the same progress.
      await footerClose(dialog).click();
      await expect(dialog).toBeHidden();
      dialog = await openCheckDialog(page);
      await expect(dialog.getByTestId("email-check-progress-text")).toHaveText("Checked 500 of 600");
      await page.reload();
      await expect(page.getByTestId("table-size")).toHaveText(/^600 rows x 3 columns$/, { timeout: 30_000 });
      dialog = await openCheckDialog(page);
      await expect(dialog.getByTestId("email-check-progress-text")).toHaveText("Checked 500 of 600");

      // Cancel, confirmed: the rows checked keep their status.
      await dialog.getByRole("button", { name: "Cancel check" }).click();
      const question = page.getByRole("alertdialog");
      await expect(question).toContainText("Cancel this check?");
      await expect(question).toContainText("Checked addresses keep their status.");
      await question.getByRole("button", { name: "Cancel check" }).click();
      await expect(dialog.getByTestId("email-check-status")).toHaveText("Check cancelled");
      await expect(dialog.getByTestId("email-check-summary")).toHaveText("500 valid");
      await footerClose(dialog).click();
      await expect(statusBadge(page, 1)).toHaveText("Valid");
    } finally {
      // The chunk in flight is still written once its lookup answers (docs/api.md "Address checks").
      await dnsControl(page.request, "release", held);
    }
  });
});
