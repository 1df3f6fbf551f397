import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { registerVerified, uniqueEmail } from "./support";

const CREATED_BANNER = "Your support ticket has been created successfully! Our team will get back to you soon.";
const SHORT_DATE = /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/;

/** A fresh verified user, signed in in the page's browser context, with /help loaded. */
async function openHelpAsNewUser(page: Page): Promise<{ email: string }> {
  const account = await registerVerified(page.request, { name: "Help Tester", email: uniqueEmail("help") });
  await page.goto("/help");
  await expect(page.getByRole("heading", { level: 1, name: "Help Center" })).toBeVisible();
  return account;
}

interface TicketJson {
  _id: string;
  subject: string;
  status: string;
  priority: string;
}

/** POST /api/tickets with the given context's session cookie. */
async function createTicketViaApi(
  request: APIRequestContext,
  data: { subject: string; message: string; priority?: string },
): Promise<TicketJson> {
  const res = await request.post("/api/tickets", { data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as TicketJson;
}

const ticketForm = (page: Page) => page.getByRole("form", { name: "New support ticket" });
const conversation = (page: Page) => page.getByRole("region", { name: "Conversation" });
/** The messages of the conversation, in order, as their author and text. */
const messages = (page: Page) => conversation(page).locator(":scope > div");
const badges = (scope: Locator) => scope.locator('[data-slot="badge"]');

test("the help centre shows its heading, two tabs and the 7 FAQ answers", async ({ page }) => {
  await openHelpAsNewUser(page);
  await expect(page).toHaveTitle(/Help Center/);

  const faqTab = page.getByRole("tab", { name: "Frequently Asked Questions" });
  const ticketsTab = page.getByRole("tab", { name: "My Support Tickets" });
  await expect(faqTab).toHaveAttribute("aria-selected", "true");
  await expect(ticketsTab).toHaveAttribute("aria-selected", "false");

  const faq = page.getByTestId("faq");
  const entries = faq.locator("details");
  await expect(entries).toHaveCount(7);

  const expected: [RegExp, RegExp[]][] = [
    [/API keys/i, [/API Keys card/]],
    [/AI providers/i, [/OpenAI/, /Anthropic/]],
    [/safe/i, [/encrypted/]],
    [/save a template/i, [/Save Template/, /Email Generator/]],
    [/Content Creation and Web Research/, [/Content Creation/, /Web Research/]],
    [/upgrade/i, [/Pricing page/]],
    [/money-back/i, [/30-day money-back guarantee/]],
  ];
  for (const [i, [question, answers]] of expected.entries()) {
    const entry = entries.nth(i);
    const summary = entry.locator("summary");
    await expect(summary).toHaveText(question);
    const answer = entry.locator("p");
    await expect(answer).toBeHidden();
    await summary.click();
    await expect(entry).toHaveAttribute("open", "");
    await expect(answer).toBeVisible();
    for (const text of answers) await expect(answer).toContainText(text);
  }
  // Clicking again folds an answer away.
  await entries.first().locator("summary").click();
  await expect(entries.first().locator("p")).toBeHidden();
});

test("Contact Support switches to the tickets tab with the new-ticket form open", async ({ page }) => {
  await openHelpAsNewUser(page);
  await expect(ticketForm(page)).toHaveCount(0);
  await page.getByRole("button", { name: "Contact Support" }).click();
  await expect(page.getByRole("tab", { name: "My Support Tickets" })).toHaveAttribute("aria-selected", "true");
  const form = ticketForm(page);
  await expect(form).toBeVisible();
  await expect(form.getByLabel("Subject")).toBeVisible();
  await expect(page.getByTestId("faq")).toBeHidden();
  // The tickets list is still there under the form.
  await expect(page.getByText("No tickets found")).toBeVisible();
  // Cancel closes the form and brings back 'New Ticket'.
  await form.getByRole("button", { name: "Cancel" }).click();
  await expect(ticketForm(page)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "New Ticket" })).toBeVisible();
});

