import { readFile } from "node:fs/promises";
import { expect, type Download, type Locator, type Page } from "@playwright/test";
import Papa from "papaparse";
import { createConnection, OPENAI_KEY, openGenerator, rand, rowAt, waitForBatch } from "./generation-support";
import { registerVerified } from "./support";

/**
 * The fake AI provider writes the prompt it is sent into the e-mail body ("Hi,\n\n{prompt}\n\nBest
 * regards"). So a row whose Notes hold "[First Name]" gets a body with that unresolved placeholder —
 * one row is flagged without steering the fake (which other spec files reset and slow down).
 */
export const PROMPT = "Write to {{First Name}} at {{Company}}. {{Notes}}";
export const PLACEHOLDER_NOTE = "Greet [First Name] warmly.";
export const CLEAN_NOTE = "Greet them warmly.";
export const QUALITY_COLUMNS = ["First Name", "Company", "Notes"];
const ROWS = [
  ["Ada", "Analytical Engines", "Ask about the engine."],
  ["Grace", "Compilers Inc", PLACEHOLDER_NOTE],
  ["Linus", "Kernel Works", "Ask about the kernel."],
];
export const FLAG_MESSAGE = 'Unresolved placeholder "[First Name]"';

/**
 * The fake's answers are short and their subjects long, and their openings repeat the prompt: the
 * warning rules are switched off in the saved configuration, so that only the placeholder (a
 * blocking flag) is found.
 */
const QUALITY_RULES = {
  subject_too_long: { enabled: false },
  body_length: { enabled: false },
  spam_words: { enabled: false },
  duplicate_opening: { enabled: false },
};

export interface QualityFixture {
  csvId: string;
  rowIds: number[];
}

/**
 * A new user with an OpenAI connection and the configuration above, a 3-row file imported in the
 * generator, and a bulk run of all 3 rows done (row 2 flagged); the page shows the file.
 */
export async function flaggedFile(page: Page): Promise<QualityFixture> {
  await registerVerified(page.request);
  await createConnection(page, { name: `OpenAI ${rand()}`, provider: "OpenAI", apiKey: OPENAI_KEY });
  const saved = await page.request.put("/api/ai/config", {
    data: { prompt: PROMPT, useCase: "content_creation", onlyRunIf: "", qualityRules: QUALITY_RULES },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  await openGenerator(page);
  const csv = Papa.unparse({ fields: QUALITY_COLUMNS, data: ROWS });
  await page
    .getByTestId("csv-file-input")
    .setInputFiles({ name: "quality.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await expect(page).toHaveURL(/\/email-generator\?csvId=[0-9a-f-]{36}$/, { timeout: 30_000 });
  const csvId = new URL(page.url()).searchParams.get("csvId")!;

  const started = await page.request.post("/api/ai/bulk-batched", { data: { csvId, rowsToProcess: [0, 1, 2] } });
  expect(started.status(), await started.text()).toBe(200);
  const { batchId } = (await started.json()) as { batchId: string };
  expect((await waitForBatch(page.request, batchId)).status).toBe("completed");

  await page.reload();
  await expect(rowAt(page, 3)).toBeVisible({ timeout: 30_000 });
  const file = await page.request.get(`/api/csv/${csvId}`);
  const { rowIds } = (await file.json()) as { rowIds: number[] };
  return { csvId, rowIds };
}

export const badge = (page: Page, n: number): Locator => rowAt(page, n).getByTestId("quality-badge");
export const approveButton = (page: Page, n: number): Locator =>
  rowAt(page, n).getByRole("button", { name: `Approve row ${n}`, exact: true });

/** Opens the toolbar's "Export to" menu and picks an item. */
export async function pickExport(page: Page, item: string): Promise<void> {
  await page.getByRole("button", { name: "Export to" }).click();
  await page.getByRole("menuitem", { name: item, exact: true }).click();
}

/** The export gate ("Rows with problems"). */
export const gateDialog = (page: Page): Locator => page.getByRole("dialog", { name: "Rows with problems" });

/** A downloaded CSV's records (header first), without the BOM. */
export async function csvRecords(download: Download): Promise<string[][]> {
  const text = await readFile((await download.path())!, "utf8");
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}
