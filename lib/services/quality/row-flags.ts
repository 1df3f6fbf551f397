import { GENERATED_COLUMNS } from "@/lib/csv/limits";
import { promptWithExamples, type ApprovedExample } from "@/lib/ai/examples";
import type { WebSource } from "@/lib/ai/generation-types";
import { emptyVariablesCheck, fillPrompt } from "@/lib/ai/prompt-variables";
import type { UseCase } from "@/lib/ai/providers";
import { cellsFromOutput, PLACEHOLDERS, SOURCES_COLUMN } from "@/lib/ai/result";
import { claimsStillIn, ungroundedMessage, type GroundingSources } from "@/lib/quality/grounding";
import {
  checkQuality,
  collectOpenings,
  openingSentence,
  QUALITY_RULE_IDS,
  resolveRule,
  type QualityFlag,
} from "@/lib/quality/rules";
import type { QualityRules } from "@/lib/quality/rules-schema";

/** What a row's e-mail was written from: its values and the prompt (for `thin_input` and `ungrounded_claim`). */
interface RowInput {
  /** The row's values as the prompt was filled from them. */
  data: Record<string, string>;
  /** The prompt template (`{{Column}}` variables unfilled). */
  template: string;
  /** The approved examples the prompt carried. */
  examples?: readonly ApprovedExample[];
}

export interface ResultToCheck {
  /** The cells the result writes (subject, body, AI Response, extra fields). */
  cells: Record<string, string>;
  /** The model's parsed answer; null when it was not a JSON object. */
  output: Record<string, unknown> | null;
  useCase: UseCase;
  sources?: WebSource[];
  rules?: QualityRules | null;
  /** Openings of the file's other generated rows (see `openingsOfRows`) → their 0-based index. */
  openings?: ReadonlyMap<string, number>;
  rowIndex?: number;
  /** Without it, `thin_input` and `ungrounded_claim` are not checked. */
  input?: RowInput;
}

const OWN_COLUMNS = new Set<string>([...Object.values(GENERATED_COLUMNS), SOURCES_COLUMN]);

/**
 * The texts an answer is grounded in (docs/api.md "Grounding"): the row's values (the columns a run writes
 * left out: an earlier answer grounds nothing), the prompt as sent (examples included), the sources.
 */
function groundingOf(input: RowInput, written: Record<string, string>, sources: WebSource[] = []): GroundingSources {
  const values = Object.entries(input.data).flatMap(([column, value]) =>
    OWN_COLUMNS.has(column) || column in written ? [] : [value],
  );
  const prompt = promptWithExamples(fillPrompt(input.template, input.data), input.examples);
  return { values, texts: [prompt, ...sources.flatMap((s) => [s.url, s.title ?? ""])] };
}

/** The quality flags of one generated row (docs/api.md "Preview and quality"): stored with the row. */
export function flagsOfResult(result: ResultToCheck): QualityFlag[] {
  const subject = result.cells[GENERATED_COLUMNS.subject] ?? "";
  const { input } = result;
  return checkQuality(
    {
      subject,
      body: result.cells[GENERATED_COLUMNS.body] ?? "",
      output: result.output,
      contentOnly: subject === PLACEHOLDERS.noSubjectField,
      useCase: result.useCase,
      sources: result.useCase === "web_research" ? (result.sources ?? []) : undefined,
      otherOpenings: result.openings,
      rowIndex: result.rowIndex,
      grounding: input ? groundingOf(input, result.cells, result.sources) : undefined,
      emptyVariables: input ? emptyVariablesCheck(input.template)(input.data) : undefined,
    },
    result.rules,
  );
}

/**
 * An answered row's cells (cleaned, its extra output fields, the Sources of web research) and their
 * quality flags: what every writer of a result stores (a bulk run's row, a single row, a provider
 * batch's line).
 */
export function checkedCells(
  output: Record<string, unknown> | null,
  check: Omit<ResultToCheck, "cells" | "output"> & { fields: string[] },
) {
  const { fields, ...rest } = check;
  const sources = check.useCase === "web_research" ? (check.sources ?? []) : undefined;
  const { cells, answer } = cellsFromOutput(output, { fields, sources });
  return { cells, answer, flags: flagsOfResult({ ...rest, cells, output, sources }) };
}

/** Openings of the rows that hold a generated body, by row index (for `duplicate_opening`). */
export function openingsOfRows(rows: { data: Record<string, string> }[], exceptRowIndex?: number): Map<string, number> {
  const generated = rows.flatMap((row, rowIndex) => {
    const body = row.data[GENERATED_COLUMNS.body];
    return body ? [{ rowIndex, body }] : [];
  });
  return collectOpenings(generated, exceptRowIndex);
}

/** Adds a freshly generated body's opening, so later rows of the same run are compared with it. */
export function rememberOpening(openings: Map<string, number>, body: string, rowIndex: number): void {
  const opening = openingSentence(body);
  if (opening !== null && !openings.has(opening)) openings.set(opening, rowIndex);
}

/**
 * The flags of a row after the user edited its subject or body by hand: the text rules run again on the
 * new text; `no_sources`, `duplicate_opening` (which need the run's sources and the other rows) and
 * `thin_input` (the row's input) are kept; `ungrounded_claim` keeps the claims it quoted that the new text
 * still holds (what the user wrote is their own).
 */
export function flagsAfterEdit(
  previous: readonly QualityFlag[],
  cells: Record<string, string>,
  rules?: QualityRules | null,
): QualityFlag[] {
  const KEPT: readonly QualityFlag["rule"][] = ["no_sources", "duplicate_opening", "thin_input"];
  const kept = previous.filter((f) => KEPT.includes(f.rule));
  const subject = cells[GENERATED_COLUMNS.subject] ?? "";
  const body = cells[GENERATED_COLUMNS.body] ?? "";
  const fresh = checkQuality(
    { subject, body, output: {}, contentOnly: subject === PLACEHOLDERS.noSubjectField },
    rules,
  );
  const claims = previous.find((f) => f.rule === "ungrounded_claim");
  const grounding = resolveRule(rules, "ungrounded_claim");
  const left = claims && grounding.enabled ? claimsStillIn(claims.message, [subject, body]) : [];
  if (left.length > 0)
    kept.push({ rule: "ungrounded_claim", severity: grounding.severity, message: ungroundedMessage(left) });
  const order = (f: QualityFlag) => QUALITY_RULE_IDS.indexOf(f.rule);
  return [...fresh, ...kept].sort((a, b) => order(a) - order(b));
}
