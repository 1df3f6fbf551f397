import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { expect, test, type Locator, type Page } from "@playwright/test";
import Papa from "papaparse";
import { registerVerified } from "./support";

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));

const PROSPECT_COLUMNS = [
  "First Name",
  "Last Name",
  "Email",
  "Title",
  "Company",
  "Website",
  "City",
  "Country",
  "Industry",
  "Employees",
  "LinkedIn",
  "Notes",
];

interface CsvFileJson {
  _id: string;
  fileName: string;
  rowCount: number;
  columns: string[];
  rows: Record<string, string>[];
  rowIds: number[];
}

/** Every generator test starts with a fresh, signed-in user on the generator page. */
test.beforeEach(async ({ page }) => {
  await registerVerified(page.request);
});

const footer = (page: Page) => page.getByTestId("table-size");
const headerCount = (page: Page) => page.getByTestId("row-count");
const fileInput = (page: Page) => page.getByTestId("csv-file-input");
const tableScroll = (page: Page) => page.getByTestId("csv-table-scroll");

/** The table row whose row-number cell reads `n` (1-based, as shown). */
function rowAt(page: Page, n: number): Locator {
  return page
    .locator("[role=row][data-row-id]")
    .filter({ has: page.locator("[role=rowheader]", { hasText: new RegExp(`^${n}$`) }) });
}

function cell(page: Page, n: number, column: string): Locator {
  return rowAt(page, n).locator(`[role=cell][data-column="${column}"]`);
}

