import { expect, test } from "@playwright/test";
import {
  createConnectionViaApi,
  createTemplateViaApi,
  dashboardCard,
  footerOf,
  headersOf,
  maskedKeyPattern,
  openDashboardAsNewUser,
  rand,
  rowNamed,
} from "./dashboard-support";

test("a new user sees the trial banner, the welcome header and the three cards in their empty state", async ({
  page,
}) => {
  const name = `Trial Tester ${rand()}`;
  await openDashboardAsNewUser(page, name);

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome, ${name}!`);

  // Trial banner.
  const banner = page.getByTestId("plan-banner");
  await expect(banner.getByRole("heading", { name: "Free Trial" })).toBeVisible();
  await expect(banner.getByTestId("trial-days")).toHaveText("3 days remaining");
  await expect(banner.getByTestId("credits-used")).toHaveText("0/100");
  await expect(banner).toContainText("100 of 100 email credits left today");
  const bar = banner.getByRole("progressbar", { name: "Daily credits remaining" });
  await expect(bar).toHaveAttribute("aria-valuenow", "100");
  const indicator = bar.locator('[data-slot="progress-indicator"]');
  await expect(indicator).toHaveClass(/(^|\s)bg-primary(\s|$)/);
  await expect(indicator).not.toHaveClass(/bg-warning|bg-destructive/);
  const upgrade = banner.getByRole("link", { name: "Upgrade to Lifetime Deal - $149" });
  await expect(upgrade).toBeVisible();
  await expect(upgrade).toHaveAttribute("href", "/pricing");
  await expect(banner.getByText("Lifetime Access")).toHaveCount(0);

  // Email Generator card.
  const generator = dashboardCard(page, "Email Generator");
  await expect(generator.getByTestId("current-model")).toHaveText("Claude Sonnet 5.5");
  await expect(generator.getByTestId("active-connection")).toHaveText("No connection configured");
  await expect(generator.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/email-generator");

  // API Keys card: empty.
  const keys = dashboardCard(page, "API Keys");
  await expect(keys.getByText("No API keys yet. Add one to start generating.")).toBeVisible();
  await expect(keys.getByTestId("connection-list")).toHaveCount(0);
  await expect(keys.getByRole("button", { name: "Manage Connections" })).toBeVisible();

  // Email Templates card: empty.
  const templates = dashboardCard(page, "Email Templates");
  await expect(templates.getByText("No templates saved yet.")).toBeVisible();
  await expect(templates.getByTestId("template-list")).toHaveCount(0);
  await expect(templates.getByRole("button", { name: "Manage Templates" })).toBeVisible();
});

test("GET /api/ai/credits and the banner agree for a new trial user", async ({ page }) => {
  await openDashboardAsNewUser(page);

  const res = await page.request.get("/api/ai/credits");
  expect(res.status()).toBe(200);
  const body = (await res.json()) as {
    credits: { daily: number; used: number; remaining: number; unlimited: boolean };
    unlimited: boolean;
    daysRemaining: number;
    trialExpired: boolean;
  };
  expect(body.credits).toMatchObject({ daily: 100, used: 0, remaining: 100, unlimited: false });
  expect(body).toMatchObject({ unlimited: false, daysRemaining: 3, trialExpired: false });

  const banner = page.getByTestId("plan-banner");
  await expect(banner.getByTestId("credits-used")).toHaveText(`${body.credits.used}/${body.credits.daily}`);
  await expect(banner).toContainText(`${body.credits.remaining} of ${body.credits.daily} email credits left today`);
  await expect(banner.getByRole("progressbar", { name: "Daily credits remaining" })).toHaveAttribute(
    "aria-valuenow",
    String((body.credits.remaining / body.credits.daily) * 100),
  );
  await expect(banner.getByTestId("trial-days")).toHaveText(`${body.daysRemaining} days remaining`);
});

test("Manage API Connections: add with masked keys, switch the active one, delete with confirmation", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openDashboardAsNewUser(page);
  const first = { name: `Work Anthropic ${rand()}`, key: `sk-ant-api03-${rand()}${rand()}-Qz9K` };
  const second = { name: `Side OpenAI ${rand()}`, key: `sk-proj-${rand()}${rand()}-Wx7P` };

  const keysCard = dashboardCard(page, "API Keys");
  const generator = dashboardCard(page, "Email Generator");
  await keysCard.getByRole("button", { name: "Manage Connections" }).click();
  const dialog = page.getByRole("dialog", { name: "Manage API Connections" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("No connections yet. Add your first API key below.")).toBeVisible();

  // The Add New Connection form: Anthropic by default, with its key hint.
  const form = dialog.getByRole("form", { name: "Add New Connection" });
  const provider = form.getByRole("combobox", { name: "Provider" });
  await expect(provider).toHaveText("Anthropic");
  await expect(form.getByText("Anthropic keys start with sk-ant-", { exact: true })).toBeVisible();
  await provider.click();
  await page.getByRole("option", { name: "OpenAI" }).click();
  await expect(provider).toHaveText("OpenAI");
  await expect(form.getByText("OpenAI keys start with sk-", { exact: true })).toBeVisible();
  await expect(form.getByText("Anthropic keys start with sk-ant-")).toHaveCount(0);
  await provider.click();
  await page.getByRole("option", { name: "Anthropic" }).click();
  await expect(provider).toHaveText("Anthropic");
  await expect(form.getByText("Anthropic keys start with sk-ant-", { exact: true })).toBeVisible();

  // Save Connection stays disabled until both name and key are filled; the key is a password field.
  const nameInput = form.getByLabel("Connection Name");
  const keyInput = form.getByLabel("API Key");
  const save = form.getByRole("button", { name: "Save Connection" });
  await expect(keyInput).toHaveAttribute("type", "password");
  await expect(save).toBeDisabled();
  await nameInput.fill(first.name);
  await expect(save).toBeDisabled();
  await nameInput.fill("");
  await keyInput.fill(first.key);
  await expect(save).toBeDisabled();
  await nameInput.fill("   ");
  await expect(save).toBeDisabled();
  await nameInput.fill(first.name);
  await expect(save).toBeEnabled();
  await save.click();

  await expect(dialog.getByRole("alert")).toHaveText("Saved successfully!");
  await expect(nameInput).toHaveValue("");
  await expect(keyInput).toHaveValue("");
  const table = dialog.getByRole("table");
  await expect(headersOf(table)).toHaveText(["Name", "Provider", "API Key", "Status", "Actions"]);
  const firstRow = rowNamed(table, first.name);
  await expect(firstRow.getByRole("cell")).toHaveText([
    first.name,
    "Anthropic",
    maskedKeyPattern(first.key),
    "Active",
    /Check key/,
  ]);
  await expect(firstRow.getByRole("button", { name: "Set active" })).toHaveCount(0);

  // The first connection becomes the active one; the cards behind the modal follow.
  await expect(keysCard.getByTestId("connection-list").locator("li")).toHaveCount(1);
  await expect(keysCard.getByTestId("connection-list").locator("li")).toHaveText(`Anthropic${first.name}Active`);
  await expect(generator.getByTestId("active-connection")).toHaveText(`Anthropic > ${first.name}`);
  await expect(generator.getByTestId("current-model")).toHaveText("Claude Sonnet 5.5");

  // A second connection (OpenAI) is added inactive.
  await provider.click();
  await page.getByRole("option", { name: "OpenAI" }).click();
  await nameInput.fill(second.name);
  await keyInput.fill(second.key);
  await save.click();
  const secondRow = rowNamed(table, second.name);
  await expect(secondRow.getByRole("cell")).toHaveText([
    second.name,
    "OpenAI",
    maskedKeyPattern(second.key),
    "Inactive",
    /Set active/,
  ]);
  await expect(firstRow.getByRole("cell").nth(3)).toHaveText("Active");
  await expect(dialog.getByRole("alert")).toHaveText("Saved successfully!");
  const cardItems = keysCard.getByTestId("connection-list").locator("li");
  await expect(cardItems).toHaveText([`Anthropic${first.name}Active`, `OpenAI${second.name}`]);

  // The full keys never reach the page.
  for (const key of [first.key, second.key]) expect(await page.content()).not.toContain(key);

  // Set active switches.
  await secondRow.getByRole("button", { name: "Set active" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(`${second.name} is now the active connection.`);
  await expect(secondRow.getByRole("cell").nth(3)).toHaveText("Active");
  await expect(firstRow.getByRole("cell").nth(3)).toHaveText("Inactive");
  await expect(firstRow.getByRole("button", { name: "Set active" })).toBeVisible();
  await expect(secondRow.getByRole("button", { name: "Set active" })).toHaveCount(0);
  await expect(cardItems).toHaveText([`Anthropic${first.name}`, `OpenAI${second.name}Active`]);
  await expect(generator.getByTestId("active-connection")).toHaveText(`OpenAI > ${second.name}`);

  // Delete asks first; Cancel keeps the connection.
  await firstRow.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText(`Are you sure you want to delete the connection "${first.name}"?`);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(firstRow).toBeVisible();

  // Confirming removes it.
  await firstRow.getByRole("button", { name: "Delete" }).click();
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(confirm).toBeHidden();
  await expect(dialog.getByRole("alert")).toHaveText("Connection deleted.");
  await expect(firstRow).toHaveCount(0);
  await expect(table.getByRole("row")).toHaveCount(2); // header + the second connection
  await expect(secondRow.getByRole("cell").nth(3)).toHaveText("Active");
  await expect(cardItems).toHaveText([`OpenAI${second.name}Active`]);

  // Close closes; the cards keep the state after a reload too.
  await footerOf(dialog).getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();

  // Reopened, it starts without the last action's message (as after the corner X).
  await dashboardCard(page, "API Keys").getByRole("button", { name: "Manage Connections" }).click();
  await expect(dialog).toBeVisible();
  await expect(rowNamed(table, second.name)).toBeVisible();
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  await footerOf(dialog).getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();

  await page.reload();
  await expect(dashboardCard(page, "API Keys").getByTestId("connection-list").locator("li")).toHaveText([
    `OpenAI${second.name}Active`,
  ]);
  await expect(dashboardCard(page, "Email Generator").getByTestId("active-connection")).toHaveText(
    `OpenAI > ${second.name}`,
  );
  const html = await page.content();
  for (const key of [first.key, second.key]) expect(html).not.toContain(key);

  // The API agrees: one masked connection left.
  const res = await page.request.get("/api/ai/connections");
  expect(res.status()).toBe(200);
  const { connections } = (await res.json()) as { connections: { name: string; apiKey: string; isActive: boolean }[] };
  expect(connections).toHaveLength(1);
  expect(connections[0]).toMatchObject({ name: second.name, isActive: true });
  expect(connections[0]!.apiKey).toMatch(maskedKeyPattern(second.key));
});

test("Manage Email Templates: card preview, table, view, edit links and delete with confirmation", async ({ page }) => {
  test.setTimeout(90_000);
  await openDashboardAsNewUser(page);
  const tag = rand();

  // Oldest first (the dashboard lists newest first). Templates naming a model are created
  // before any connection exists, so the server never has to ask a provider for its models.
  const alpha = await createTemplateViaApi(page.request, {
    name: `Alpha ${tag}`,
    prompt: "Write to {{First Name}} about {{Company}}.",
    useCase: "content_creation",
    selectedModel: "claude-haiku-4-5-20251001",
    onlyRunIf: "!{{Email Body}}",
  });
  const blank = await createTemplateViaApi(page.request, { name: `Blank ${tag}`, prompt: "", useCase: "web_research" });
  const connection = await createConnectionViaApi(page.request, {
    name: `Conn ${tag}`,
    provider: "Anthropic",
    apiKey: `sk-ant-${tag}-0000-abcd`,
  });
  const linked = await createTemplateViaApi(page.request, {
    name: `Linked ${tag}`,
    prompt: "Research {{Company}} first.",
    useCase: "web_research",
    connectionId: connection._id,
  });
  const delta = await createTemplateViaApi(page.request, {
    name: `Delta ${tag}`,
    prompt: "Delta prompt",
    useCase: "content_creation",
  });
  const echo = await createTemplateViaApi(page.request, {
    name: `Echo ${tag}`,
    prompt: "Echo prompt",
    useCase: "content_creation",
  });
  expect(linked.connectionName).toBe(connection.name);

  await page.reload();

  // The card previews the three newest templates with their use case.
  const card = dashboardCard(page, "Email Templates");
  const items = card.getByTestId("template-list").locator("li");
  await expect(items).toHaveText([
    `${echo.name}Content Creation`,
    `${delta.name}Content Creation`,
    `${linked.name}Web Research`,
    "+2 more templates",
  ]);
  await expect(card.getByText(alpha.name)).toHaveCount(0);
  await expect(card.getByText(blank.name)).toHaveCount(0);

  // The modal's table.
  await card.getByRole("button", { name: "Manage Templates" }).click();
  const dialog = page.getByRole("dialog", { name: "Manage Email Templates" });
  await expect(dialog).toBeVisible();
  const table = dialog.getByRole("table");
  await expect(headersOf(table)).toHaveText(["Name", "Use Case", "Model", "Actions"]);
  await expect(table.getByRole("row")).toHaveCount(6);
  await expect(rowNamed(table, alpha.name).getByRole("cell")).toHaveText([
    alpha.name,
    "Content Creation",
    "Claude Haiku 4.5",
    /View\s*Edit\s*Delete/,
  ]);
  await expect(rowNamed(table, blank.name).getByRole("cell")).toHaveText([
    blank.name,
    "Web Research",
    "Claude Sonnet 5.5",
    /View\s*Edit\s*Delete/,
  ]);
  await expect(rowNamed(table, linked.name).getByRole("cell")).toHaveText([
    linked.name,
    "Web Research",
    "Claude Sonnet 5.5",
    /View\s*Edit\s*Delete/,
  ]);
  for (const t of [alpha, blank, linked, delta, echo]) {
    await expect(rowNamed(table, t.name).getByRole("link", { name: "Edit" })).toHaveAttribute(
      "href",
      `/email-generator?template=${t._id}`,
    );
  }
  await expect(footerOf(dialog).getByRole("link", { name: "Create New Template" })).toHaveAttribute(
    "href",
    "/email-generator",
  );

  // View: every field of a template without a connection.
  await rowNamed(table, alpha.name).getByRole("button", { name: "View" }).click();
  let view = page.getByRole("dialog", { name: alpha.name });
  await expect(view).toBeVisible();
  await expect(view).toContainText("Content Creation");
  await expect(view).toContainText("Claude Haiku 4.5");
  await expect(view.getByText("No connection", { exact: true })).toBeVisible();
  await expect(view.getByText(alpha.prompt, { exact: true })).toBeVisible();
  await expect(view.locator("pre")).toHaveText(alpha.jsonSchema);
  expect(alpha.jsonSchema).toContain("subject_line");
  await expect(view.getByText("Only run if: !{{Email Body}}", { exact: true })).toBeVisible();
  await expect(view.getByRole("link", { name: "Edit Template" })).toHaveAttribute(
    "href",
    `/email-generator?template=${alpha._id}`,
  );
  await footerOf(view).getByRole("button", { name: "Close" }).click();
  await expect(view).toBeHidden();
  await expect(dialog).toBeVisible();

  // View: an empty prompt and a template with a connection.
  await rowNamed(table, blank.name).getByRole("button", { name: "View" }).click();
  view = page.getByRole("dialog", { name: blank.name });
  await expect(view.getByText("No prompt configured", { exact: true })).toBeVisible();
  await expect(view).toContainText("Web Research");
  await expect(view.getByText(/^Only run if: /)).toBeVisible();
  await footerOf(view).getByRole("button", { name: "Close" }).click();
  await expect(view).toBeHidden();

  await rowNamed(table, linked.name).getByRole("button", { name: "View" }).click();
  view = page.getByRole("dialog", { name: linked.name });
  await expect(view.getByText(connection.name, { exact: true })).toBeVisible();
  await expect(view.getByText("No connection", { exact: true })).toHaveCount(0);
  await expect(view.getByText(linked.prompt, { exact: true })).toBeVisible();
  await expect(view.getByRole("link", { name: "Edit Template" })).toHaveAttribute(
    "href",
    `/email-generator?template=${linked._id}`,
  );
  await footerOf(view).getByRole("button", { name: "Close" }).click();
  await expect(view).toBeHidden();

  // Delete asks first; Cancel keeps the template.
  await rowNamed(table, echo.name).getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Are you sure you want to delete this template?");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(rowNamed(table, echo.name)).toBeVisible();
  await expect(table.getByRole("row")).toHaveCount(6);

  // Confirming removes it from the table, the card and the API.
  await rowNamed(table, echo.name).getByRole("button", { name: "Delete" }).click();
  await expect(confirm).toContainText("Are you sure you want to delete this template?");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(confirm).toBeHidden();
  await expect(rowNamed(table, echo.name)).toHaveCount(0);
  await expect(table.getByRole("row")).toHaveCount(5);
  await expect(items).toHaveText([
    `${delta.name}Content Creation`,
    `${linked.name}Web Research`,
    `${blank.name}Web Research`,
    "+1 more templates",
  ]);
  const res = await page.request.get("/api/ai/templates");
  expect(res.status()).toBe(200);
  const left = ((await res.json()) as { name: string }[]).map((t) => t.name);
  expect(left).toEqual([delta.name, linked.name, blank.name, alpha.name]);

  // Close closes the modal.
  await footerOf(dialog).getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
});

test("Recent CSV Files: an import made meanwhile shows on the next visit; a refused deletion puts the file back silently", async ({
  page,
}) => {
  await openDashboardAsNewUser(page);
  const list = page.getByTestId("recent-csv-files");
  await expect(page.getByText("No CSV files found")).toBeVisible();

  const fileName = `leads-${rand()}.csv`;
  const res = await page.request.post("/api/csv/import", {
    data: { fileName, rows: [{ Name: "Ada" }, { Name: "Grace" }] },
  });
  expect(res.status(), await res.text()).toBe(201);
  const file = (await res.json()) as { _id: string; fileName: string };

  // Away and back inside the app (no reload): the list is read again on every visit.
  await page.getByRole("link", { name: "Help" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Help Center" })).toBeVisible();
  await page.getByRole("link", { name: "ColdMail AI" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const item = list.getByRole("listitem").filter({ hasText: fileName });
  await expect(item).toContainText("2 rows");

  // The server refuses the deletion: the entry leaves at once, then comes back without a message.
  let answer: () => void = () => {};
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await page.route(`**/api/csv/${file._id}`, async (route) => {
    if (route.request().method() !== "DELETE") return route.fallback();
    await answered;
    await route.fulfill({ status: 500, json: { msg: "Deletion exploded", code: "internal" } });
  });
  await item.getByRole("button", { name: `Delete ${fileName}` }).click();
  await expect(item).toHaveCount(0);
  answer();
  await expect(item).toHaveCount(1);
  await expect(item).toContainText("2 rows");
  await expect(page.getByText("Deletion exploded")).toHaveCount(0);
  await expect(page.getByText("No CSV files found")).toHaveCount(0);
  expect((await page.request.get(`/api/csv/${file._id}`)).status()).toBe(200);
});
