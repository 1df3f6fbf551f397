import { expect, test, type Page } from "@playwright/test";
import { expectAccessible, MODES } from "./a11y-support";
import {
  createConnectionViaApi,
  createTemplateViaApi,
  dashboardCard,
  openDashboardAsNewUser,
  rowNamed,
} from "./dashboard-support";
import { cell, importProspects, openGenerator, OPENAI_KEY, rowAt, SUBJECT } from "./generation-support";
import {
  acceptToolKey,
  addToolKeyViaApi,
  chooseCampaign,
  createFakeCampaign,
  openPushDialog,
  toolCard,
} from "./push-support";
import { adminSession, registerVerified, uniqueEmail } from "./support";

// axe (WCAG 2.0/2.1 A and AA) over every screen and its main dialogs, in the light and the dark
// theme. The theme follows the system by default, so the browser context's colour scheme picks it.
// A scan fails on serious or critical violations (see a11y-support.ts); one test per group of
// screens that share a user, per theme.

const dialog = (page: Page, name: string) => page.getByRole("dialog", { name });

async function closeDialog(page: Page, name: string) {
  await page.keyboard.press("Escape");
  await expect(dialog(page, name)).toBeHidden();
}

for (const mode of MODES) {
  test.describe(`${mode} theme`, () => {
    test.use({ colorScheme: mode });

    test(`signed-out screens (${mode})`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.goto("/login");
      await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
      await expectAccessible(page, "/login", mode);
      // The form-level error message (destructive text) must be readable too.
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await expect(page.getByRole("alert").filter({ hasText: /\S/ }).first()).toBeVisible();
      await expectAccessible(page, "/login with an error", mode);

      await page.goto("/register");
      await expect(page.getByRole("button", { name: "Create Account" })).toBeVisible();
      await page.getByLabel("Password", { exact: true }).fill("weak");
      await expectAccessible(page, "/register", mode);

      await page.goto("/forgot-password");
      await expect(page.getByRole("button", { name: "Send reset link" })).toBeVisible();
      await expectAccessible(page, "/forgot-password", mode);

      await page.goto("/reset-password/garbage-token-0123456789");
      await expect(page.getByText("Invalid or Expired Link")).toBeVisible();
      await expectAccessible(page, "/reset-password/<bad token>", mode);

      await page.goto("/verify-email");
      await expect(page.getByRole("link", { name: "Back to Login" })).toBeVisible();
      await expectAccessible(page, "/verify-email", mode);

      await page.goto("/pricing");
      await expect(page.getByRole("heading", { name: "Simple, honest pricing" })).toBeVisible();
      await expectAccessible(page, "/pricing", mode);

      await page.goto("/activate-license");
      await expect(page.getByLabel("License key")).toBeVisible();
      await expectAccessible(page, "/activate-license", mode);

      await page.goto("/payment-success?session_id=bad");
      await expect(page.getByText("Payment Verification Failed")).toBeVisible();
      await expectAccessible(page, "/payment-success?session_id=bad", mode);

      await page.goto("/dev/mailbox");
      await expect(page.getByRole("heading", { name: "Dev mailbox" })).toBeVisible();
      await expectAccessible(page, "/dev/mailbox", mode);
    });

    test(`dashboard and its dialogs (${mode})`, async ({ page }) => {
      test.setTimeout(180_000);
      await openDashboardAsNewUser(page);
      const connection = await createConnectionViaApi(page.request, {
        name: "A11y OpenAI",
        provider: "OpenAI",
        apiKey: OPENAI_KEY,
      });
      await createTemplateViaApi(page.request, {
        name: "A11y template",
        prompt: "Write to {{First Name}}.",
        useCase: "content_creation",
      });
      await createTemplateViaApi(page.request, {
        name: "A11y linked",
        prompt: "Research {{Company}}.",
        useCase: "web_research",
        connectionId: connection._id,
      });
      // A sending-tool key, so its Integrations card lists one (name, masked key, rename and delete).
      const toolKey = await acceptToolKey(page.request, "instantly");
      await addToolKeyViaApi(page.request, { service: "instantly", name: "A11y Instantly", apiKey: toolKey });
      await page.reload();
      await expect(dashboardCard(page, "Email Templates").getByText("A11y linked")).toBeVisible();
      await expect(toolCard(page, "instantly").getByText("A11y Instantly")).toBeVisible();
      await expectAccessible(page, "/dashboard", mode);

      await dashboardCard(page, "API Keys").getByRole("button", { name: "Manage Connections" }).click();
      await expectAccessible(page, "Manage API Connections", mode, dialog(page, "Manage API Connections"));
      await closeDialog(page, "Manage API Connections");

      await dashboardCard(page, "Email Templates").getByRole("button", { name: "Manage Templates" }).click();
      const templates = dialog(page, "Manage Email Templates");
      await expectAccessible(page, "Manage Email Templates", mode, templates);
      await rowNamed(templates.getByRole("table"), "A11y linked").getByRole("button", { name: "View" }).click();
      await expectAccessible(page, "View template", mode, dialog(page, "A11y linked"));
      await closeDialog(page, "A11y linked");
      await closeDialog(page, "Manage Email Templates");

      await page.getByTestId("integration-make").getByRole("button", { name: "Connect" }).click();
      await expectAccessible(page, "Make", mode, dialog(page, "Make Integration"));
      await closeDialog(page, "Make Integration");

      await page.getByTestId("integration-zapier").getByRole("button", { name: "Connect" }).click();
      await expectAccessible(page, "Zapier", mode, dialog(page, "Zapier Integration"));
      await closeDialog(page, "Zapier Integration");

      await toolCard(page, "smartlead").getByRole("button", { name: "Add key" }).click();
      await expectAccessible(page, "Add Smartlead key", mode, dialog(page, "Add Smartlead key"));
      await closeDialog(page, "Add Smartlead key");
    });

    test(`generator and its dialogs (${mode})`, async ({ page }) => {
      test.setTimeout(330_000); // twenty scans, a generated row and a check: 2.5 min on a loaded two-core machine
      await openDashboardAsNewUser(page);
      await createConnectionViaApi(page.request, { name: "A11y OpenAI", provider: "OpenAI", apiKey: OPENAI_KEY });
      const toolKey = await acceptToolKey(page.request, "instantly");
      const campaign = await createFakeCampaign(page.request, "instantly", toolKey, "A11y campaign");
      await addToolKeyViaApi(page.request, { service: "instantly", name: "A11y Instantly", apiKey: toolKey });

      // The generator, empty and with the 25 prospects.
      await openGenerator(page);
      await expectAccessible(page, "/email-generator (empty)", mode);
      await importProspects(page);
      await expectAccessible(page, "/email-generator (25 prospects)", mode);

      await page.getByRole("button", { name: "Configure AI" }).click();
      await expectAccessible(page, "AI Configuration", mode, dialog(page, "AI Configuration"));
      await closeDialog(page, "AI Configuration");

      await page.getByRole("button", { name: "Add Row" }).click();
      await expectAccessible(page, "Add Row", mode, dialog(page, "Add New Row"));
      await closeDialog(page, "Add New Row");

      await page.getByRole("button", { name: "Add Column" }).click();
      await expectAccessible(page, "Add Column", mode, dialog(page, "Add New Column"));
      await closeDialog(page, "Add New Column");

      await page.getByRole("button", { name: "Export to" }).click();
      await expectAccessible(page, "Export menu", mode, page.getByRole("menu"));
      await page.keyboard.press("Escape");
      await expect(page.getByRole("menu")).toBeHidden();

      // One generated row: its AI response, the e-mail editor and the delete confirmation.
      await rowAt(page, 1).getByRole("button", { name: "Generate email" }).click();
      await expect(cell(page, 1, SUBJECT)).toHaveText(/\S/, { timeout: 30_000 });
      await expectAccessible(page, "/email-generator (a generated row)", mode);
      await rowAt(page, 1).getByRole("button", { name: "View AI response" }).click();
      await expectAccessible(page, "AI Response", mode, dialog(page, "AI Response"));
      await closeDialog(page, "AI Response");
      await rowAt(page, 1).getByRole("button", { name: "Edit email" }).click();
      await expectAccessible(page, "Edit Email", mode, dialog(page, "Edit Email"));
      await closeDialog(page, "Edit Email");
      await rowAt(page, 2).getByRole("button", { name: "Delete row" }).click();
      await expectAccessible(page, "delete row confirmation", mode, page.getByRole("alertdialog"));
      await page.keyboard.press("Escape");
      await expect(page.getByRole("alertdialog")).toBeHidden();

      // Push to a campaign, after a dry run (its summary and the sample leads).
      const push = await openPushDialog(page);
      await chooseCampaign(page, push, campaign.name);
      await push.getByRole("button", { name: "Dry run" }).click();
      await expect(push.getByTestId("dry-run-summary")).toHaveText(/^Will push 1\b/, { timeout: 20_000 });
      await expectAccessible(page, "Push to a campaign (dry run)", mode, push);
      await closeDialog(page, "Push to a campaign");

      // Check addresses: the form, the summary of a finished check (the fake DNS gives every prospect's domain a
      // mail server), then the table's Email Status badges in each tone (two statuses typed in: red and amber).
      await page.getByRole("button", { name: "Check addresses", exact: true }).click();
      const check = dialog(page, "Check addresses");
      await expectAccessible(page, "Check addresses", mode, check);
      await check.getByRole("button", { name: "Check 25 addresses" }).click();
      await expect(check.getByTestId("email-check-summary")).toHaveText("25 valid", { timeout: 30_000 });
      await expectAccessible(page, "Check addresses (summary)", mode, check);
      await closeDialog(page, "Check addresses");
      const status = (n: number) => cell(page, n, "Email Status");
      await expect(status(1).getByTestId("email-status-badge")).toHaveText("Valid", { timeout: 20_000 });
      for (const [n, value, label] of [
        [2, "no_mx", "No mail server"],
        [3, "role", "Role account"],
      ] as const) {
        await status(n).click();
        await status(n).getByRole("textbox").fill(value);
        await status(n).getByRole("textbox").press("Enter");
        await expect(status(n).getByTestId("email-status-badge")).toHaveText(label);
      }
      await expectAccessible(page, "/email-generator (Email Status badges)", mode);
    });

    test(`help centre and a ticket (${mode})`, async ({ page }) => {
      test.setTimeout(120_000);
      await openDashboardAsNewUser(page);
      // Help: the FAQ, the tickets tab with the new-ticket form, and a ticket page.
      const created = await page.request.post("/api/tickets", {
        data: { subject: "Export fails", message: "The export button does nothing.", priority: "high" },
      });
      expect(created.status(), await created.text()).toBe(201);
      const ticket = (await created.json()) as { _id: string };
      await page.goto("/help");
      await expect(page.getByRole("heading", { level: 1, name: "Help Center" })).toBeVisible();
      await expectAccessible(page, "/help", mode);
      await page.getByRole("tab", { name: "My Support Tickets" }).click();
      await page.getByRole("button", { name: "New Ticket" }).click();
      await expect(page.getByRole("form", { name: "New support ticket" })).toBeVisible();
      await expectAccessible(page, "/help new ticket", mode);

      await page.goto(`/help/tickets/${ticket._id}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Ticket #${ticket._id.slice(-6)}`);
      await expectAccessible(page, "ticket page", mode);
    });

    test(`admin screens (${mode})`, async ({ browser, request }) => {
      test.setTimeout(180_000);
      // A user with a ticket, so the lists and the ticket dialog have content.
      const user = await registerVerified(request, { name: "A11y Ticket Owner", email: uniqueEmail("a11y") });
      const created = await request.post("/api/tickets", {
        data: { subject: "Cannot export", message: "Nothing happens.", priority: "high" },
      });
      expect(created.status(), await created.text()).toBe(201);
      const ticket = (await created.json()) as { _id: string };

      const admin = await adminSession(browser, { colorScheme: mode });
      const { page } = admin;
      try {
        await page.goto("/admin");
        await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
        await expect(page.getByTestId("stat-total-users")).toHaveText(/\d/);
        await expectAccessible(page, "/admin", mode);

        await page.goto("/admin/users");
        await expect(page.getByTestId("users-showing")).toHaveText(/^Showing \d+ of \d+ users$/);
        await expectAccessible(page, "/admin/users", mode);
        await page.getByRole("searchbox", { name: "Search" }).fill(user.email);
        await page.getByRole("button", { name: "Apply Filters" }).click();
        await expect(page.getByTestId("users-showing")).toHaveText("Showing 1 of 1 users");
        await page.getByRole("checkbox", { name: `Select ${user.email}` }).click();
        await page.getByRole("button", { name: "Email Selected Users" }).click();
        await expectAccessible(page, "bulk e-mail", mode, dialog(page, "Send Email to Users"));
        await closeDialog(page, "Send Email to Users");
        await page.getByRole("button", { name: `View ${user.email}` }).click();
        await expect(dialog(page, "User Details").getByTestId("user-detail")).toContainText(user.email);
        await expectAccessible(page, "admin user detail", mode, dialog(page, "User Details"));
        await closeDialog(page, "User Details");

        await page.goto("/admin/income");
        await expect(page.getByRole("heading", { name: "Income" })).toBeVisible();
        await expect(page.getByText("Payment History")).toBeVisible();
        await expectAccessible(page, "/admin/income", mode);

        const short = `#${ticket._id.slice(-6)}`;
        await page.goto("/admin/tickets");
        await expect(page.getByTestId("tickets-table")).toContainText(short);
        await expectAccessible(page, "/admin/tickets", mode);
        await page.getByRole("button", { name: `View ticket ${short}` }).click();
        await expect(dialog(page, `Ticket ${short}`)).toContainText("Nothing happens.");
        await expectAccessible(page, "admin ticket", mode, dialog(page, `Ticket ${short}`));
        await closeDialog(page, `Ticket ${short}`);

        await page.goto("/admin/promo-codes");
        await expect(page.getByRole("heading", { name: "Promo Codes" })).toBeVisible();
        await page.getByRole("button", { name: "Create Promo Code" }).click();
        const create = dialog(page, "Create Promo Code");
        await expectAccessible(page, "admin promo create", mode, create);
        await create
          .getByLabel("Code", { exact: true })
          .fill(`A11Y${mode.toUpperCase()}${Date.now().toString(36).toUpperCase()}`);
        await create.getByRole("button", { name: "Create Promo Code" }).click();
        await expect(create).toBeHidden();
        await expect(page.getByTestId("promo-codes-table").getByRole("row").nth(1)).toBeVisible();
        await expectAccessible(page, "/admin/promo-codes", mode);
      } finally {
        await admin.context.close();
      }
    });
  });
}