test("a new user creates a ticket: validation, the 3-second banner, and the table row", async ({ page }) => {
  await openHelpAsNewUser(page);
  await page.getByRole("tab", { name: "My Support Tickets" }).click();
  await expect(page.getByText("No tickets found")).toBeVisible();

  await page.getByRole("button", { name: "New Ticket" }).click();
  const form = ticketForm(page);
  await expect(form).toBeVisible();
  await expect(page.getByRole("button", { name: "New Ticket" })).toHaveCount(0);
  const subject = form.getByLabel("Subject");
  const priority = form.getByRole("combobox", { name: "Priority" });
  const message = form.getByLabel("Message");
  await expect(subject).toHaveValue("");
  await expect(priority).toHaveText("Medium");
  await expect(message).toHaveValue("");
  await expect(form.getByRole("button", { name: "Cancel" })).toBeVisible();
  const submit = form.getByRole("button", { name: "Submit Ticket" });

  // Empty subject first, then the missing message; nothing is sent.
  await submit.click();
  await expect(form.getByText("Please enter a subject for your ticket")).toBeVisible();
  await subject.fill("   ");
  await submit.click();
  await expect(form.getByText("Please enter a subject for your ticket")).toBeVisible();
  await subject.fill("Generator stops at row 3");
  await message.fill("  \n ");
  await submit.click();
  await expect(form.getByText("Please enter a message describing your issue")).toBeVisible();
  await expect(form.getByText("Please enter a subject for your ticket")).toHaveCount(0);
  expect(await (await page.request.get("/api/tickets")).json()).toEqual([]);

  await priority.click();
  await page.getByRole("option", { name: "High" }).click();
  await expect(priority).toHaveText("High");
  await message.fill("After three rows the generator shows an error.");
  const submittedAt = Date.now();
  await submit.click();

  const banner = page.getByRole("alert").filter({ hasText: CREATED_BANNER });
  await expect(banner).toBeVisible();
  const seenAt = Date.now();
  // The form closes (and is reset), and the list reloads with the new ticket.
  await expect(ticketForm(page)).toHaveCount(0);
  const table = page.getByRole("table");
  await expect(table.getByRole("columnheader")).toHaveText([
    "Subject",
    "Status",
    "Priority",
    "Created",
    "Last Update",
    /.*/,
  ]);
  const rows = table.locator("tbody tr");
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  const cells = row.getByRole("cell");
  await expect(cells.nth(0)).toHaveText("Generator stops at row 3");
  await expect(cells.nth(1)).toHaveText("open");
  await expect(cells.nth(2)).toHaveText("high");
  await expect(cells.nth(3)).toHaveText(SHORT_DATE);
  await expect(cells.nth(4)).toHaveText(SHORT_DATE);
  const [ticket] = (await (await page.request.get("/api/tickets")).json()) as TicketJson[];
  expect(ticket).toMatchObject({ subject: "Generator stops at row 3", priority: "high", status: "open" });
  await expect(row.getByRole("link", { name: "View" })).toHaveAttribute("href", `/help/tickets/${ticket!._id}`);
  await expect(page.getByText("No tickets found")).toHaveCount(0);

  // The banner goes away by itself after about 3 seconds.
  // (Its 3 s timer starts after the submit click and before we first saw it.)
  await expect(banner).toBeHidden({ timeout: 10_000 });
  expect(Date.now() - submittedAt).toBeGreaterThanOrEqual(3_000);
  expect(Date.now() - seenAt).toBeLessThan(7_000);

  // Opening the form again: it is empty, with the default priority.
  await page.getByRole("button", { name: "New Ticket" }).click();
  await expect(ticketForm(page).getByLabel("Subject")).toHaveValue("");
  await expect(ticketForm(page).getByLabel("Message")).toHaveValue("");
  await expect(ticketForm(page).getByRole("combobox", { name: "Priority" })).toHaveText("Medium");
});

