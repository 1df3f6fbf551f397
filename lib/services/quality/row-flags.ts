import { GENERATED_COLUMNS } from "@/lib/csv/limits";
import type { WebSource } from "@/lib/ai/generation-types";
import type { UseCase } from "@/lib/ai/providers";
import { cellsFromOutput, PLACEHOLDERS } from "@/lib/ai/result";
import {
  checkQuality,
  collectOpenings,
  openingSentence,
  QUALITY_RULE_IDS,
  type QualityFlag,
} from "@/lib/quality/rules";
import type { QualityRules } from "@/lib/quality/rules-schema";

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
}

/** The quality flags of one generated row (docs/api.md "Preview and quality"): stored with the row. */
export function flagsOfResult(result: ResultToCheck): QualityFlag[] {
  const subject = result.cells[GENERATED_COLUMNS.subject] ?? "";
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
 * new text; `no_sources` and `duplicate_opening` (which need the run's sources and the other rows) are kept.
 */
export function flagsAfterEdit(
  previous: readonly QualityFlag[],
  cells: Record<string, string>,
  rules?: QualityRules | null,
): QualityFlag[] {
  const kept = previous.filter((f) => f.rule === "no_sources" || f.rule === "duplicate_opening");
  const subject = cells[GENERATED_COLUMNS.subject] ?? "";
  const fresh = checkQuality(
    {
      subject,
      body: cells[GENERATED_COLUMNS.body] ?? "",
      output: {},
      contentOnly: subject === PLACEHOLDERS.noSubjectField,
    },
    rules,
  );
  const order = (f: QualityFlag) => QUALITY_RULE_IDS.indexOf(f.rule);
  return [...fresh, ...kept].sort((a, b) => order(a) - order(b));
}
