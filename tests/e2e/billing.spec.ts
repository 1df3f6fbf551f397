import { expect, test, type Browser, type Locator, type Page, type Route } from "@playwright/test";
import { ensureAdminAccount, registerVerified, uniqueEmail } from "./support";

/** LICENSE_KEY_PATTERN of lib/billing/pricing.ts: 5×5 characters without 0/O, 1/I/L. */
const LICENSE_KEY = /^[A-HJKMNP-Z2-9]{5}(-[A-HJKMNP-Z2-9]{5}){4}$/;

/** Promo codes for this file, created once by the admin (whose account can be registered once per run). */
const run = Math.random().toString(36).slice(2, 7).toUpperCase();
const CODES = { twenty: `E2ETWENTY${run}` };

test.beforeAll(async ({ playwright }, testInfo) => {
  const admin = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    await ensureAdminAccount(admin);
    const expiresAt = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString();
    const res = await admin.post("/api/admin/promo-codes", {
      data: { code: CODES.twenty.toLowerCase(), discountPercentage: 20, maxUses: 100, expiresAt },
    });
    expect(res.status(), await res.text()).toBe(201);
    expect((await res.json()).code).toBe(CODES.twenty);
  } finally {
    await admin.dispose();
  }
});

function card(page: Page, title: string): Locator {
  return page
    .locator('[data-slot="card"]')
    .filter({ has: page.locator('[data-slot="card-title"]', { hasText: title }) });
}

/** Holds matching requests until `release()`, so a transient busy label can be observed. */
async function holdRequests(page: Page, url: string) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route: Route) => {
    await gate;
    await route.continue();
  });
  return { release: () => release() };
}

async function applyPromo(lifetime: Locator, code: string) {
  await lifetime.getByLabel("Promo code").fill(code);
  await lifetime.getByRole("button", { name: "Apply" }).click();
}

