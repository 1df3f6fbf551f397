import { expect, test, type Request } from "@playwright/test";
import {
  controlFake,
  createConnection,
  importProspects,
  openConfig,
  openSaveMenu,
  rand,
  rowAt,
  waitForBatch,
} from "./generation-support";
import { registerVerified } from "./support";

// A screen watching a run (docs/api.md "Response schemas"): at most 2 requests a second to the app's API
// over 10 s of the run, no read of the whole file (no `/csv/{id}` or `/csv/{id}/quality`), and the
// run's rows named by id in the bulk payload.

test("watching a run sends at most 2 requests a second and reads no whole file", async ({ page }) => {
  test.setTimeout(120_000);
  // 6 requests a minute (the limit the Stop test sets too: the fake has one limit at a time): a probe and
  // the bucket's other 5 go at once, then one row every 10 s, so the run still changes rows while watched.
  const key = `sk-valid-e2e-watch-${rand()}`;
  await controlFake(page.request, { rateLimitPerMinute: 6, keyPrefix: key });
  await registerVerified(page.request);
  await createConnection(page, { name: `Watched key ${rand()}`, provider: "OpenAI", apiKey: key });
  const csvId = await importProspects(page);

  const dialog = await openConfig(page);
  const maxRows = dialog.locator("#ai-max-rows");
  await maxRows.fill("20");
  await maxRows.blur();
  const menu = await openSaveMenu(page, dialog);
  const bulkCall = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/ai/bulk-batched",
  );
  await menu.getByRole("menuitem", { name: "Save and run 20 rows", exact: true }).click();
  const bulk = await bulkCall;
  const payload = bulk.request().postDataJSON() as { rowIds?: number[]; rowsToProcess?: unknown };
  expect(payload.rowIds).toHaveLength(20);
  expect(payload.rowsToProcess).toBeUndefined();
  const { batchId } = (await bulk.json()) as { batchId: string };

  const panel = page.getByTestId("progress-panel");
  await expect(panel).toContainText(/Generating emails\.\.\. [6-9] of 20/, { timeout: 45_000 });
  const seen: string[] = [];
  const onRequest = (r: Request) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith("/api/")) seen.push(`${r.method()} ${url.pathname}`);
  };
  page.on("request", onRequest);
  const from = Date.now();
  const processed = async () =>
    Number(/Generating emails\.\.\. (\d+) of 20/.exec((await panel.textContent()) ?? "")?.[1] ?? 0);
  const first = await processed();
  // Two more rows at one every 10 s: 10 to 20 s of a watched run in which rows change.
  await expect.poll(processed, { timeout: 45_000 }).toBeGreaterThanOrEqual(first + 2);
  const seconds = (Date.now() - from) / 1000;
  page.off("request", onRequest);

  test.info().annotations.push({ type: "requests per second", description: (seen.length / seconds).toFixed(2) });
  expect(seconds, "the window watched").toBeGreaterThanOrEqual(8);
  expect(seen.length / seconds, seen.join("\n")).toBeLessThanOrEqual(2);
  expect(seen.filter((s) => s === `GET /api/csv/${csvId}` || s.endsWith("/quality"))).toEqual([]);
  expect(seen.some((s) => s.endsWith(`/api/csv/${csvId}/changes`))).toBe(true);

  // The generated rows' quality came with the changes (the file's quality was read before the run):
  // each generated row offers its approve check.
  for (const n of [1, 2, 3, 7])
    await expect(rowAt(page, n).getByRole("button", { name: `Approve row ${n}`, exact: true })).toBeVisible();
  await panel.getByRole("button", { name: "Stop" }).click();
  expect((await waitForBatch(page.request, batchId, 60_000)).status).toMatch(/^(cancelled|completed)$/);
});
