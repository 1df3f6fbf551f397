import { expect, test, type Locator, type Page } from "@playwright/test";
import {
  ADMIN_EMAIL,
  STRONG_PASSWORD,
  ensureAdminAccount,
  latestMail,
  mailsTo,
  registerUnverified,
  registerVerified,
  signInViaUi,
  uniqueEmail,
} from "./support";

const fillAll = "Please fill in all fields";

test.describe("Login screen", () => {
  test("shows its fields, links and the empty-submit error", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByText("Sign in to your account")).toBeVisible();
    await expect(page.getByLabel("Email address")).toBeVisible();
    await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("type", "password");
    await expect(page.getByRole("link", { name: "Forgot your password?" })).toHaveAttribute("href", "/forgot-password");
    await expect(page.getByRole("link", { name: "Create one" })).toHaveAttribute("href", "/register");

    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByText(fillAll)).toBeVisible();

    // Only the e-mail filled in is still incomplete.
    await page.getByLabel("Email address").fill(uniqueEmail());
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByText(fillAll)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("the links lead to /register and /forgot-password", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("link", { name: "Create one" }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByText("Create your account")).toBeVisible();
    await page.getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByText("Forgot your password?")).toBeVisible();
  });

  test("a wrong password shows the server message", async ({ page, request }) => {
    const user = await registerVerified(request);
    await signInViaUi(page, user.email, "Wr0ng!Password");
    await expect(page.getByText("Invalid email or password")).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    // An unknown address gets the very same answer.
    await signInViaUi(page, uniqueEmail("nobody"), STRONG_PASSWORD);
    await expect(page.getByText("Invalid email or password")).toBeVisible();
  });

  test("an unverified account gets the notice and can resend the verification mail", async ({ page, request }) => {
    const user = await registerUnverified(request);
    await latestMail(request, user.email, { kind: "verify-email" });

    await signInViaUi(page, user.email, user.password);
    await expect(page.getByText("Email not verified")).toBeVisible();
    await expect(page.getByText("Please verify your email before logging in.", { exact: false })).toBeVisible();
    await page.getByRole("button", { name: "Resend Verification Email" }).click();
    await expect(page.getByText("Verification email resent successfully! Please check your inbox.")).toBeVisible();
    await latestMail(request, user.email, { kind: "verify-email", minCount: 2 });
    await expect(page).toHaveURL(/\/login$/);
  });
});

/** The field is marked invalid and described by the form's one visible message. */
async function expectInvalidField(page: Page, field: Locator, message: string) {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const describedBy = await field.getAttribute("aria-describedby");
  expect(describedBy, "aria-describedby").toBeTruthy();
  const target = page.locator(`[id="${describedBy}"]`);
  await expect(target).toBeVisible();
  await expect(target).toHaveText(message);
}

async function expectValidField(field: Locator) {
  await expect(field).not.toHaveAttribute("aria-invalid", "true");
  await expect(field).not.toHaveAttribute("aria-describedby", /.+/);
}

async function fillRegister(
  page: Page,
  values: { name?: string; email?: string; password?: string; confirm?: string },
) {
  await page.getByLabel("Full Name").fill(values.name ?? "");
  await page.getByLabel("Email address").fill(values.email ?? "");
  await page.getByLabel("Password", { exact: true }).fill(values.password ?? "");
  await page.getByLabel("Confirm Password").fill(values.confirm ?? "");
  await page.getByRole("button", { name: "Create Account" }).click();
}

