import { test as base, expect, type Locator, type Page } from "@playwright/test";
import { adminSession, type AdminSession } from "./support";

/** `admin`: a browser context of its own signed in as admin@e2e.test (see adminSession), closed afterwards. */
export const test = base.extend<{ admin: AdminSession }>({
  admin: async ({ browser }, provide) => {
    const session = await adminSession(browser);
    await provide(session);
    await session.context.close();
  },
});

export { expect };

const NAV = ["Dashboard", "Users", "Income", "Support Tickets", "Promo Codes"];
const HREFS = ["/admin", "/admin/users", "/admin/income", "/admin/tickets", "/admin/promo-codes"];

/** Letters only, so a search for it finds nothing else. */
export const fragment = () =>
  Math.random()
    .toString(36)
    .slice(2, 10)
    .replace(/\d/g, (d) => "abcdefghij"[Number(d)]!);

/** The five admin links, in order, with their targets. */
export async function expectNav(nav: Locator) {
  const links = nav.getByRole("link");
  await expect(links).toHaveText(NAV);
  for (const [i, href] of HREFS.entries()) await expect(links.nth(i)).toHaveAttribute("href", href);
}

/** A dashboard / income stat card and its value, by the card's title. */
export function stat(page: Page, title: string) {
  const card = page
    .locator('[data-slot="card"]')
    .filter({ has: page.locator('[data-slot="card-title"]', { hasText: title }) });
  return { card, value: card.getByTestId(`stat-${title.toLowerCase().replace(/\s+/g, "-")}`) };
}

/** "$1,234.50" → 1234.5 */
export const money = (text: string) => Number(text.replace(/[$,]/g, ""));
