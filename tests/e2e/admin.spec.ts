import {
  ADMIN_NAME,
  adminSession,
  latestMail,
  mailsTo,
  registerUnverified,
  registerVerified,
  uniqueEmail,
} from "./support";
import { expect, expectNav, fragment, stat, test } from "./admin-support";

test("a non-admin is sent from /admin/users to /dashboard and the admin API answers 403", async ({ page }) => {
  await registerVerified(page.request, { name: "Not An Admin" });
  await page.goto("/admin/users");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Welcome, Not An Admin!" })).toBeVisible();

  const res = await page.request.get("/api/admin/dashboard");
  expect(res.status()).toBe(403);
  expect(await res.json()).toEqual({ msg: "Access denied. Admin privileges required.", code: "forbidden" });
  // The prefix-less form used by API clients (Accept: application/json) is the same call.
  const bare = await page.request.get("/admin/dashboard", { headers: { accept: "application/json" } });
  expect(bare.status()).toBe(403);
  expect(await bare.json()).toEqual({ msg: "Access denied. Admin privileges required.", code: "forbidden" });
});

test("the admin layout: sidebar, header with name and Sign out, prefix-less API calls", async ({ admin }) => {
  const { page } = admin;
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await expectNav(page.getByRole("navigation", { name: "Admin" }));
  await expect(page.getByRole("link", { name: "Dashboard", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("current-user")).toHaveText(ADMIN_NAME);
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();

  await page.getByRole("link", { name: "Support Tickets" }).click();
  await expect(page).toHaveURL(/\/admin\/tickets$/);
  await expect(page.getByRole("heading", { name: "Support Tickets" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Support Tickets", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );

  // /admin/<sub> with a token (x-auth-token or Bearer) reaches /api/admin/<sub>.
  for (const headers of [{ "x-auth-token": admin.token }, { authorization: `Bearer ${admin.token}` }] as Record<
    string,
    string
  >[]) {
    const res = await page.request.get("/admin/dashboard", { headers });
    expect(res.status()).toBe(200);
    expect(Object.keys(await res.json()).sort()).toEqual(["activePromoCodes", "openTickets", "revenue", "userStats"]);
  }
  // Without those headers /admin/users is the page.
  expect((await page.request.get("/admin/users")).headers()["content-type"]).toContain("text/html");
});

test("on a phone the sidebar is a drawer behind 'Open menu'; Sign out ends the session", async ({ browser }) => {
  const admin = await adminSession(browser, { viewport: { width: 390, height: 844 } });
  const { page } = admin;
  try {
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Admin" })).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog");
    await expect(drawer).toBeVisible();
    await expectNav(drawer.getByRole("navigation", { name: "Admin" }));
    await drawer.getByRole("link", { name: "Promo Codes" }).click();
    await expect(page).toHaveURL(/\/admin\/promo-codes$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole("heading", { name: "Promo Codes" })).toBeVisible();

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/login$/);
  } finally {
    await admin.context.close();
  }
});

test("the dashboard shows the four cards and the Active Promotions panel", async ({ admin }) => {
  const { page } = admin;
  const code = `DASH${fragment().toUpperCase()}`;
  const created = await page.request.post("/api/admin/promo-codes", {
    data: { code, discountPercentage: 15, maxUses: 5, expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString() },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto("/admin");
  const total = stat(page, "Total Users");
  await expect(total.value).toHaveText(/^\d+$/);
  await expect(total.card).toContainText(/\d+ in trial/);
  const lifetime = stat(page, "Lifetime Users");
  await expect(lifetime.value).toHaveText(/^\d+$/);
  await expect(lifetime.card).toContainText(/\d+% conversion/);
  const users = Number(await total.value.textContent());
  const lifers = Number(await lifetime.value.textContent());
  expect(users).toBeGreaterThanOrEqual(1);
  await expect(lifetime.card).toContainText(`${Math.round((lifers / users) * 100)}% conversion`);
  await expect(stat(page, "Total Revenue").value).toHaveText(/^\$[\d,]+\.\d{2}$/);
  await expect(stat(page, "Open Tickets").value).toHaveText(/^\d+$/);

  const promos = page.locator('[data-slot="card"]').filter({ hasText: "Active Promotions" });
  await expect(promos).toContainText(/\d+ active promo codes?\./);
  await promos.getByRole("link", { name: "Manage promo codes" }).click();
  await expect(page).toHaveURL(/\/admin\/promo-codes$/);

  // Failures read as the product's admin texts.
  await page.route("**/api/admin/dashboard", (route) => route.fulfill({ status: 500, json: { msg: "Server error" } }));
  await page.goto("/admin");
  await expect(page.getByText("Failed to load dashboard data. Please try again.")).toBeVisible();
  await page.unroute("**/api/admin/dashboard");
  await page.route("**/api/admin/dashboard", (route) =>
    route.fulfill({ status: 403, json: { msg: "Access denied. Admin privileges required." } }),
  );
  await page.reload();
  await expect(page.getByText("Access denied. Admin privileges required.")).toBeVisible();
});

test("Users: search, reset, bulk e-mail to two selected users and the detail view", async ({ admin, request }) => {
  const { page } = admin;
  const frag = fragment();
  const people = [];
  for (const n of ["One", "Two", "Three"])
    people.push(
      await registerUnverified(request, { name: `Zed ${frag} ${n}`, email: uniqueEmail(`zed-${n.toLowerCase()}`) }),
    );

  await page.goto("/admin/users");
  await expect(page.getByTestId("users-showing")).toHaveText(/^Showing \d+ of \d+ users$/);

  // Nothing selected: an alert.
  const dialogMessage = new Promise<string>((resolve) =>
    page.once("dialog", (d) => {
      resolve(d.message());
      void d.accept();
    }),
  );
  await page.getByRole("button", { name: "Email Selected Users" }).click();
  expect(await dialogMessage).toBe("Please select at least one user.");

  const search = page.getByRole("searchbox", { name: "Search" });
  await search.fill(frag.toUpperCase());
  await page.getByRole("button", { name: "Apply Filters" }).click();
  await expect(page.getByTestId("users-showing")).toHaveText("Showing 3 of 3 users");
  await expect(page.getByTestId("user-row")).toHaveCount(3);

  await page.getByRole("button", { name: "Reset" }).click();
  await expect(search).toHaveValue("");
  // Everybody again (at least the admin and these three), ten at most on the page.
  const counts = async () =>
    (await page.getByTestId("users-showing").textContent())
      ?.match(/^Showing (\d+) of (\d+) users$/)
      ?.slice(1)
      .map(Number) ?? [];
  await expect.poll(async () => (await counts())[1] ?? 0).toBeGreaterThanOrEqual(4);
  const [shown, total] = await counts();
  expect(shown).toBe(Math.min(10, total!));
  await expect(page.getByTestId("user-row")).toHaveCount(shown!);

  await search.fill(frag);
  await page.getByRole("button", { name: "Apply Filters" }).click();
  await expect(page.getByTestId("users-showing")).toHaveText("Showing 3 of 3 users");
  const [one, two, three] = people;
  await page.getByRole("checkbox", { name: `Select ${one!.email}` }).click();
  await page.getByRole("checkbox", { name: `Select ${three!.email}` }).click();
  await page.getByRole("button", { name: "Email Selected Users" }).click();

  const modal = page.getByRole("dialog", { name: "Send Email to Users" });
  const send = modal.getByRole("button", { name: "Send Email to 2 User(s)" });
  await send.click();
  await expect(modal.getByText("Subject is required")).toBeVisible();
  await expect(modal.getByText("Message is required")).toBeVisible();
  const subject = `Admin news ${frag}`;
  await modal.getByLabel("Subject").fill(subject);
  await modal.getByLabel("Message").fill(`Hello from the admin.\n\nSecond paragraph ${frag}.`);
  await send.click();
  await expect(modal.getByText("Your email has been sent successfully.")).toBeVisible();
  await expect(send).toBeDisabled();
  // Closes by itself about 2 seconds later.
  await expect(modal).toBeHidden({ timeout: 6_000 });
  await expect(page.getByTestId("users-selected")).toBeHidden();

  for (const person of [one!, three!]) {
    const mail = await latestMail(request, person.email);
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(`Second paragraph ${frag}.`);
  }
  expect((await mailsTo(request, two!.email)).filter((m) => m.subject === subject)).toEqual([]);

  await page.getByRole("button", { name: `View ${two!.email}` }).click();
  const detail = page.getByRole("dialog", { name: "User Details" });
  await expect(detail.getByTestId("user-detail")).toContainText(`Zed ${frag} Two`);
  await expect(detail.getByTestId("user-detail")).toContainText(two!.email);
  await expect(detail.getByTestId("user-detail")).toContainText("trial");
  await page.keyboard.press("Escape");
  await expect(detail).toBeHidden();
});