/** From /pricing through the test checkout to the success page; returns the licence key shown. */
async function buyLifetime(page: Page, expectedPrice: string, promo?: string): Promise<string> {
  await page.goto("/pricing");
  const lifetime = card(page, "Lifetime Deal");
  if (promo) {
    await applyPromo(lifetime, promo);
    await expect(lifetime.getByTestId("lifetime-price")).toHaveText(expectedPrice);
  }
  const checkout = await holdRequests(page, "**/api/pricing/checkout");
  await lifetime.getByRole("button", { name: "Upgrade Now" }).click();
  await expect(lifetime.getByRole("button", { name: "Processing..." })).toBeDisabled();
  checkout.release();

  await expect(page).toHaveURL(/\/dev\/checkout\/cs_test_[A-Za-z0-9_-]+$/);
  await expect(page.getByText("ColdMail AI — Lifetime Deal")).toBeVisible();
  await expect(page.getByText(expectedPrice, { exact: true })).toBeVisible();
  if (promo) await expect(page.getByText(promo, { exact: true })).toBeVisible();

  const verify = await holdRequests(page, "**/api/pricing/verify-payment/**");
  await page.getByRole("button", { name: "Complete test payment" }).click();
  await expect(page).toHaveURL(/\/payment-success\?session_id=cs_test_/);
  await expect(page.getByText("Verifying your payment...").first()).toBeVisible();
  verify.release();

  await expect(page.getByText("Payment Successful!")).toBeVisible();
  await expect(page.getByText("You now have lifetime access")).toBeVisible();
  await expect(page.getByText(/Keep this license key safe/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to Dashboard" })).toHaveAttribute("href", "/dashboard");
  const key = (await page.getByTestId("license-key").textContent())!.trim();
  expect(key).toMatch(LICENSE_KEY);
  return key;
}

/** A fresh verified user signed in in a new browser context. */
async function newSignedInPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await registerVerified(page.request, { email: uniqueEmail("buyer") });
  return page;
}

test("the pricing page shows the three plans", async ({ page }) => {
  await page.goto("/pricing");

  const trial = card(page, "Free Trial");
  await expect(trial.getByText("$0", { exact: true })).toBeVisible();
  await expect(trial.getByText("per 3 days")).toBeVisible();
  for (const feature of ["100 email credits per day", "All AI models", "Use your own API keys", "3-day access only"]) {
    await expect(trial.getByText(feature)).toBeVisible();
  }
  await expect(trial.getByRole("button", { name: "Current Plan" })).toBeDisabled();

  const lifetime = card(page, "Lifetime Deal");
  await expect(lifetime.getByTestId("lifetime-price")).toHaveText("$149.00");
  const listPrice = lifetime.getByText("$329", { exact: true });
  await expect(listPrice).toHaveCSS("text-decoration-line", "line-through");
  await expect(lifetime.getByText("55% OFF")).toBeVisible();
  await expect(lifetime.getByText("Limited time launch offer!")).toBeVisible();
  await expect(lifetime.getByText("Best Value")).toBeVisible();
  for (const feature of [
    "Unlimited email generation",
    "Use your own API keys",
    "All AI models",
    "All integrations",
    "Lifetime updates",
  ]) {
    await expect(lifetime.getByText(feature)).toBeVisible();
  }
  await expect(lifetime.getByText(/EXTRA/)).toHaveCount(0);
  await expect(lifetime.getByRole("button", { name: "Upgrade Now" })).toBeEnabled();

  const monthly = card(page, "Monthly Subscription");
  await expect(monthly.locator('[data-slot="card-title"]').getByText("Coming Soon")).toBeVisible();
  await expect(monthly.getByText("NOT AVAILABLE YET")).toBeVisible();
  await expect(monthly.getByText("$29", { exact: true })).toBeVisible();
  await expect(monthly.getByText("/month")).toBeVisible();
  for (const feature of [
    "3000 emails per month",
    "Use your own API keys",
    "All AI models",
    "All integrations",
    "Regular updates",
  ]) {
    await expect(monthly.getByText(feature)).toBeVisible();
  }
  await expect(monthly.getByRole("button", { name: "Coming Soon" })).toBeDisabled();

  await expect(page.getByRole("link", { name: /Activate it/ })).toHaveAttribute("href", "/activate-license");
});

test("promo codes: upper case, Apply only with a code, invalid and valid codes", async ({ page }) => {
  await page.goto("/pricing");
  const lifetime = card(page, "Lifetime Deal");
  const input = lifetime.getByLabel("Promo code");
  const apply = lifetime.getByRole("button", { name: "Apply" });
  const price = lifetime.getByTestId("lifetime-price");

  await expect(apply).toBeDisabled();
  await input.pressSequentially("nope x");
  await expect(input).toHaveValue("NOPE X");
  await input.fill("   ");
  await expect(apply).toBeDisabled();

  const validation = await holdRequests(page, "**/api/pricing/validate-promo");
  await input.fill(`wrong${run}`);
  await expect(input).toHaveValue(`WRONG${run}`);
  await apply.click();
  await expect(lifetime.getByRole("button", { name: "Validating..." })).toBeDisabled();
  validation.release();
  await expect(lifetime.getByRole("alert")).toHaveText("Invalid promo code");
  await expect(price).toHaveText("$149.00");

  await applyPromo(lifetime, CODES.twenty.toLowerCase());
  await expect(lifetime.getByText("+20% EXTRA")).toBeVisible();
  await expect(lifetime.getByText("20% additional discount applied!")).toBeVisible();
  await expect(price).toHaveText("$119.20");
  await expect(lifetime.getByRole("alert")).toHaveCount(0);

  // An invalid code afterwards resets the discount.
  await applyPromo(lifetime, `WRONG${run}`);
  await expect(lifetime.getByRole("alert")).toHaveText("Invalid promo code");
  await expect(price).toHaveText("$149.00");
  await expect(lifetime.getByText(/EXTRA/)).toHaveCount(0);
});

test("an anonymous purchase with a promo code, then activating its key on an account", async ({ page, browser }) => {
  const key = await buyLifetime(page, "$119.20", CODES.twenty);

  // Signed out, the activation page asks to sign in first.
  await page.goto("/activate-license");
  await page.getByLabel("License key").fill(key);
  await page.getByRole("button", { name: "Activate License" }).click();
  await expect(page.getByText("Please sign in to activate the license on your account.")).toBeVisible();

  await registerVerified(page.request, { name: "Key Owner", email: uniqueEmail("owner") });
  await page.goto("/activate-license");
  await expect(page.getByRole("link", { name: "Don't have a license key? Purchase one" })).toHaveAttribute(
    "href",
    "/pricing",
  );
  const field = page.getByLabel("License key");
  const submit = page.getByRole("button", { name: "Activate License" });
  await submit.click();
  await expect(page.getByText("Please enter a license key")).toBeVisible();
  await field.pressSequentially("abcde-fghjk");
  await expect(field).toHaveValue("ABCDE-FGHJK");
  await submit.click();
  await expect(page.getByText("License keys look like XXXXX-XXXXX-XXXXX-XXXXX-XXXXX")).toBeVisible();

  await field.fill(key.toLowerCase());
  await expect(field).toHaveValue(key);
  await submit.click();
  await expect(page.getByText("License key activated successfully!")).toBeVisible();
  const shownAt = Date.now();
  await expect(page).toHaveURL(/\/activate-license$/);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
  expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1500);
  const banner = page.getByTestId("plan-banner");
  await expect(banner.getByRole("heading", { name: "Lifetime Access" })).toBeVisible();
  await expect(banner.getByTestId("license-key")).toHaveText(key);

  // Another account cannot use the same key.
  const other = await newSignedInPage(browser);
  await other.goto("/activate-license");
  await other.getByLabel("License key").fill(key);
  await other.getByRole("button", { name: "Activate License" }).click();
  await expect(other.getByText("This license key has already been activated on another account.")).toBeVisible();
  await other.goto("/dashboard");
  await expect(other.getByTestId("plan-banner").getByRole("heading", { name: "Free Trial" })).toBeVisible();
  await other.context().close();
});

