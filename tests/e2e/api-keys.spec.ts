import { expect, test } from "@playwright/test";
import { expectAccessible } from "./a11y-support";
import { openDashboardAsNewUser, rowNamed } from "./dashboard-support";

const KEY_RE = /^cm_live_[A-Za-z0-9_-]{43}$/;

test("an API key created in the UI works on the API until it is revoked in the UI", async ({
  page,
  context,
  request,
}) => {
  const account = await openDashboardAsNewUser(page);

  // The top bar leads to the settings page; a new user has no keys.
  await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "API Keys" }).click();
  await expect(page).toHaveURL(/\/settings\/api-keys$/);
  await expect(page.getByRole("heading", { level: 1, name: "API Keys" })).toBeVisible();
  await expect(page.getByText("No API keys yet")).toBeVisible();
  await expectAccessible(page, "/settings/api-keys empty", "light");

  // The name is required (the service's schema, checked in the browser).
  const form = page.getByRole("form", { name: "Create API key" });
  const name = form.getByLabel("Key name");
  await form.getByRole("button", { name: "Create" }).click();
  await expect(form.getByRole("alert")).toHaveText("Key name is required");
  await expect(name).toHaveAttribute("aria-invalid", "true");

  // Created: the key is shown once, with a Copy button.
  await name.fill("E2E script");
  await form.getByRole("button", { name: "Create" }).click();
  const dialog = page.getByRole("dialog", { name: "API key created" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("It won't be shown again.");
  const key = await dialog.getByLabel("Your API key").inputValue();
  expect(key).toMatch(KEY_RE);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await dialog.getByRole("button", { name: "Copy" }).click();
  await expect(dialog.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await expectAccessible(page, "/settings/api-keys new key dialog", "light", dialog);
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();
  await expect(name).toHaveValue("");

  // Listed by its prefix only, never used yet.
  const list = page.getByRole("table", { name: "API keys" });
  const row = rowNamed(list, "E2E script");
  await expect(row).toContainText(`${key.slice(0, 16)}…`);
  await expect(row.getByRole("cell").nth(3)).toHaveText("Never");
  await expect(page.locator("body")).not.toContainText(key);

  // The key authenticates an external program (no cookies), as x-auth-token and as Bearer.
  const meWithKey = await request.get("/api/auth/me", { headers: { "x-auth-token": key } });
  expect(meWithKey.status(), await meWithKey.text()).toBe(200);
  expect(((await meWithKey.json()) as { email: string }).email).toBe(account.email);
  const meWithBearer = await request.get("/api/auth/me", { headers: { authorization: `Bearer ${key}` } });
  expect(meWithBearer.status()).toBe(200);
  // ...but cannot manage keys.
  const listWithKey = await request.get("/api/keys", { headers: { "x-auth-token": key } });
  expect(listWithKey.status()).toBe(403);
  expect(((await listWithKey.json()) as { code: string }).code).toBe("forbidden");

  // The list now shows when it was last used.
  await page.reload();
  await expect(
    rowNamed(page.getByRole("table", { name: "API keys" }), "E2E script")
      .getByRole("cell")
      .nth(3),
  ).not.toHaveText("Never");

  // Revoke, after a confirmation: gone from the list and refused at once.
  await page.getByRole("button", { name: "Revoke E2E script" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Revoke API key?" });
  await expect(confirm).toContainText("will stop working at once");
  // The list drops the key optimistically: wait for the server's answer to the revoke itself.
  const revoked = page.waitForResponse(
    (r) => r.request().method() === "DELETE" && new URL(r.url()).pathname.startsWith("/api/keys/"),
  );
  await confirm.getByRole("button", { name: "Revoke" }).click();
  expect((await revoked).ok()).toBe(true);
  await expect(confirm).toBeHidden();
  await expect(page.getByText("No API keys yet")).toBeVisible();
  const afterRevoke = await request.get("/api/auth/me", { headers: { "x-auth-token": key } });
  expect(afterRevoke.status()).toBe(401);
  expect(((await afterRevoke.json()) as { code: string }).code).toBe("session_invalid");

  // The page itself, in the dark theme.
  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  await expect(page.getByText("No API keys yet")).toBeVisible();
  await expectAccessible(page, "/settings/api-keys", "dark");
});