test("the theme toggle cycles system → light → dark and the page follows", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await openDashboardAsNewUser(page);
  const html = page.locator("html");
  const toggle = page.getByRole("button", { name: /^System theme/ });
  await expect(toggle).toBeVisible();
  await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/);
  await toggle.click();
  await expect(page.getByRole("button", { name: /^Light theme/ })).toBeVisible();
  await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/);
  await page.getByRole("button", { name: /^Light theme/ }).click();
  await expect(page.getByRole("button", { name: /^Dark theme/ })).toBeVisible();
  await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);
  // The choice is remembered across pages, and the sign-in screens offer the toggle as well.
  await page.goto("/help");
  await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);
  await expectAccessible(page, "/help after choosing dark", "dark");
  await page.getByRole("button", { name: /^Dark theme/ }).click();
  await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/);
  await expect(page.getByRole("button", { name: /^System theme/ })).toBeVisible();
  // Following the system again: a dark system turns the page dark.
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);
});

test("the sign-in, public and admin screens offer the theme toggle too", async ({ page, browser }) => {
  await page.emulateMedia({ colorScheme: "light" });
  const html = page.locator("html");
  for (const path of ["/login", "/pricing", "/dev/mailbox"]) {
    await page.goto(path);
    await expect(page.getByRole("button", { name: /^System theme/ }), path).toBeVisible();
  }
  // Chosen on /pricing, kept on /login.
  await page.getByRole("button", { name: /^System theme/ }).click();
  await page.getByRole("button", { name: /^Light theme/ }).click();
  await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);
  await page.goto("/login");
  await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);
  await expect(page.getByRole("button", { name: /^Dark theme/ })).toBeVisible();
  await expectAccessible(page, "/login after choosing dark", "dark");

  const admin = await adminSession(browser, { colorScheme: "light" });
  try {
    await admin.page.goto("/admin");
    await admin.page.getByRole("button", { name: /^System theme/ }).click();
    await admin.page.getByRole("button", { name: /^Light theme/ }).click();
    await expect(admin.page.locator("html")).toHaveClass(/(^|\s)dark(\s|$)/);
  } finally {
    await admin.context.close();
  }
});
