import { expect, test, type Locator, type Page } from "@playwright/test";
import { NEW_PASSWORD, STRONG_PASSWORD, latestMail, linkFrom, signInViaUi, uniqueEmail } from "./support";

async function expectDashboard(page: Page, name: string) {
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: `Welcome, ${name}!` })).toBeVisible();
  const banner = page.getByRole("banner");
  await expect(banner.getByTestId("current-user")).toHaveText(name);
  await expect(banner.getByRole("link", { name: "Help" })).toHaveAttribute("href", "/help");
  await expect(banner.getByRole("button", { name: "Sign out" })).toBeVisible();
}

/** The field is marked invalid and described by the form's one visible message. */
async function expectInvalidField(page: Page, field: Locator, message: string) {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const describedBy = await field.getAttribute("aria-describedby");
  expect(describedBy, "aria-describedby").toBeTruthy();
  const target = page.locator(`[id="${describedBy}"]`);
  await expect(target).toBeVisible();
  await expect(target).toHaveText(message);
}

async function signOut(page: Page) {
  await page.getByRole("banner").getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
}

test(
  "register, verify from the dev mailbox, sign out and in, reset the password",
  { tag: "@pglite" },
  async ({ page, request }) => {
    test.setTimeout(120_000);
    const name = "Journey Tester";
    const email = uniqueEmail("journey");

    // Register.
    await page.goto("/register");
    await page.getByLabel("Full Name").fill(name);
    await page.getByLabel("Email address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(STRONG_PASSWORD);
    await page.getByLabel("Confirm Password").fill(STRONG_PASSWORD);
    await expect(page.getByTestId("password-strength")).toContainText("Strong");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Registration successful!")).toBeVisible();
    await expect(page.getByText(email, { exact: true })).toBeVisible();

    // Registration does not sign in.
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login$/);

    // Open the verification mail in the dev mailbox and follow its link.
    const mail = await latestMail(request, email, { kind: "verify-email" });
    const verifyUrl = linkFrom(mail, "verify-email");
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
    await expect(page.getByRole("heading", { name: "Dev mailbox" })).toBeVisible();
    const message = page
      .getByRole("listitem")
      .filter({ hasText: `To: ${email}` })
      .first();
    await expect(message.getByRole("heading", { name: mail.subject })).toBeVisible();
    const link = message.getByRole("link", { name: verifyUrl });
    await expect(link).toHaveAttribute("href", verifyUrl);

    // Hold the API answer back until the "verifying" state has been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/auth/verify-email/**", async (route) => {
      await held;
      await route.continue();
    });
    await link.click();
    await expect(page).toHaveURL(verifyUrl);
    await expect(page.getByText("Verifying your email...").first()).toBeVisible();
    release();
    await expect(page.getByText("Email verified successfully!")).toBeVisible();
    await expect(page.getByRole("button", { name: "Go to Dashboard Now" })).toBeVisible();
    await page.unroute("**/api/auth/verify-email/**");

    // Redirected by itself after about 3 seconds, signed in.
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
    await expectDashboard(page, name);

    // Sign out, then sign in again.
    await signOut(page);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login$/);
    await signInViaUi(page, email, STRONG_PASSWORD);
    await expectDashboard(page, name);
    await signOut(page);

    // Forgot password -> reset mail.
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(
      page.getByText("If your email is in our system, you will receive a password reset link shortly."),
    ).toBeVisible();
    const resetUrl = linkFrom(await latestMail(request, email, { kind: "reset-password" }), "reset-password");

    // Open the link and choose a new password.
    await page.goto(resetUrl);
    await expect(page.getByText("Choose a new password for your account.")).toBeVisible();
    const newPassword = page.getByLabel("New Password", { exact: true });
    const confirmPassword = page.getByLabel("Confirm New Password");
    // Spec order: both fields, at least 8 characters, then the match.
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByText("Please fill in all fields", { exact: true })).toBeVisible();
    await expectInvalidField(page, newPassword, "Please fill in all fields");
    await expectInvalidField(page, confirmPassword, "Please fill in all fields");
    await newPassword.fill("Ab1!");
    await confirmPassword.fill("Ab1!x");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByText("Password must be at least 8 characters long", { exact: true })).toBeVisible();
    await expectInvalidField(page, newPassword, "Password must be at least 8 characters long");
    await newPassword.fill(NEW_PASSWORD);
    await confirmPassword.fill(`${NEW_PASSWORD}x`);
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByText("Passwords do not match")).toBeVisible();
    await expectInvalidField(page, confirmPassword, "Passwords do not match");
    await expect(newPassword).not.toHaveAttribute("aria-invalid", "true");
    await page.getByLabel("Confirm New Password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByText("Your password has been reset successfully!", { exact: false })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });

    // The old password no longer works, the new one does.
    await signInViaUi(page, email, STRONG_PASSWORD);
    await expect(page.getByText("Invalid email or password")).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel("Password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expectDashboard(page, name);

    // The reset link is single-use.
    await page.goto(resetUrl);
    await expect(page.getByText("Invalid or Expired Link")).toBeVisible();
  },
);