test("a signed-in purchase makes the account lifetime at once", { tag: "@pglite" }, async ({ page }) => {
  await registerVerified(page.request, { name: "Direct Buyer", email: uniqueEmail("direct") });
  const key = await buyLifetime(page, "$149.00");

  await page.getByRole("link", { name: "Go to Dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const banner = page.getByTestId("plan-banner");
  await expect(banner.getByRole("heading", { name: "Lifetime Access" })).toBeVisible();
  await expect(banner.getByTestId("license-key")).toHaveText(key);
  await expect(banner.getByText(/Upgrade to Lifetime Deal/)).toHaveCount(0);

  // The API context's keep-alive socket has been idle for a while: let a reset connection be retried.
  const credits = await page.request.get("/api/ai/credits", { maxRetries: 2 });
  expect(credits.status()).toBe(200);
  expect(await credits.json()).toMatchObject({
    unlimited: true,
    subscription: "lifetime",
    credits: { unlimited: true },
  });

  // Already lifetime: another checkout is refused with the server's message.
  await page.goto("/pricing");
  await card(page, "Lifetime Deal").getByRole("button", { name: "Upgrade Now" }).click();
  await expect(page.getByText("You already have lifetime access.")).toBeVisible();
  await expect(page).toHaveURL(/\/pricing$/);
});

test("the success page without a valid session says so and links back to pricing", async ({ page }) => {
  await page.goto("/payment-success");
  await expect(page.getByText("Payment Verification Failed")).toBeVisible();
  await expect(page.getByText("Invalid payment session")).toBeVisible();
  await page.getByRole("link", { name: "Try Again" }).click();
  await expect(page).toHaveURL(/\/pricing$/);

  await page.goto("/payment-success?session_id=cs_test_doesnotexist");
  await expect(page.getByText("Payment Verification Failed")).toBeVisible();
  await expect(page.getByText("Invalid payment session")).toBeVisible();

  const missing = await page.goto("/dev/checkout/cs_test_doesnotexist");
  expect(missing?.status()).toBe(404);
});

test("the success page asks again while the payment is not confirmed, and gives up after five answers", async ({
  page,
}) => {
  const notYet = {
    status: 402,
    contentType: "application/json",
    body: JSON.stringify({ msg: "This payment has not been completed yet.", code: "conflict" }),
  };
  const paid = {
    status: 200,
    contentType: "application/json",
    body: JSON.stringify({ licenseKey: "ABCDE-FGHJK-MNPQR-STUVW-XYZ23" }),
  };

  // Confirmed on the third answer.
  let calls = 0;
  await page.route("**/api/pricing/verify-payment/**", (route) => {
    calls += 1;
    return route.fulfill(calls < 3 ? notYet : paid);
  });
  await page.goto("/payment-success?session_id=cs_test_waiting_paid");
  await expect(page.getByText("Verifying your payment...").first()).toBeVisible();
  await expect(page.getByText("Payment Successful!")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("license-key")).toHaveText("ABCDE-FGHJK-MNPQR-STUVW-XYZ23");
  expect(calls).toBe(3);
  await page.unroute("**/api/pricing/verify-payment/**");

  // Never confirmed: five answers, then the server's message.
  let waits = 0;
  await page.route("**/api/pricing/verify-payment/**", (route) => {
    waits += 1;
    return route.fulfill(notYet);
  });
  await page.goto("/payment-success?session_id=cs_test_waiting_never");
  await expect(page.getByText("Payment Verification Failed")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("This payment has not been completed yet.", { exact: true })).toBeVisible();
  expect(waits).toBe(5);
  await expect(page.getByRole("link", { name: "Try Again" })).toHaveAttribute("href", "/pricing");
});