test.describe("Register screen", () => {
  test("shows the fields and a live strength meter with its checklist", async ({ page }) => {
    await page.goto("/register");
    for (const label of ["Full Name", "Email address", "Confirm Password"])
      await expect(page.getByLabel(label)).toBeVisible();
    const password = page.getByLabel("Password", { exact: true });
    await expect(password).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login");

    const meter = page.getByTestId("password-strength");
    const item = (label: string) => meter.getByRole("listitem").filter({ hasText: label });
    const criteria = [
      "At least 8 characters",
      "One lowercase letter",
      "One uppercase letter",
      "One number",
      "One special character",
    ];
    await expect(meter.getByRole("listitem")).toHaveCount(5);
    for (const c of criteria) await expect(item(c)).toContainText("(not met)");

    await password.fill("abc");
    await expect(meter).toContainText("Weak");
    await expect(item("One lowercase letter")).toContainText("(met)");
    await expect(item("One lowercase letter")).not.toContainText("not met");
    await expect(item("At least 8 characters")).toContainText("(not met)");

    await password.fill("abcdefgh1");
    await expect(meter).toContainText("Medium");
    for (const c of ["At least 8 characters", "One lowercase letter", "One number"])
      await expect(item(c)).not.toContainText("not met");
    for (const c of ["One uppercase letter", "One special character"]) await expect(item(c)).toContainText("(not met)");

    await password.fill("Abcdefg1!");
    await expect(meter).toContainText("Strong");
    for (const c of criteria) await expect(item(c)).not.toContainText("not met");
  });

  test("validates in the product's order", async ({ page }) => {
    await page.goto("/register");
    const email = uniqueEmail("order");
    const alert = (text: string) => page.getByText(text, { exact: true });

    const field = {
      name: page.getByLabel("Full Name"),
      email: page.getByLabel("Email address"),
      password: page.getByLabel("Password", { exact: true }),
      confirm: page.getByLabel("Confirm Password"),
    };

    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(alert(fillAll)).toBeVisible();
    for (const input of Object.values(field)) await expectInvalidField(page, input, fillAll);

    await fillRegister(page, { name: "Order", email, password: STRONG_PASSWORD });
    await expect(alert(fillAll)).toBeVisible();
    await expectInvalidField(page, field.confirm, fillAll);
    for (const input of [field.name, field.email, field.password]) await expectValidField(input);

    await fillRegister(page, { name: "Order", email, password: STRONG_PASSWORD, confirm: `${STRONG_PASSWORD}x` });
    await expect(alert("Passwords do not match")).toBeVisible();
    await expectInvalidField(page, field.confirm, "Passwords do not match");
    await expectValidField(field.password);

    // The match comes before the password rules, whichever field each belongs to.
    await fillRegister(page, { name: "Order", email, password: "abc", confirm: "abcd" });
    await expect(alert("Passwords do not match")).toBeVisible();

    await fillRegister(page, { name: "Order", email, password: "abc", confirm: "abc" });
    await expect(alert("Password must be at least 8 characters long")).toBeVisible();
    await expectInvalidField(page, field.password, "Password must be at least 8 characters long");
    await expectValidField(field.confirm);

    await fillRegister(page, { name: "Order", email, password: "ABCDEFGH", confirm: "ABCDEFGH" });
    await expect(alert("Password must contain at least one lowercase letter")).toBeVisible();

    await fillRegister(page, { name: "Order", email, password: "abcdefgh", confirm: "abcdefgh" });
    await expect(alert("Password must contain at least one uppercase letter")).toBeVisible();

    await fillRegister(page, { name: "Order", email, password: "Abcdefgh", confirm: "Abcdefgh" });
    await expect(alert("Password must contain at least one number")).toBeVisible();

    await fillRegister(page, { name: "Order", email, password: "Abcdefg1", confirm: "Abcdefg1" });
    await expect(alert("Password must contain at least one special character")).toBeVisible();

    // Nothing reached the server.
    expect(await mailsTo(page.request, email)).toHaveLength(0);
  });

  test("success names the address and offers 'Go to login'", async ({ page, request }) => {
    const email = uniqueEmail("reg");
    await page.goto("/register");
    await fillRegister(page, { name: "Reggie", email, password: STRONG_PASSWORD, confirm: STRONG_PASSWORD });
    await expect(page.getByText("Registration successful!")).toBeVisible();
    await expect(page.getByText(email, { exact: true })).toBeVisible();
    await expect(page.getByText("We've sent a verification email to", { exact: false })).toBeVisible();
    await latestMail(request, email, { kind: "verify-email" });
    await page.getByRole("link", { name: "Go to login" }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe("Verify e-mail, forgot and reset password screens", () => {
  test("verify-email with a garbage token fails with 'Back to Login'", async ({ page }) => {
    await page.goto("/verify-email/not-a-real-token");
    await expect(page.getByText("Verification failed", { exact: true })).toBeVisible();
    await expect(page.getByText("The verification link is invalid or has expired.", { exact: false })).toBeVisible();
    await page.getByRole("link", { name: "Back to Login" }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("forgot password: empty, unknown and unverified addresses", async ({ page, request }) => {
    await page.goto("/forgot-password");
    const send = page.getByRole("button", { name: "Send reset link" });
    await expect(page.getByRole("link", { name: "Back to login" })).toHaveAttribute("href", "/login");

    await send.click();
    await expect(page.getByText("Please enter your email address", { exact: true })).toBeVisible();
    await expectInvalidField(page, page.getByLabel("Email address"), "Please enter your email address");

    // A malformed address gets the neutral answer too (what the server would say), not a hint.
    await page.getByLabel("Email address").fill("not-an-address");
    await send.click();
    await expect(
      page.getByText("If your email is in our system, you will receive a password reset link shortly."),
    ).toBeVisible();
    await expectValidField(page.getByLabel("Email address"));

    const unknown = uniqueEmail("unknown");
    await page.getByLabel("Email address").fill(unknown);
    await send.click();
    await expect(
      page.getByText("If your email is in our system, you will receive a password reset link shortly."),
    ).toBeVisible();
    expect(await mailsTo(request, unknown)).toHaveLength(0);

    const unverified = await registerUnverified(request);
    await page.getByLabel("Email address").fill(unverified.email);
    await send.click();
    await expect(page.getByText("Your email is not verified. Please verify your email first.")).toBeVisible();
  });

  test("reset-password with a garbage token shows 'Invalid or Expired Link'", async ({ page }) => {
    await page.goto("/reset-password/garbage-token-0123456789");
    await expect(page.getByText("Invalid or Expired Link")).toBeVisible();
    await page.getByRole("link", { name: "Request a new link" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });
});

test.describe("Route guards", () => {
  test("anonymous visitors are sent to /login", async ({ page }) => {
    for (const path of ["/dashboard", "/", "/admin"]) {
      await page.goto(path);
      await expect(page, `anonymous ${path}`).toHaveURL(/\/login$/);
      await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
    }
  });

  test("a signed-in non-admin visiting /admin lands on /dashboard", async ({ page }) => {
    const user = await registerVerified(page.request, { name: "Plain User" });
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { name: "Welcome, Plain User!" })).toBeVisible();
    // Signed in, the auth screens send the user home.
    await page.goto("/login");
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(user.email).not.toBe(ADMIN_EMAIL);
  });

  test("the admin lands on /admin after signing in", async ({ page, request }) => {
    // ADMIN_EMAILS=admin@e2e.test; other spec files need the admin too, so create it only once.
    await ensureAdminAccount(request);
    await signInViaUi(page, ADMIN_EMAIL, STRONG_PASSWORD);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
    await expect(page.getByTestId("current-user")).toHaveText("E2E Admin");
  });
});
