import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { expect, test, type Locator, type Page } from "@playwright/test";
import Papa from "papaparse";
import { hasValidSignature, startWebhookReceiver, type WebhookReceiver } from "../fakes/webhook-receiver";
import { openDashboardAsNewUser } from "./dashboard-support";
import { registerVerified } from "./support";

// The app under test runs in local mode on this machine, so a receiver started in the test
// process on 127.0.0.1 is reachable (ALLOW_PRIVATE_WEBHOOKS defaults to allowed there). Its
// ZAPIER_HOOK_PREFIX is the default https://hooks.zapier.com/, which is unreachable offline.

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
const SECRET = "e2e-signing-secret-42";
const ZAPIER_URL = "https://hooks.zapier.com/hooks/catch/1/abc";

let rx: WebhookReceiver;
test.beforeEach(async () => {
  rx = await startWebhookReceiver();
});
test.afterEach(async () => {
  await rx?.close();
});

const card = (page: Page, id: "make" | "zapier" | "google-sheets") => page.getByTestId(`integration-${id}`);
const dialogNamed = (page: Page, title: string) => page.getByRole("dialog", { name: title });

async function saveMakeViaApi(page: Page, body: { webhookUrl: string; webhookSecret?: string }) {
  const res = await page.request.post("/api/webhooks/config", { data: body });
  expect(res.status(), await res.text()).toBe(200);
}

/** Waits for `closed` to become hidden and returns how long that took. */
async function msUntilHidden(closed: Locator, startedAt: number): Promise<number> {
  await expect(closed).toBeHidden({ timeout: 6_000 });
  return Date.now() - startedAt;
}

