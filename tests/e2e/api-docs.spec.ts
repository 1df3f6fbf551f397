import { expect, test, type Page } from "@playwright/test";
import { expectAccessible, MODES } from "./a11y-support";

// The public API reference: rendered from /api/openapi.json with no request to another host,
// one element per documented operation, a working filter and anchors, accessible in both themes.

interface Doc {
  openapi: string;
  paths: Record<string, Record<string, { operationId: string }>>;
}

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Every http(s) request the page makes, from navigation on. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (req) => urls.push(req.url()));
  return urls;
}

const foreign = (urls: string[]) => urls.filter((u) => /^https?:/i.test(u) && !LOCAL_HOSTS.has(new URL(u).hostname));

test("GET /api/openapi.json is public OpenAPI 3.1; /docs/api shows every operation and asks no other host", async ({
  page,
  request,
}) => {
  const res = await request.get("/api/openapi.json");
  expect(res.status()).toBe(200);
  const doc = (await res.json()) as Doc;
  expect(doc.openapi).toBe("3.1.0");
  const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
  );
  expect(operations.length).toBeGreaterThan(70);

  const urls = recordRequests(page);
  await page.goto("/docs/api");
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("heading", { level: 1, name: "ColdMail AI API" })).toBeVisible();

  const rendered = page.locator("[data-operation]");
  await expect(rendered).toHaveCount(operations.length);
  expect((await rendered.evaluateAll((els) => els.map((el) => el.getAttribute("data-operation")))).sort()).toEqual(
    [...operations].sort(),
  );
  await expect(page.getByRole("heading", { level: 2, name: "Webhook signatures" })).toBeVisible();

  expect(urls.length).toBeGreaterThan(0);
  expect(foreign(urls), "requests to other hosts").toEqual([]);
});

test("the filter narrows the operations; anchors lead to an operation and to the webhook signatures", async ({
  page,
}) => {
  const urls = recordRequests(page);
  await page.goto("/docs/api");
  const all = await page.locator("[data-operation]").count();
  const filter = page.getByRole("searchbox", { name: "Filter operations" });

  await filter.fill("post csv");
  const visible = page.locator("[data-operation]:visible");
  await expect(page.getByText(/^\d+ of \d+ operations match$/)).toBeVisible();
  const shown = await visible.evaluateAll((els) => els.map((el) => el.getAttribute("data-operation") ?? ""));
  expect(shown.length).toBeGreaterThan(2);
  expect(shown.length).toBeLessThan(all);
  for (const op of shown) expect(op).toMatch(/^POST \/api\/csv/);
  await expect(page.getByText(`${shown.length} of ${all} operations match`)).toBeVisible();

  await filter.fill("no-such-operation-anywhere");
  await expect(visible).toHaveCount(0);
  await expect(page.getByText("No operations match")).toBeVisible();
  await filter.fill("");
  await expect(visible).toHaveCount(all);

  // An operation's anchor link, then a $ref link to a schema.
  const generate = page.locator("#generate");
  await generate.getByRole("link", { name: "Link to POST /api/ai/generate" }).click();
  await expect(page).toHaveURL(/#generate$/);
  await expect(generate).toBeInViewport();
  await expect(generate.getByText("Example request")).toBeVisible();
  await page.locator("#getMe").getByRole("link", { name: "User", exact: true }).click();
  await expect(page.locator("#schema-User")).toBeInViewport();

  await page.goto("/docs/api#webhook-signatures");
  await expect(page.getByRole("heading", { name: "Webhook signatures" })).toBeInViewport();
  await expect(page.getByText("webhook-signature", { exact: true }).first()).toBeVisible();
  expect(foreign(urls), "requests to other hosts").toEqual([]);
});

for (const mode of MODES) {
  test.describe(`${mode} mode`, () => {
    test.use({ colorScheme: mode });
    test(`/docs/api passes axe (${mode})`, async ({ page }) => {
      // axe checks every element of a long page (every operation and schema): ~30 s on an idle machine,
      // 1.6–1.8 min on a loaded one.
      test.setTimeout(300_000);
      await page.goto("/docs/api");
      await expect(page.locator("[data-operation]").first()).toBeVisible();
      await expectAccessible(page, "API reference", mode);
    });
  });
}