/** Imports a file through the hidden input and waits until the table is shown; returns the file id. */
async function importFile(
  page: Page,
  file: string | { name: string; mimeType: string; buffer: Buffer },
  expectedSize: string,
): Promise<string> {
  await fileInput(page).setInputFiles(file);
  await expect(page).toHaveURL(/\/email-generator\?csvId=[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(footer(page)).toHaveText(expectedSize, { timeout: 30_000 });
  return new URL(page.url()).searchParams.get("csvId")!;
}

async function openGenerator(page: Page) {
  await page.goto("/email-generator");
  await expect(page.getByRole("heading", { name: "Email Generator" })).toBeVisible();
}

async function importProspects(page: Page): Promise<string> {
  await openGenerator(page);
  return importFile(page, fixture("prospects-25.csv"), "25 rows x 12 columns");
}

async function getFile(page: Page, id: string): Promise<CsvFileJson> {
  const res = await page.request.get(`/api/csv/${id}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as CsvFileJson;
}

async function listFiles(page: Page): Promise<{ _id: string; fileName: string; rowCount: number }[]> {
  const res = await page.request.get("/api/csv");
  expect(res.status()).toBe(200);
  return res.json();
}

test.describe("Email generator: CSV import", () => {
  test("shows the empty state before any file is loaded", async ({ page }) => {
    await openGenerator(page);
    await expect(page.getByRole("heading", { name: "Upload a CSV file to get started" })).toBeVisible();
    await expect(
      page.getByText("Make sure your CSV contains columns like First Name, Company, Website, etc."),
    ).toBeVisible();
    await expect(headerCount(page)).toHaveText("No data loaded");
    await expect(page.getByTestId("generator-connection")).toHaveText("No connection configured");
    await expect(page.getByRole("button", { name: "Import CSV" })).toBeEnabled();
    await expect(page.getByRole("button", { name: "Add Row" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Add Column" })).toBeDisabled();
    await expect(fileInput(page)).toHaveAttribute("accept", /\.csv/);
    await expect(page.locator("[role=table]")).toHaveCount(0);
    expect(page.url()).not.toContain("csvId");
  });

  test(
    "imports prospects-25.csv with its headers in order and accented names intact",
    { tag: "@pglite" },
    async ({ page }) => {
      const id = await importProspects(page);
      await expect(headerCount(page)).toHaveText("prospects-25.csv · 25 rows");
      await expect(page.locator("[role=table] [role=columnheader]")).toHaveText(["#", ...PROSPECT_COLUMNS, "Actions"]);
      await expect(page.getByRole("heading", { name: "Upload a CSV file to get started" })).toHaveCount(0);

      await expect(cell(page, 1, "First Name")).toHaveText("Priya");
      await expect(cell(page, 1, "Last Name")).toHaveText("O'Brien");
      await expect(cell(page, 2, "Last Name")).toHaveText("Müller");
      await expect(cell(page, 3, "First Name")).toHaveText("Siobhán");
      await expect(cell(page, 4, "First Name")).toHaveText("Łukasz");
      await expect(cell(page, 4, "Title")).toHaveText("Director, Partnerships");
      await expect(cell(page, 2, "Notes")).toHaveText('Hiring 3 SDRs, "scaling fast"');
      await expect(page.locator("[role=table]")).not.toContainText("Ã");

      // Stored exactly as parsed (quoted commas, doubled quotes, embedded newlines).
      const file = await getFile(page, id);
      expect(file.fileName).toBe("prospects-25.csv");
      expect(file.columns).toEqual(PROSPECT_COLUMNS);
      expect(file.rows).toHaveLength(25);
      expect(file.rowCount).toBe(25);
      expect(file.rows[0]!["Last Name"]).toBe("O'Brien");
      expect(file.rows[3]!["First Name"]).toBe("Łukasz");
      expect(file.rows[3]!.Notes).toBe("Line one\nline two");
      expect(file.rows[1]!.Notes).toBe('Hiring 3 SDRs, "scaling fast"');
    },
  );

  test("reads a Windows-1252 file without mojibake", async ({ page }) => {
    await openGenerator(page);
    const id = await importFile(page, fixture("windows-1252.csv"), "2 rows x 2 columns");
    await expect(cell(page, 1, "Company")).toHaveText("Café Crème");
    await expect(cell(page, 1, "First Name")).toHaveText("Chloé");
    await expect(cell(page, 2, "Company")).toHaveText("Señor Tacos");
    await expect(page.getByText("The file was read as Windows-1252")).toBeVisible();
    const table = page.locator("[role=table]");
    await expect(table).not.toContainText("Ã");
    await expect(table).not.toContainText("\uFFFD");
    const file = await getFile(page, id);
    expect(file.rows.map((r) => r.Company)).toEqual(["Café Crème", "Señor Tacos"]);
  });

  test("names blank and repeated headers and says which were renamed", async ({ page }) => {
    await openGenerator(page);
    const id = await importFile(page, fixture("messy-headers.csv"), "2 rows x 4 columns");
    await expect(page.locator("[role=table] [role=columnheader]")).toHaveText([
      "#",
      "First Name",
      "Company",
      "Column 3",
      "Company (2)",
      "Actions",
    ]);
    const notice = page.getByText(/^Renamed columns:/);
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('"Column 3"');
    await expect(notice).toContainText('"Company" → "Company (2)"');
    // messy-headers.csv also has two all-empty lines, which are dropped and counted.
    await expect(notice).toHaveText(
      'Renamed columns: (blank) → "Column 3", "Company" → "Company (2)". 2 empty rows were skipped.',
    );
    await expect(cell(page, 1, "Company (2)")).toHaveText("Acme Inc");
    await expect(cell(page, 1, "Column 3")).toHaveText("x");
    await expect(cell(page, 2, "First Name")).toHaveText("Liam");
    expect((await getFile(page, id)).columns).toEqual(["First Name", "Company", "Column 3", "Company (2)"]);
  });

  test("an unparseable or empty file shows 'Error parsing CSV file' and stores nothing", async ({ page }) => {
    await openGenerator(page);
    const parseError = page.getByText(/^Error parsing CSV file/);

    await fileInput(page).setInputFiles({
      name: "broken.csv",
      mimeType: "text/csv",
      buffer: Buffer.from('a,b\n"c,d\n'),
    });
    await expect(parseError).toBeVisible();
    await expect(parseError).toContainText("Unclosed quote");
    await expect(page.getByRole("heading", { name: "Upload a CSV file to get started" })).toBeVisible();
    await expect(headerCount(page)).toHaveText("No data loaded");

    await fileInput(page).setInputFiles({ name: "empty.csv", mimeType: "text/csv", buffer: Buffer.alloc(0) });
    await expect(parseError).toHaveText("Error parsing CSV file: The file is empty");

    // A header without data rows is refused as well.
    await fileInput(page).setInputFiles({
      name: "header-only.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("First Name,Company\n"),
    });
    await expect(parseError).toContainText("no data rows");

    expect(page.url()).not.toContain("csvId");
    expect(await listFiles(page)).toEqual([]);
    // Still usable: a good file imports afterwards and the error goes away.
    await importFile(page, fixture("prospects-25.csv"), "25 rows x 12 columns");
    await expect(parseError).toHaveCount(0);
    expect(await listFiles(page)).toHaveLength(1);
  });
});

test.describe("Email generator: loading a saved file", () => {
  test("reloads the file from ?csvId= and from session storage", { tag: "@pglite" }, async ({ page }) => {
    const id = await importProspects(page);
    expect(await page.evaluate(() => sessionStorage.getItem("currentCsvId"))).toBe(id);

    await page.reload();
    await expect(footer(page)).toHaveText("25 rows x 12 columns");
    await expect(cell(page, 4, "First Name")).toHaveText("Łukasz");

    // No query parameter: the id kept in session storage is used.
    await page.goto("/email-generator");
    await expect(footer(page)).toHaveText("25 rows x 12 columns");
    await expect(headerCount(page)).toHaveText("prospects-25.csv · 25 rows");
    await expect(cell(page, 1, "Last Name")).toHaveText("O'Brien");
  });

  test("a bogus ?csvId= shows 'Could not load the requested CSV file'", async ({ page }) => {
    for (const bogus of ["not-a-real-id", "00000000-0000-4000-8000-000000000000"]) {
      await page.goto(`/email-generator?csvId=${bogus}`);
      await expect(page.getByText("Could not load the requested CSV file")).toBeVisible();
      await expect(headerCount(page)).toHaveText("No data loaded");
      await expect(page.getByRole("heading", { name: "Upload a CSV file to get started" })).toBeVisible();
    }
  });
});

test.describe("Email generator: editing", () => {
  test("a cell edit is saved on Enter and survives a reload; Escape cancels", async ({ page }) => {
    const id = await importProspects(page);
    const company = cell(page, 2, "Company");
    await expect(company).toHaveText("Globex Cloud");

    await company.click();
    const input = page.getByRole("textbox", { name: "Edit Company" });
    await expect(input).toBeFocused();
    await expect(input).toHaveValue("Globex Cloud");
    await input.fill("Globex Ünited, Inc.");
    const saved = page.waitForResponse(
      (r) => r.request().method() === "PATCH" && r.url().includes(`/api/csv/${id}/rows/`),
    );
    await input.press("Enter");
    expect((await saved).status()).toBe(200);
    await expect(input).toHaveCount(0);
    await expect(company).toHaveText("Globex Ünited, Inc.");
    expect((await getFile(page, id)).rows[1]!.Company).toBe("Globex Ünited, Inc.");

    await page.reload();
    await expect(footer(page)).toHaveText("25 rows x 12 columns");
    await expect(company).toHaveText("Globex Ünited, Inc.");

    // Escape throws the draft away: nothing shown, nothing sent.
    let patches = 0;
    page.on("request", (r) => {
      if (r.method() === "PATCH") patches += 1;
    });
    const city = cell(page, 2, "City");
    await expect(city).toHaveText("Berlin");
    await city.click();
    const cityInput = page.getByRole("textbox", { name: "Edit City" });
    await cityInput.fill("Discarded");
    await cityInput.press("Escape");
    await expect(cityInput).toHaveCount(0);
    await expect(city).toHaveText("Berlin");
    // Blur without a change does not save either.
    await city.click();
    await page.getByRole("textbox", { name: "Edit City" }).blur();
    await expect(page.getByRole("textbox", { name: "Edit City" })).toHaveCount(0);
    expect((await getFile(page, id)).rows[1]!.City).toBe("Berlin");
    expect(patches).toBe(0);
  });

  test("Add Row adds a row and updates the counts", async ({ page }) => {
    const id = await importProspects(page);
    await page.getByRole("button", { name: "Add Row" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Row" });
    await expect(dialog).toBeVisible();
    for (const c of PROSPECT_COLUMNS) await expect(dialog.getByLabel(c, { exact: true })).toBeVisible();
    // A cancelled draft is not carried over to the next opening.
    await dialog.getByLabel("First Name", { exact: true }).fill("Draft");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(footer(page)).toHaveText("25 rows x 12 columns");
    await page.getByRole("button", { name: "Add Row" }).click();
    await expect(dialog.getByLabel("First Name", { exact: true })).toHaveValue("");

    await dialog.getByLabel("First Name", { exact: true }).fill("Zoë");
    await dialog.getByLabel("Company", { exact: true }).fill("New Co, Ltd");
    await dialog.getByRole("button", { name: "Add Row" }).click();
    await expect(dialog).toBeHidden();
    await expect(footer(page)).toHaveText("26 rows x 12 columns");
    await expect(headerCount(page)).toHaveText("prospects-25.csv · 26 rows");

    const file = await getFile(page, id);
    expect(file.rowCount).toBe(26);
    expect(file.rows[25]).toMatchObject({ "First Name": "Zoë", Company: "New Co, Ltd", Email: "" });

    await tableScroll(page).evaluate((el) => (el.scrollTop = el.scrollHeight));
    await expect(cell(page, 26, "Company")).toHaveText("New Co, Ltd");
  });

  test("Add Column validates the name and adds a new header", async ({ page }) => {
    const id = await importProspects(page);
    await page.getByRole("button", { name: "Add Column" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Column" });
    const submit = dialog.getByRole("button", { name: "Add Column" });

    await submit.click();
    await expect(dialog.getByText("Column name cannot be empty")).toBeVisible();
    await dialog.getByLabel("Column name").fill("   ");
    await submit.click();
    await expect(dialog.getByText("Column name cannot be empty")).toBeVisible();

    await dialog.getByLabel("Column name").fill("Company");
    await submit.click();
    await expect(dialog.getByText('A column named "Company" already exists')).toBeVisible();

    // Cancel and reopen: a clean form, no stale error.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole("button", { name: "Add Column" }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Column name")).toHaveValue("");
    await expect(dialog.getByRole("alert")).toHaveCount(0);
    await expect(dialog.getByText("already exists")).toHaveCount(0);

    await dialog.getByLabel("Column name").fill("Lead Score");
    await submit.click();
    await expect(dialog).toBeHidden();
    await expect(page.locator("[role=table] [role=columnheader]")).toHaveText([
      "#",
      ...PROSPECT_COLUMNS,
      "Lead Score",
      "Actions",
    ]);
    await expect(footer(page)).toHaveText("25 rows x 13 columns");
    expect((await getFile(page, id)).columns).toEqual([...PROSPECT_COLUMNS, "Lead Score"]);

    // The new column is editable like any other.
    await cell(page, 1, "Lead Score").click();
    const input = page.getByRole("textbox", { name: "Edit Lead Score" });
    await input.fill("42");
    const saved = page.waitForResponse((r) => r.request().method() === "PATCH");
    await input.press("Enter");
    expect((await saved).ok()).toBe(true);
    expect((await getFile(page, id)).rows[0]!["Lead Score"]).toBe("42");
  });

  test("deleting a column and a row asks for confirmation first", async ({ page }) => {
    const id = await importProspects(page);
    const header = page.locator("[role=table] [role=columnheader]").filter({ hasText: /^Website$/ });
    const deleteColumn = page.getByRole("button", { name: "Delete column Website" });
    // The × only shows on hover (or keyboard focus).
    await expect(deleteColumn).toHaveCSS("opacity", "0");
    await header.hover();
    await expect(deleteColumn).toHaveCSS("opacity", "1");
    await deleteColumn.click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("Are you sure you want to delete column 'Website'?");

    // Cancel keeps it.
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(header).toHaveCount(1);

    // Reachable from the keyboard too.
    await page.mouse.move(0, 0);
    await deleteColumn.focus();
    await expect(deleteColumn).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(confirm).toContainText("Are you sure you want to delete column 'Website'?");
    await page.keyboard.press("Escape");
    await expect(confirm).toBeHidden();
    await expect(header).toHaveCount(1);

    await header.hover();
    await deleteColumn.click();
    await expect(confirm).toContainText("Are you sure you want to delete column 'Website'?");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(confirm).toBeHidden();
    await expect(header).toHaveCount(0);
    await expect(footer(page)).toHaveText("25 rows x 11 columns");
    await expect(page.locator('[role=cell][data-column="Website"]')).toHaveCount(0);
    const afterColumn = await getFile(page, id);
    expect(afterColumn.columns).not.toContain("Website");
    expect(afterColumn.rows[0]).not.toHaveProperty("Website");

    // Row 1 (Priya O'Brien).
    await expect(cell(page, 1, "Last Name")).toHaveText("O'Brien");
    await rowAt(page, 1).getByRole("button", { name: "Delete row" }).click();
    await expect(confirm).toContainText("Are you sure you want to delete this row?");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(confirm).toBeHidden();
    await expect(footer(page)).toHaveText("24 rows x 11 columns");
    await expect(headerCount(page)).toHaveText("prospects-25.csv · 24 rows");
    await expect(cell(page, 1, "Last Name")).toHaveText("Müller");
    await expect(page.locator("[role=table]")).not.toContainText("priya.0@vandelaycloud.example");

    const after = await getFile(page, id);
    expect(after.rowCount).toBe(24);
    expect(after.rows).toHaveLength(24);
    expect(after.rows.map((r) => r.Email)).not.toContain("priya.0@vandelaycloud.example");

    await page.reload();
    await expect(footer(page)).toHaveText("24 rows x 11 columns");
  });
});

test.describe("Email generator: export", () => {
  test("Export as CSV downloads the same header and rows", async ({ page }) => {
    const id = await importProspects(page);
    await page.getByRole("button", { name: "Export to" }).click();
    const downloading = page.waitForEvent("download");
    await page.getByRole("menuitem", { name: "Export as CSV" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("prospects-25-export.csv");
    await expect(page.getByText("Exported 25 rows as CSV")).toBeVisible();

    const text = await readFile((await download.path())!, "utf8");
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const parsed = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    const [header, ...records] = parsed.data;
    expect(header).toEqual(PROSPECT_COLUMNS);
    expect(records).toHaveLength(25);
    const stored = await getFile(page, id);
    expect(records).toEqual(stored.rows.map((r) => PROSPECT_COLUMNS.map((c) => r[c] ?? "")));
    expect(records[3]![0]).toBe("Łukasz");
    expect(records[3]![11]).toBe("Line one\nline two");
  });
});

test.describe("Dashboard: Recent CSV Files", () => {
  test("lists an imported file with its row count and date, links to it and deletes it", async ({ page }) => {
    const id = await importProspects(page);
    await page.goto("/dashboard");
    const list = page.getByTestId("recent-csv-files");
    const item = list.getByRole("listitem").filter({ hasText: "prospects-25.csv" });
    await expect(item).toHaveCount(1);
    await expect(item).toContainText("25 rows");
    const created = (await getFile(page, id)) as CsvFileJson & { created: string };
    const expectedDate = await page.evaluate((iso) => new Date(iso).toLocaleDateString("en-US"), created.created);
    expect(expectedDate).toMatch(/^\d{1,2}\/\d{1,2}\/\d{4}$/);
    await expect(item).toContainText(expectedDate);
    const link = item.getByRole("link");
    await expect(link).toHaveAttribute("href", `/email-generator?csvId=${id}`);

    await link.click();
    await expect(page).toHaveURL(new RegExp(`/email-generator\\?csvId=${id}$`));
    await expect(footer(page)).toHaveText("25 rows x 12 columns");

    await page.goto("/dashboard");
    await item.getByRole("button", { name: "Delete prospects-25.csv" }).click();
    await expect(item).toHaveCount(0);
    await expect(page.getByText("No CSV files found")).toBeVisible();
    await expect.poll(async () => (await listFiles(page)).length).toBe(0);
    expect((await page.request.get(`/api/csv/${id}`)).status()).toBe(404);
  });

  test("a new user sees the empty state with a link to the generator", async ({ page }) => {
    await page.goto("/dashboard");
    await expect(page.getByText("Recent CSV Files")).toBeVisible();
    await expect(page.getByText("No CSV files found")).toBeVisible();
    await expect(page.getByText("Import a CSV file in the Email Generator to get started.")).toBeVisible();
    const go = page.getByRole("link", { name: "Go to Email Generator" });
    await expect(go).toHaveAttribute("href", "/email-generator");
    await go.click();
    await expect(page).toHaveURL(/\/email-generator$/);
    await expect(page.getByRole("heading", { name: "Upload a CSV file to get started" })).toBeVisible();
  });
});

test.describe("Email generator: large tables", () => {
  test("a 5,000-row file renders only the rows in view", async ({ page }, testInfo) => {
    const rows = 5_000;
    const lines = ["First Name,Last Name,Email,Company"];
    for (let i = 1; i <= rows; i++) lines.push(`First${i},Last${i},person${i}@example.test,"Company ${i}, Inc."`);
    const file = testInfo.outputPath("prospects-5000.csv");
    await writeFile(file, lines.join("\n") + "\n");

    await openGenerator(page);
    await importFile(page, file, "5,000 rows x 4 columns");
    await expect(headerCount(page)).toHaveText("prospects-5000.csv · 5,000 rows");
    await expect(cell(page, 1, "First Name")).toHaveText("First1");
    const rendered = await page.locator("[role=row]").count();
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(100);

    await tableScroll(page).evaluate((el) => (el.scrollTop = el.scrollHeight));
    const last = rowAt(page, 5000);
    await expect(last).toBeInViewport();
    await expect(last.locator('[role=cell][data-column="Company"]')).toHaveText("Company 5000, Inc.");
    await expect(rowAt(page, 1)).toHaveCount(0);
    expect(await page.locator("[role=row]").count()).toBeLessThan(100);
  });

  test("columns resize (minimum 80 px) and the scroll buttons move 100 px", async ({ page }) => {
    await importProspects(page);
    const header = page.locator("[role=table] [role=columnheader]").filter({ hasText: /^Email$/ });
    const widthOf = async (l: Locator) => (await l.boundingBox())!.width;
    expect(await widthOf(header)).toBeCloseTo(150, 0);

    const handle = page.getByRole("separator", { name: "Resize column Email" });
    const drag = async (dx: number) => {
      const box = (await handle.boundingBox())!;
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + dx / 2, y, { steps: 5 });
      await page.mouse.move(x + dx, y, { steps: 5 });
      await page.mouse.up();
    };

    await drag(120);
    await expect.poll(() => widthOf(header)).toBeCloseTo(270, 0);
    // The cells follow their header.
    await expect.poll(() => widthOf(cell(page, 1, "Email"))).toBeCloseTo(270, 0);

    await drag(-400);
    await expect.poll(() => widthOf(header)).toBeCloseTo(80, 0);
    await expect.poll(() => widthOf(cell(page, 1, "Email"))).toBeCloseTo(80, 0);

    await drag(40);
    await expect.poll(() => widthOf(header)).toBeCloseTo(120, 0);

    // Horizontal scroll buttons: 100 px per click.
    const scroll = tableScroll(page);
    const scrollLeft = () => scroll.evaluate((el) => el.scrollLeft);
    expect(await scrollLeft()).toBe(0);
    await page.getByRole("button", { name: "Scroll right" }).click();
    await expect.poll(scrollLeft).toBe(100);
    await page.getByRole("button", { name: "Scroll right" }).click();
    await expect.poll(scrollLeft).toBe(200);
    await page.getByRole("button", { name: "Scroll left" }).click();
    await expect.poll(scrollLeft).toBe(100);
    await page.getByRole("button", { name: "Scroll left" }).click();
    await expect.poll(scrollLeft).toBe(0);
  });
});