test.describe("Dashboard: Integrations", () => {
  test("shows Make, Zapier, a disabled 'Coming soon' Google Sheets card and the sending tools' cards", async ({
    page,
  }) => {
    await openDashboardAsNewUser(page);
    const section = page.getByRole("region", { name: "Integrations" });
    await expect(section.getByRole("heading", { name: "Integrations" })).toBeVisible();
    // Make, Zapier, Google Sheets, then Instantly, Smartlead, lemlist and ZeroBounce (tests/e2e/push.spec.ts).
    await expect(section.locator('[data-slot="card"]')).toHaveCount(7);
    for (const id of ["instantly", "smartlead", "lemlist", "zerobounce"]) {
      await expect(page.getByTestId(`integration-${id}`).getByRole("button", { name: "Add key" })).toBeEnabled();
      await expect(page.getByTestId(`integration-${id}`).getByText("No key yet.")).toBeVisible();
    }
    for (const id of ["make", "zapier"] as const) {
      await expect(card(page, id).getByRole("button", { name: "Connect" })).toBeEnabled();
      await expect(card(page, id).getByText("Connected")).toHaveCount(0);
    }
    const sheets = card(page, "google-sheets");
    await expect(sheets).toContainText("Google Sheets");
    await expect(sheets.getByText("Coming soon")).toBeVisible();
    await expect(sheets.getByRole("button", { name: "Connect" })).toBeDisabled();
  });

  test("Make dialog: fields, instructions, validation, save (closes ~2 s later), connected card, test call", async ({
    page,
  }) => {
    await openDashboardAsNewUser(page);
    await card(page, "make").getByRole("button", { name: "Connect" }).click();
    const dialog = dialogNamed(page, "Make Integration");
    await expect(dialog).toBeVisible();
    const url = dialog.getByLabel("Webhook URL");
    await expect(url).toHaveAttribute("type", "url");
    await expect(dialog.getByLabel("Webhook Secret (optional)")).toHaveAttribute("type", "password");
    for (const step of ["create a new scenario", "Custom webhook", "Copy the webhook URL", "Add the other modules"]) {
      await expect(dialog.getByRole("listitem").filter({ hasText: step })).toBeVisible();
    }
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Test Connection" })).toHaveCount(0);

    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog.getByText("Webhook URL is required")).toBeVisible();

    await url.fill(rx.url);
    await expect(dialog.getByRole("button", { name: "Test Connection" })).toBeVisible();
    await dialog.getByLabel("Webhook Secret (optional)").fill(SECRET);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog.getByText("Configuration saved successfully")).toBeVisible();
    const savedAt = Date.now();
    // The card behind the dialog picks up the saved config; the message stays until the dialog closes.
    await expect(card(page, "make").getByText("Connected")).toBeVisible();
    await expect(dialog.getByText("Configuration saved successfully")).toBeVisible();
    const closedAfter = await msUntilHidden(dialog, savedAt);
    expect(closedAfter).toBeGreaterThanOrEqual(1_500);

    await expect(card(page, "make").getByText("Connected")).toBeVisible();
    await card(page, "make").getByRole("button", { name: "Manage Connection" }).click();
    await expect(dialog.getByLabel("Webhook URL")).toHaveValue(rx.url);
    await expect(dialog.getByLabel("Webhook Secret (optional)")).toHaveValue("");
    await expect(dialog.getByLabel("Webhook Secret (optional)")).toHaveAttribute("placeholder", /e2e-•+t-42/);

    await dialog.getByRole("button", { name: "Test Connection" }).click();
    await expect(dialog.getByText("Connection test successful!")).toBeVisible();
    expect(rx.requests).toHaveLength(1);
    expect(rx.requests[0]!.json).toEqual({ event: "test", sentAt: expect.any(String), data: [] });
    expect(hasValidSignature(rx.requests[0]!, SECRET)).toBe(true);
    await expect(dialog.getByTestId("last-delivery")).toContainText("delivered 0 rows (HTTP 200)");
    expect(await page.request.get("/api/webhooks/config").then((r) => r.json())).toMatchObject({
      webhookUrl: rx.url,
      isConfigured: true,
    });
  });

  test("Make dialog: a receiver answering 500 gives 'Test failed: ...'", async ({ page }) => {
    await registerVerified(page.request);
    await saveMakeViaApi(page, { webhookUrl: rx.url });
    rx.setFallback({ status: 500, body: "scenario is off" });
    await page.goto("/dashboard");
    await card(page, "make").getByRole("button", { name: "Manage Connection" }).click();
    const dialog = dialogNamed(page, "Make Integration");
    await dialog.getByRole("button", { name: "Test Connection" }).click();
    await expect(dialog.getByText("Test failed: The webhook answered 500: scenario is off")).toBeVisible();
    await expect(dialog.getByTestId("last-delivery")).toContainText("failed after 3 attempts");
    expect(rx.requests).toHaveLength(3);
  });

  test("Zapier dialog: validation, save (closes ~1.5 s later), connected card", async ({ page }) => {
    await openDashboardAsNewUser(page);
    await card(page, "zapier").getByRole("button", { name: "Connect" }).click();
    const dialog = dialogNamed(page, "Zapier Integration");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("list")).toContainText("Catch Hook");
    await expect(dialog.getByRole("list")).toContainText("https://hooks.zapier.com/");
    const url = dialog.getByLabel("Zapier Webhook URL");
    const save = dialog.getByRole("button", { name: "Save" });
    for (const value of [
      "",
      "https://example.com/hooks/catch/1/abc",
      rx.url,
      "http://hooks.zapier.com/hooks/catch/1/abc",
    ]) {
      await url.fill(value);
      await save.click();
      await expect(dialog.getByText("Please enter a valid Zapier webhook URL")).toBeVisible();
    }

    await url.fill(ZAPIER_URL);
    await save.click();
    await expect(dialog.getByText("Zapier webhook saved successfully")).toBeVisible();
    const savedAt = Date.now();
    await expect(card(page, "zapier").getByText("Connected")).toBeVisible();
    await expect(dialog.getByText("Zapier webhook saved successfully")).toBeVisible();
    const closedAfter = await msUntilHidden(dialog, savedAt);
    expect(closedAfter).toBeGreaterThanOrEqual(1_000);
    await expect(card(page, "zapier").getByText("Connected")).toBeVisible();
    await expect(card(page, "zapier").getByRole("button", { name: "Manage Connection" })).toBeVisible();
    expect(await page.request.get("/api/zapier/config").then((r) => r.json())).toMatchObject({
      isConfigured: true,
      webhookUrl: ZAPIER_URL,
    });
    expect(rx.requests).toHaveLength(0);
  });
});

