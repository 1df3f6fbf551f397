import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { chooseOption, rand, waitForBatch } from "./generation-support";

/**
 * The fake sending tools the server under test talks to (playwright.config.ts: FAKE_TOOLS_PORT = E2E_PORT + 60):
 * Instantly on that port, Smartlead on the next, lemlist on the one after, ZeroBounce on the fourth. The
 * control API (/__control, every call naming its tool) is asked on the first port.
 */
const FAKE_TOOLS_PORT = Number(process.env.E2E_PORT ?? 3100) + 60;
export type FakeTool = "instantly" | "smartlead" | "lemlist" | "zerobounce";

const CONTROL_URL = `http://127.0.0.1:${FAKE_TOOLS_PORT}/__control`;

/** A key the fake tool accepts from now on (any other key is refused). */
export async function acceptToolKey(request: APIRequestContext, tool: FakeTool, key = `${tool}-e2e-${rand()}`) {
  const res = await request.post(`${CONTROL_URL}/key`, { data: { tool, key } });
  expect(res.ok(), `POST /__control/key -> ${res.status()} ${await res.text()}`).toBe(true);
  return key;
}

export interface FakeCampaign {
  id: string;
  name: string;
  status: unknown;
}

/** A campaign in the account of `key` (the key must be accepted first). */
export async function createFakeCampaign(
  request: APIRequestContext,
  tool: FakeTool,
  key: string,
  name = `Campaign ${rand()}`,
): Promise<FakeCampaign> {
  const res = await request.post(`${CONTROL_URL}/campaign`, { data: { tool, key, name } });
  expect(res.ok(), `POST /__control/campaign -> ${res.status()} ${await res.text()}`).toBe(true);
  const campaign = (await res.json()) as FakeCampaign;
  return { ...campaign, id: String(campaign.id) };
}

export interface FakeLead {
  email: string;
  fields: unknown;
}

/** The leads the fake tool has received into a campaign. */
export async function leadsOf(request: APIRequestContext, tool: FakeTool, campaignId: string): Promise<FakeLead[]> {
  const query = new URLSearchParams({ tool, campaignId });
  const res = await request.get(`${CONTROL_URL}/leads?${query}`);
  expect(res.ok(), `GET /__control/leads -> ${res.status()}`).toBe(true);
  return ((await res.json()) as { leads: FakeLead[] }).leads;
}

/** Every string inside a lead's fields, however the tool nests them (custom_variables, custom_fields, top level). */
export function stringsIn(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value && typeof value === "object") return Object.values(value).flatMap(stringsIn);
  return [];
}

/** `POST /api/integrations/connections` with the page's session (the server checks the key with the fake). */
export async function addToolKeyViaApi(
  request: APIRequestContext,
  data: { service: FakeTool; name: string; apiKey: string },
): Promise<{ id: string; name: string; apiKey: string }> {
  const res = await request.post("/api/integrations/connections", { data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; name: string; apiKey: string };
}

/** A dashboard Integrations card by its tool ("instantly", "smartlead", "lemlist", "zerobounce"). */
export const toolCard = (page: Page, tool: FakeTool): Locator => page.getByTestId(`integration-${tool}`);

/** The prompt the generated rows are written with (the fake AI provider echoes it in the body). */
export const PUSH_PROMPT = "Write to {{First Name}} at {{Company}}";

/** Generates the rows at these 0-based indices through the API (one bulk run) and waits for the run to end. */
export async function generateRows(page: Page, csvId: string, indices: number[]): Promise<void> {
  const res = await page.request.post("/api/ai/bulk-batched", {
    data: { csvId, rowsToProcess: indices, prompt: PUSH_PROMPT, useCase: "content_creation" },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { batchId } = (await res.json()) as { batchId: string };
  expect((await waitForBatch(page.request, batchId, 60_000)).status).toBe("completed");
}

/** The generator's push dialog, opened from "Export to". */
export async function openPushDialog(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: "Export to" }).click();
  await page.getByRole("menuitem", { name: "Push to a campaign…", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Push to a campaign" });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Picks the campaign (read live from the tool) in the push dialog and waits for the mapping's defaults. */
export async function chooseCampaign(page: Page, dialog: Locator, name: string): Promise<void> {
  const trigger = dialog.locator("#push-campaign");
  await expect(trigger).toBeVisible({ timeout: 20_000 });
  await chooseOption(page, trigger, name);
  await expect(trigger).toHaveText(name);
  await expect(dialog.locator("#push-map-email")).toBeVisible({ timeout: 20_000 });
}
