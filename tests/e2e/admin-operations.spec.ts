import { latestMail, registerVerified } from "./support";
import { expect, fragment, money, stat, test } from "./admin-support";

test("Income: cards, monthly breakdown and payment history after a test-checkout purchase", async ({
  admin,
  page,
  request,
}) => {
  const checkout = await request.post("/api/pricing/checkout", { data: { planId: "lifetime" } });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const { url } = (await checkout.json()) as { url: string };
  await page.goto(url);
  await page.getByRole("button", { name: "Complete test payment" }).click();
  await expect(page.getByTestId("license-key")).toHaveText(/^[A-Z0-9]{5}(-[A-Z0-9]{5}){4}$/);

  const admin_ = admin.page;
  await admin_.goto("/admin/income");
  const totalIncome = stat(admin_, "Total Income").value;
  const customers = stat(admin_, "Lifetime Customers").value;
  const average = stat(admin_, "Average Value").value;
  await expect(totalIncome).toHaveText(/^\$[\d,]+\.\d{2}$/);
  expect(money((await totalIncome.textContent())!)).toBeGreaterThanOrEqual(149);
  const count = Number(await customers.textContent());
  expect(count).toBeGreaterThanOrEqual(1);
  expect(money((await average.textContent())!)).toBeCloseTo(money((await totalIncome.textContent())!) / count, 1);

  const month = new Date().toLocaleDateString("en-US", { month: "short", year: "numeric" });
  await expect(admin_.getByText("Monthly Breakdown")).toBeVisible();
  await expect(admin_.getByTestId("monthly-breakdown").getByRole("row").filter({ hasText: month })).toHaveCount(1);
  await expect(admin_.getByText("Payment History")).toBeVisible();
  const history = admin_.getByTestId("payment-history");
  await expect(history.getByRole("columnheader")).toHaveText(["User", "Date", "Amount", "Promo Code"]);
  const row = history.getByRole("row").filter({ hasText: "$149.00" }).filter({ hasText: "None" });
  await expect(row.first()).toBeVisible();
  await expect(row.first()).toContainText(new Date().toLocaleDateString("en-US"));
});

test("Support Tickets: the admin answers a user's ticket; the user sees it and is e-mailed", async ({
  admin,
  page,
  request,
}) => {
  const user = await registerVerified(page.request, { name: `Ticket Owner ${fragment()}` });
  const subject = `Cannot export ${fragment()}`;
  const created = await page.request.post("/api/tickets", {
    data: { subject, message: "The export button does nothing.", priority: "high" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { _id: id } = (await created.json()) as { _id: string };

  const ap = admin.page;
  await ap.goto("/admin/tickets");
  await ap.getByRole("searchbox", { name: "Search" }).fill(subject);
  await ap.getByRole("button", { name: "Apply Filters" }).click();
  const rows = ap.getByTestId("tickets-table").getByRole("row");
  await expect(rows).toHaveCount(2);
  const row = rows.filter({ hasText: subject });
  await expect(row).toContainText(user.name);
  await expect(row).toContainText(user.email);
  await expect(row).toContainText(`#${id.slice(-6)}`);
  await expect(row).toContainText("open");
  await expect(row).toContainText("high");

  await row.getByRole("button", { name: `View ticket #${id.slice(-6)}` }).click();
  const dialog = ap.getByRole("dialog", { name: `Ticket #${id.slice(-6)}` });
  await expect(dialog).toContainText("The export button does nothing.");
  await dialog.getByRole("combobox", { name: "Status" }).click();
  await ap.getByRole("option", { name: "in-progress" }).click();
  await dialog.getByLabel("Response (optional)").fill("Fixed in today's release, please retry.");
  await dialog.getByRole("button", { name: "Update Ticket" }).click();
  await expect(dialog.getByText("Ticket updated successfully.")).toBeVisible();
  await expect(dialog.getByText("Support Team")).toBeVisible();
  await ap.keyboard.press("Escape");
  await expect(row).toContainText("in-progress");

  await page.goto(`/help/tickets/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Ticket #/);
  await expect(page.getByText(subject, { exact: true })).toBeVisible();
  await expect(page.getByText("Support Team")).toBeVisible();
  await expect(page.getByText("Fixed in today's release, please retry.")).toBeVisible();
  await expect(page.getByText("in-progress", { exact: true })).toBeVisible();

  const mail = await latestMail(request, user.email);
  expect(mail.text).toContain(`/help/tickets/${id}`);
  expect(mail.text).toContain("Fixed in today's release, please retry.");
});

test("Promo Codes: defaults, create, duplicate, edit to inactive; pricing then refuses the code", async ({
  admin,
  request,
}) => {
  const { page } = admin;
  const code = `E2E${fragment().toUpperCase()}`;
  await page.goto("/admin/promo-codes");
  await page.getByRole("button", { name: "Create Promo Code" }).click();
  let dialog = page.getByRole("dialog", { name: "Create Promo Code" });
  await expect(dialog.getByLabel("Discount (%)")).toHaveValue("10");
  await expect(dialog.getByLabel("Max Uses")).toHaveValue("100");
  await expect(dialog.getByLabel("Expires At")).not.toHaveValue("");
  await dialog.getByLabel("Code", { exact: true }).fill(code.toLowerCase());
  await expect(dialog.getByLabel("Code", { exact: true })).toHaveValue(code);
  await dialog.getByRole("button", { name: "Create Promo Code" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Promo code ${code} created.`)).toBeVisible();

  await page.getByRole("searchbox", { name: "Search" }).fill(code);
  await page.getByRole("button", { name: "Apply Filters" }).click();
  const rows = page.getByTestId("promo-codes-table").getByRole("row");
  await expect(rows).toHaveCount(2);
  const row = rows.filter({ hasText: code });
  await expect(row.getByRole("cell")).toHaveText([code, "10%", "0/100", /\S/, "Active", "Standard", "Edit"]);
  expect((await request.post("/api/pricing/validate-promo", { data: { code } })).status()).toBe(200);

  // A duplicate: the server's message.
  const duplicate = await page.request.post("/api/admin/promo-codes", {
    data: { code, discountPercentage: 10, maxUses: 100, expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
  });
  expect(duplicate.status()).toBe(409);
  const { msg } = (await duplicate.json()) as { msg: string };
  await page.getByRole("button", { name: "Create Promo Code" }).click();
  dialog = page.getByRole("dialog", { name: "Create Promo Code" });
  await dialog.getByLabel("Code", { exact: true }).fill(code);
  await dialog.getByRole("button", { name: "Create Promo Code" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(msg);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  await row.getByRole("button", { name: `Edit promo code ${code}` }).click();
  dialog = page.getByRole("dialog", { name: "Edit Promo Code" });
  await expect(dialog.getByLabel("Code", { exact: true })).toHaveValue(code);
  await expect(dialog.getByLabel("Code", { exact: true })).not.toBeEditable();
  const active = dialog.getByRole("checkbox", { name: "Active", exact: true });
  await expect(active).toBeChecked();
  await active.click();
  await expect(active).not.toBeChecked();
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Promo code ${code} updated.`)).toBeVisible();
  await expect(row.getByRole("cell").nth(4)).toHaveText("Inactive");

  const refused = await request.post("/api/pricing/validate-promo", { data: { code } });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { msg: string }).msg).toMatch(/no longer active/i);
});
