import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { registerVerified, uniqueEmail } from "./support";

/** A short random suffix so names never collide between tests. */
export function rand(): string {
  return Math.random().toString(36).slice(2, 8);
}

/**
 * A fresh verified user, signed in in the page's browser context (registerVerified with
 * `page.request` shares the page's cookie jar), with /dashboard loaded.
 */
export async function openDashboardAsNewUser(
  page: Page,
  name = `Dash ${rand()}`,
): Promise<{ name: string; email: string }> {
  const account = await registerVerified(page.request, { name, email: uniqueEmail("dash") });
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: `Welcome, ${name}!` })).toBeVisible();
  return account;
}

/**
 * A dashboard card by its title. CSS based on purpose: it still matches while a modal is
 * open (Radix marks everything outside the modal aria-hidden, which role locators skip).
 */
export function dashboardCard(page: Page, title: "Email Generator" | "API Keys" | "Email Templates"): Locator {
  return page
    .locator('[data-slot="card"]')
    .filter({ has: page.locator('[data-slot="card-title"]', { hasText: title }) });
}

/** One table row by the text of its first cell. */
export function rowNamed(table: Locator, name: string): Locator {
  return table.getByRole("row").filter({ has: table.page().getByRole("cell", { name, exact: true }) });
}

/** The column headers of a table, in order. */
export function headersOf(table: Locator): Locator {
  return table.getByRole("columnheader");
}

export interface CreatedTemplate {
  _id: string;
  name: string;
  prompt: string;
  jsonSchema: string;
  onlyRunIf: string;
  selectedModel: string;
  useCase: string;
  connectionId: string | null;
  connectionName: string | null;
}

/** POST /api/ai/templates with the browser's session cookie. */
export async function createTemplateViaApi(
  request: APIRequestContext,
  data: Record<string, unknown>,
): Promise<CreatedTemplate> {
  const res = await request.post("/api/ai/templates", { data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as CreatedTemplate;
}

/** POST /api/ai/connections with the browser's session cookie. */
export async function createConnectionViaApi(
  request: APIRequestContext,
  data: { name: string; provider: "Anthropic" | "OpenAI"; apiKey: string },
): Promise<{ _id: string; name: string; apiKey: string; isActive: boolean }> {
  const res = await request.post("/api/ai/connections", { data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { _id: string; name: string; apiKey: string; isActive: boolean };
}

/** The mask the product asks for: first 4 characters, dots, last 4 characters. */
export function maskedKeyPattern(key: string): RegExp {
  const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^${esc(key.slice(0, 4))}•+${esc(key.slice(-4))}$`);
}

/** The footer of a dialog (its own Close button, not the corner X that is also named "Close"). */
export function footerOf(dialog: Locator): Locator {
  return dialog.locator('[data-slot="dialog-footer"]');
}