test("ticket detail: header, conversation, reply, close and reopen", async ({ page }) => {
  await openHelpAsNewUser(page);
  const ticket = await createTicketViaApi(page.request, {
    subject: "Cannot connect Zapier",
    message: "The test call fails with 401.",
    priority: "low",
  });
  await page.reload();
  await page.getByRole("tab", { name: "My Support Tickets" }).click();
  await page
    .getByRole("table")
    .getByRole("row")
    .filter({ hasText: "Cannot connect Zapier" })
    .getByRole("link", { name: "View" })
    .click();
  await expect(page).toHaveURL(new RegExp(`/help/tickets/${ticket._id}$`));

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Ticket #${ticket._id.slice(-6)}`);
  await expect(page.getByText("Cannot connect Zapier", { exact: true })).toBeVisible();
  const header = page
    .locator("header")
    .filter({ has: page.getByRole("heading", { name: `Ticket #${ticket._id.slice(-6)}` }) });
  await expect(badges(header)).toHaveText(["open", "low"]);
  await expect(page.getByRole("link", { name: "Back to Help Center" })).toHaveAttribute("href", "/help");

  // The original message, shown as 'You'.
  await expect(messages(page)).toHaveCount(1);
  await expect(messages(page).first().locator("span").first()).toHaveText("You");
  await expect(messages(page).first()).toContainText("The test call fails with 401.");

  // Reply: empty is refused, then a reply appears under 'You'.
  const reply = page.getByLabel("Add your response");
  await expect(reply).toHaveAttribute("placeholder", "Add your response");
  const send = page.getByRole("button", { name: "Send Response" });
  await send.click();
  await expect(page.getByText("Please enter a reply message")).toBeVisible();
  await reply.fill("Here is my webhook URL: https://hooks.zapier.com/x");
  await send.click();
  await expect(messages(page)).toHaveCount(2);
  await expect(messages(page).nth(1).locator("span").first()).toHaveText("You");
  await expect(messages(page).nth(1)).toContainText("Here is my webhook URL: https://hooks.zapier.com/x");
  await expect(reply).toHaveValue("");
  await expect(page.getByText("Please enter a reply message")).toHaveCount(0);

  // Close: the closed notice replaces the reply form.
  await page.getByRole("button", { name: "Close Ticket" }).click();
  await expect(page.getByText("This ticket is closed", { exact: true })).toBeVisible();
  await expect(page.getByText(/Reopen the ticket/)).toBeVisible();
  await expect(page.getByLabel("Add your response")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Send Response" })).toHaveCount(0);
  await expect(badges(header)).toHaveText(["closed", "low"]);
  await expect(messages(page)).toHaveCount(2);

  // It stays closed after a reload.
  await page.reload();
  await expect(page.getByText("This ticket is closed", { exact: true })).toBeVisible();

  // Reopen: the form is back.
  await page.getByRole("button", { name: "Reopen Ticket" }).click();
  await expect(page.getByLabel("Add your response")).toBeVisible();
  await expect(page.getByText("This ticket is closed", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Close Ticket" })).toBeVisible();
  await expect(badges(header)).toHaveText(["open", "low"]);

  // Back in the list, the ticket shows the new state.
  await page.getByRole("link", { name: "Back to Help Center" }).click();
  await expect(page).toHaveURL(/\/help$/);
  await page.getByRole("tab", { name: "My Support Tickets" }).click();
  await expect(page.getByRole("table").locator("tbody tr").first().getByRole("cell").nth(1)).toHaveText("open");
});

test("an unknown or malformed ticket id shows 'Ticket not found' with a way back", async ({ page }) => {
  await openHelpAsNewUser(page);
  for (const id of ["not-a-real-ticket", "00000000-0000-4000-8000-000000000000"]) {
    await page.goto(`/help/tickets/${id}`);
    await expect(page.getByRole("heading", { name: "Ticket not found" })).toBeVisible();
    await expect(page.getByRole("button", { name: /Close Ticket|Reopen Ticket/ })).toHaveCount(0);
  }
  await page.getByRole("link", { name: "Back to Help Center" }).click();
  await expect(page).toHaveURL(/\/help$/);
  await expect(page.getByRole("heading", { level: 1, name: "Help Center" })).toBeVisible();
});

test("another user's ticket URL shows 'Ticket not found'", async ({ page, request }) => {
  // The `request` fixture has its own cookie jar: the owner signs in there, not in the page.
  await registerVerified(request, { name: "Owner", email: uniqueEmail("help-owner") });
  const theirs = await createTicketViaApi(request, { subject: "Private matter", message: "Only for me and support." });

  await openHelpAsNewUser(page);
  await page.goto(`/help/tickets/${theirs._id}`);
  await expect(page.getByRole("heading", { name: "Ticket not found" })).toBeVisible();
  await expect(page.getByText("Private matter")).toHaveCount(0);
  await expect(page.getByText("Only for me and support.")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Back to Help Center" })).toHaveAttribute("href", "/help");

  // And their ticket is not in this user's list.
  await page.goto("/help");
  await page.getByRole("tab", { name: "My Support Tickets" }).click();
  await expect(page.getByText("No tickets found")).toBeVisible();
});

test("server failures: the list offers 'Try again', a failed create keeps the form filled", async ({ page }) => {
  await registerVerified(page.request, { name: "Help Tester", email: uniqueEmail("help-fail") });
  let failList = true;
  await page.route("**/api/tickets", (route) =>
    failList && route.request().method() === "GET"
      ? route.fulfill({ status: 500, json: { msg: "boom" } })
      : route.fallback(),
  );
  await page.goto("/help");
  await page.getByRole("tab", { name: "My Support Tickets" }).click();
  const failure = page.getByRole("alert").filter({ hasText: "Failed to load your support tickets. Please try again." });
  await expect(failure).toBeVisible();
  failList = false;
  await failure.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByText("No tickets found")).toBeVisible();
  await expect(failure).toHaveCount(0);

  await page.route("**/api/tickets", (route) =>
    route.request().method() === "POST" ? route.fulfill({ status: 500, json: { msg: "boom" } }) : route.fallback(),
  );
  await page.getByRole("button", { name: "New Ticket" }).click();
  const form = ticketForm(page);
  await form.getByLabel("Subject").fill("Will this fail?");
  await form.getByLabel("Message").fill("Yes, the server is down.");
  await form.getByRole("button", { name: "Submit Ticket" }).click();
  await expect(form.getByText("Failed to create your support ticket. Please try again.")).toBeVisible();
  await expect(form.getByLabel("Subject")).toHaveValue("Will this fail?");
  await expect(form.getByLabel("Message")).toHaveValue("Yes, the server is down.");
  await expect(page.getByText(CREATED_BANNER)).toHaveCount(0);
  await expect(page.getByText("No tickets found")).toBeVisible();
});

test("server failures on the ticket page: load, reply and status change show their messages", async ({ page }) => {
  await registerVerified(page.request, { name: "Help Tester", email: uniqueEmail("help-fail") });
  const ticket = await createTicketViaApi(page.request, { subject: "Flaky server", message: "Original text" });
  const url = `**/api/tickets/${ticket._id}`;
  let failLoad = true;
  await page.route(url, (route) =>
    failLoad ? route.fulfill({ status: 500, json: { msg: "boom" } }) : route.fallback(),
  );
  await page.goto(`/help/tickets/${ticket._id}`);
  const failure = page.getByRole("alert").filter({ hasText: "Failed to load ticket details. Please try again." });
  await expect(failure).toBeVisible();
  failLoad = false;
  await failure.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Ticket #${ticket._id.slice(-6)}`);
  await expect(page.getByText("Flaky server", { exact: true })).toBeVisible();

  await page.route(`${url}/reply`, (route) => route.fulfill({ status: 500, json: { msg: "boom" } }));
  await page.getByLabel("Add your response").fill("Does this arrive?");
  await page.getByRole("button", { name: "Send Response" }).click();
  await expect(page.getByText("Failed to submit your reply. Please try again.")).toBeVisible();
  await expect(page.getByLabel("Add your response")).toHaveValue("Does this arrive?");
  await expect(messages(page)).toHaveCount(1);

  await page.route(url, (route) =>
    route.request().method() === "PUT" ? route.fulfill({ status: 500, json: { msg: "boom" } }) : route.fallback(),
  );
  await page.getByRole("button", { name: "Close Ticket" }).click();
  await expect(page.getByText("Failed to update ticket status. Please try again.")).toBeVisible();
  await expect(page.getByText("Failed to submit your reply. Please try again.")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Close Ticket" })).toBeEnabled();
  await expect(page.getByText("This ticket is closed", { exact: true })).toHaveCount(0);
});
