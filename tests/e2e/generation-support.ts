import { fileURLToPath } from "node:url";
import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { registerVerified } from "./support";

/** The fake AI provider the server under test talks to (playwright.config.ts: E2E_PORT + 50). */
export const FAKE_PROVIDER_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 50}`;

/** A key the fake accepts for OpenAI ("sk-valid..."), and one for Anthropic ("sk-ant-valid..."). */
export const OPENAI_KEY = "sk-valid-e2e-generation-0001";
export const ANTHROPIC_KEY = "sk-ant-valid-e2e-generation-0001";

export const PROSPECT_COLUMNS = [
  "First Name",
  "Last Name",
  "Email",
  "Title",
  "Company",
  "Website",
  "City",
  "Country",
  "Industry",
  "Employees",
  "LinkedIn",
  "Notes",
];
export const SUBJECT = "Subject Line";
export const BODY = "Email Body";

export interface FakeControl {
  /** Only requests with an API key starting with this are held, slowed, limited or failed (other workers go on). */
  keyPrefix: string;
  latencyMs?: number;
  failNext?: { n: number; status: number };
  rateLimitPerMinute?: number;
  /** Holds the prefix's generation requests until `release` (or `reset`). */
  hold?: boolean;
  release?: boolean;
  /** Clears this prefix's knobs (never another's). */
  reset?: boolean;
}

/** Steers the fake provider (both Playwright workers share it) for one key prefix (serve-fake-provider.ts). */
export async function controlFake(request: APIRequestContext, control: FakeControl): Promise<void> {
  const res = await request.post(`${FAKE_PROVIDER_URL}/__control`, { data: control });
  expect(res.ok(), `POST /__control -> ${res.status()}`).toBe(true);
}

export function rand(): string {
  return Math.random().toString(36).slice(2, 8);
}

export interface Connection {
  _id: string;
  name: string;
  provider: "OpenAI" | "Anthropic";
}

/** POST /api/ai/connections with the page's session (the user's first connection becomes the active one). */
export async function createConnection(
  page: Page,
  data: { name: string; provider: "OpenAI" | "Anthropic"; apiKey: string },
): Promise<Connection> {
  const res = await page.request.post("/api/ai/connections", { data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Connection;
}

/** A fresh verified user, signed in in the page's context, with one OpenAI connection. */
export async function newUserWithOpenAi(page: Page, apiKey = OPENAI_KEY): Promise<Connection> {
  await registerVerified(page.request);
  return createConnection(page, { name: `OpenAI ${rand()}`, provider: "OpenAI", apiKey });
}

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));

export async function openGenerator(page: Page, query = ""): Promise<void> {
  await page.goto(`/email-generator${query}`);
  await expect(page.getByRole("heading", { name: "Email Generator" })).toBeVisible();
}

/** Opens the generator and imports prospects-25.csv through the hidden file input; returns the file id. */
export async function importProspects(page: Page): Promise<string> {
  await openGenerator(page);
  await page.getByTestId("csv-file-input").setInputFiles(fixture("prospects-25.csv"));
  await expect(page).toHaveURL(/\/email-generator\?csvId=[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByTestId("table-size")).toHaveText("25 rows x 12 columns", { timeout: 30_000 });
  return new URL(page.url()).searchParams.get("csvId")!;
}

/** The table row whose row-number cell reads `n` (1-based, as shown). */
export function rowAt(page: Page, n: number): Locator {
  return page
    .locator("[role=row][data-row-id]")
    .filter({ has: page.locator("[role=rowheader]", { hasText: new RegExp(`^${n}$`) }) });
}

export function cell(page: Page, n: number, column: string): Locator {
  return rowAt(page, n).locator(`[role=cell][data-column="${column}"]`);
}

export interface CsvFileJson {
  _id: string;
  columns: string[];
  rows: Record<string, string>[];
  rowIds: number[];
}

export async function getFile(page: Page, id: string): Promise<CsvFileJson> {
  const res = await page.request.get(`/api/csv/${id}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as CsvFileJson;
}

/** The ids of the file's rows at these 0-based indices (runs name their rows by id). */
export async function rowIdsAt(page: Page, id: string, indices: number[]): Promise<number[]> {
  const { rowIds } = await getFile(page, id);
  return indices.map((i) => rowIds[i]!);
}

export interface Credits {
  credits: { daily: number | null; used: number; remaining: number | null };
}

export async function getCredits(page: Page): Promise<Credits["credits"]> {
  const res = await page.request.get("/api/ai/credits");
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as Credits).credits;
}

export interface AiConfig {
  prompt: string;
  jsonSchema: string;
  maxRows: number;
  onlyRunIf: string;
  selectedModel: string;
  useCase: string;
  connectionId: string | null;
}

export async function getAiConfig(page: Page): Promise<{ aiConfig: AiConfig; connections: Connection[] }> {
  const res = await page.request.get("/api/ai/config");
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

export interface BatchStatus {
  status: string;
  progress: { processed: number; total: number };
  failed: number;
  error: string | null;
  creditsRefunded: number;
}

/** Waits until a batch reaches a terminal status and returns it. */
export async function waitForBatch(
  request: APIRequestContext,
  batchId: string,
  timeout = 30_000,
): Promise<BatchStatus> {
  let last: BatchStatus | null = null;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/ai/batch-status/${batchId}`);
        expect(res.status(), await res.text()).toBe(200);
        last = (await res.json()) as BatchStatus;
        return last.status;
      },
      { message: `batch ${batchId} to finish`, timeout, intervals: [250, 500, 1000] },
    )
    .toMatch(/^(completed|failed|cancelled)$/);
  return last!;
}

/** The AI Configuration dialog, opened from the toolbar. */
export async function openConfig(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: "Configure AI" }).click();
  const dialog = configDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

export function configDialog(page: Page): Locator {
  return page.getByRole("dialog", { name: "AI Configuration" });
}

/** Opens the dialog footer's Save menu. */
export async function openSaveMenu(page: Page, dialog: Locator): Promise<Locator> {
  await dialog.getByRole("button", { name: "Save", exact: true }).click();
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  return menu;
}

/**
 * Picks an option of a Radix select. A click that lands right after the listbox opened can be taken for the end of
 * the opening press and ignored (more often on a loaded machine): the pick is repeated until the listbox closes.
 */
export async function chooseOption(page: Page, trigger: Locator, name: string | RegExp): Promise<void> {
  const listbox = page.getByRole("listbox");
  await expect(async () => {
    if (!(await listbox.isVisible())) await trigger.click();
    await listbox
      .getByRole("option", typeof name === "string" ? { name, exact: true } : { name })
      .click({ timeout: 2_000 });
    await expect(listbox).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** A Radix select's open listbox, after clicking its trigger. */
export async function openSelect(page: Page, trigger: Locator): Promise<Locator> {
  await trigger.click();
  const listbox = page.getByRole("listbox");
  await expect(listbox).toBeVisible();
  return listbox;
}