test.describe("Email generator: Export to", () => {
  async function importProspects(page: Page) {
    await page.goto("/email-generator");
    await page.getByTestId("csv-file-input").setInputFiles(fixture("prospects-25.csv"));
    await expect(page.getByTestId("table-size")).toHaveText("25 rows x 12 columns", { timeout: 30_000 });
  }

  async function openExportMenu(page: Page): Promise<Locator> {
    await page.getByRole("button", { name: "Export to" }).click();
    const menu = page.getByRole("menu");
    await expect(menu).toBeVisible();
    return menu;
  }

  test("integrations that are not configured are shown as '(Not configured)' and disabled", async ({ page }) => {
    await registerVerified(page.request);
    await importProspects(page);
    const menu = await openExportMenu(page);
    await expect(menu.getByRole("menuitem")).toHaveText([
      "Export as CSV",
      "Export to Make (Not configured)",
      "Export to Zapier (Not configured)",
      "Push to a campaign… (Not configured)",
    ]);
    await expect(menu.getByRole("menuitem", { name: "Export as CSV" })).toBeEnabled();
    await expect(menu.getByRole("menuitem", { name: "Export to Make (Not configured)" })).toBeDisabled();
    await expect(menu.getByRole("menuitem", { name: "Export to Zapier (Not configured)" })).toBeDisabled();
    await menu.getByRole("menuitem", { name: "Export to Make (Not configured)" }).click({ force: true });
    await expect(page.getByText(/Data sent to|Failed to send data/)).toHaveCount(0);
    expect(rx.requests).toHaveLength(0);
  });

  test("Export to Make sends the 25 rows, signed; the message clears after ~3 s", async ({ page }) => {
    await registerVerified(page.request);
    await saveMakeViaApi(page, { webhookUrl: rx.url, webhookSecret: SECRET });
    await importProspects(page);
    const menu = await openExportMenu(page);
    await expect(menu.getByRole("menuitem", { name: "Export to Zapier (Not configured)" })).toBeDisabled();
    await menu.getByRole("menuitem", { name: "Export to Make", exact: true }).click();

    const success = page.getByText("Data sent to Make successfully");
    await expect(success).toBeVisible();
    const shownAt = Date.now();
    const clearedAfter = await msUntilHidden(success, shownAt);
    expect(clearedAfter).toBeGreaterThanOrEqual(2_000);

    expect(rx.requests).toHaveLength(1);
    const req = rx.requests[0]!;
    expect(hasValidSignature(req, SECRET)).toBe(true);
    const body = req.json as { event: string; sentAt: string; data: Record<string, string>[] };
    expect(body.event).toBe("rows.exported");
    const expected = Papa.parse<Record<string, string>>(await readFile(fixture("prospects-25.csv"), "utf8"), {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(body.data).toHaveLength(25);
    expect(body.data).toEqual(expected);
  });

  test(
    "Export to Make of 2,500 rows runs as a background job: the toast shows its progress, each 500-row chunk arrives once",
    { tag: "@pglite" },
    async ({ page }) => {
      await registerVerified(page.request);
      await saveMakeViaApi(page, { webhookUrl: rx.url, webhookSecret: SECRET });
      const csv = [
        "First Name,Email,Company",
        ...Array.from({ length: 2500 }, (_, i) => `Ann ${i},ann${i}@example.test,Co ${i}`),
      ].join("\n");
      await page.goto("/email-generator");
      await page
        .getByTestId("csv-file-input")
        .setInputFiles({ name: "big-list.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
      await expect(page.getByTestId("table-size")).toHaveText("2,500 rows x 3 columns", { timeout: 30_000 });
      // A slow hook, so the job's progress can be seen between its chunks.
      rx.setFallback({ delayMs: 800 });
      const menu = await openExportMenu(page);
      await menu.getByRole("menuitem", { name: "Export to Make", exact: true }).click();

      await expect(page.getByText(/^Sending (500|1,000|1,500|2,000) of 2,500 rows to Make…$/)).toBeVisible({
        timeout: 20_000,
      });
      await expect(page.getByText("Data sent to Make successfully")).toBeVisible({ timeout: 20_000 });
      const received = rx.deliveries();
      expect(received.map((r) => r.headers["x-chunk-index"])).toEqual(["1", "2", "3", "4", "5"]);
      expect(rx.requests).toHaveLength(5);
      const data = received.flatMap((r) => (r.json as { data: Record<string, string>[] }).data);
      expect(data).toHaveLength(2500);
      expect(data[2499]).toEqual({ "First Name": "Ann 2499", Email: "ann2499@example.test", Company: "Co 2499" });
      expect(received.every((r) => hasValidSignature(r, SECRET))).toBe(true);
    },
  );

  test("Export to Zapier without internet shows 'Failed to send data: ...'", async ({ page }) => {
    await registerVerified(page.request);
    const saved = await page.request.post("/api/zapier/config", { data: { webhookUrl: ZAPIER_URL } });
    expect(saved.status(), await saved.text()).toBe(200);
    await importProspects(page);
    const menu = await openExportMenu(page);
    await expect(menu.getByRole("menuitem", { name: "Export to Make (Not configured)" })).toBeDisabled();
    await menu.getByRole("menuitem", { name: "Export to Zapier", exact: true }).click();
    await expect(page.getByText(/^Failed to send data: .+/)).toBeVisible({ timeout: 20_000 });
  });
});
