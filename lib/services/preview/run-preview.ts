import "server-only";
import { promptWithExamples } from "@/lib/ai/examples";
import { classifyProviderError } from "@/lib/ai/errors";
import { generateStructured } from "@/lib/ai/generate";
import { fillPrompt } from "@/lib/ai/prompt-variables";
import { cellsFromOutput } from "@/lib/ai/result";
import { GENERATED_COLUMNS } from "@/lib/csv/limits";
import { db } from "@/lib/db";
import { previewRuns, type UserRow } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { refundCredits, reserveCredits, TRIAL_ENDED_MESSAGE } from "@/lib/services/credits/credits";
import { planRun, type RunPlan } from "@/lib/services/generation/plan-run";
import type { PreviewInput } from "@/lib/services/generation/schemas";
import { flagsOfResult, openingsOfRows, rememberOpening, type ResultToCheck } from "@/lib/services/quality/row-flags";
import { recordCallUsage } from "@/lib/services/usage/record-usage";
import type { PreviewStoredResult } from "./keep-preview";
import type { PreviewJson, PreviewResultJson } from "@/lib/responses/quality";

/** A previewed row; `check` is what its flags are computed from once every row has answered. */
type Outcome = {
  json: PreviewResultJson;
  stored: PreviewStoredResult | null;
  failed: boolean;
  check?: Pick<ResultToCheck, "cells" | "output" | "sources" | "input">;
};

async function previewRow(user: UserRow, plan: RunPlan, rowIndex: number): Promise<Outcome> {
  const { settings, rows } = plan;
  const stored = rows[rowIndex]!;
  const prompt = promptWithExamples(fillPrompt(settings.prompt, stored.data), plan.examples);
  const base = { rowIndex, rowId: stored.id, prompt, row: stored.data };
  const startedAt = Date.now();
  let result: Awaited<ReturnType<typeof generateStructured>>;
  try {
    result = await generateStructured({ ...settings, prompt });
  } catch (error) {
    const { message } = classifyProviderError(error, settings.provider, settings.model);
    return { json: { ...base, error: message, flags: [], usage: null }, stored: null, failed: true };
  }
  const usage = await recordCallUsage(
    { kind: "preview", userId: user.id, csvFileId: plan.fileId, rowId: stored.id },
    settings,
    result,
    startedAt,
  );
  const research = settings.useCase === "web_research";
  const sources = research ? (result.sources ?? []) : undefined;
  const { cells, answer } = cellsFromOutput(result.output, { fields: plan.outputFields, sources });
  const subject_line = "subject_line" in answer ? answer.subject_line : "";
  const email_body = "email_body" in answer ? answer.email_body : answer.content;
  const json: PreviewResultJson = {
    ...base,
    subject_line,
    email_body,
    output: result.output,
    flags: [],
    usage,
    sources: sources ?? null,
  };
  // An answer that is not a JSON object failed: shown with its flag, not kept, its credit given back.
  return {
    json,
    stored: result.output ? { rowId: stored.id, rowIndex, cells, flags: [] } : null,
    failed: !result.output,
    check: {
      cells,
      output: result.output,
      sources,
      input: { data: stored.data, template: settings.prompt, examples: plan.examples },
    },
  };
}

/**
 * The flags of the previewed rows, in file order. `duplicate_opening` compares each row with the file's
 * other generated rows and with the rows previewed before it (their old text is about to be replaced).
 */
function flagOutcomes(plan: RunPlan, outcomes: Outcome[]): void {
  const previewed = new Set(plan.indices);
  const openings = openingsOfRows(plan.rows.map((row, i) => (previewed.has(i) ? { data: {} } : row)));
  for (const outcome of outcomes) {
    if (!outcome.check) continue;
    const { rowIndex } = outcome.json;
    const flags = flagsOfResult({
      ...outcome.check,
      useCase: plan.settings.useCase,
      rules: plan.qualityRules,
      openings,
      rowIndex,
    });
    outcome.json.flags = flags;
    if (outcome.stored) outcome.stored.flags = flags;
    if (outcome.check.output) rememberOpening(openings, outcome.check.cells[GENERATED_COLUMNS.body] ?? "", rowIndex);
  }
}

/**
 * `POST /api/ai/preview`: the bulk payload's configuration (unsaved) on up to 5 rows — the named ones,
 * else the first 3 the condition selects. Nothing is written to the file: the results wait for "Keep
 * these" (keep-preview.ts). Trial users spend a credit per row, given back for a row that fails.
 */
export async function runPreview(user: UserRow, input: PreviewInput): Promise<PreviewJson> {
  const plan = await planRun(user.id, input, { preview: true });
  const reservation = await reserveCredits(user, plan.indices.length);
  if (!reservation.ok)
    throw new AppError(
      "daily_credit_limit",
      reservation.reason === "trial-ended" ? TRIAL_ENDED_MESSAGE : "Daily credit limit reached",
      { availableCredits: reservation.available, requestedCredits: reservation.requested },
    );
  let outcomes: Outcome[];
  try {
    outcomes = await Promise.all(plan.indices.map((rowIndex) => previewRow(user, plan, rowIndex)));
  } catch (error) {
    // Our own failure (the database): nothing was shown, so nothing is charged.
    await refundCredits(user.id, reservation.day, reservation.amount);
    throw error;
  }
  flagOutcomes(plan, outcomes);
  const failed = outcomes.filter((o) => o.failed).length;
  if (failed > 0) await refundCredits(user.id, reservation.day, failed);
  const stored = outcomes.flatMap((o) => (o.stored ? [o.stored] : []));
  const [run] = await db
    .insert(previewRuns)
    .values({ userId: user.id, csvFileId: plan.fileId, results: { extraColumns: plan.extraColumns, rows: stored } })
    .returning({ id: previewRuns.id });
  return { previewId: run!.id, results: outcomes.map((o) => o.json) };
}
