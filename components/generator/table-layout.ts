import { outputFieldsOf, SOURCES_COLUMN } from "@/lib/ai/result";
import { GENERATED_COLUMNS } from "@/lib/csv/limits";
import type { GeneratorView } from "@/lib/services/preferences/schemas";
import type { ColumnSlot, DisplayColumn } from "./csv-columns";
import type { TableRow } from "./csv-store";

/** How many generated rows' AI Responses are read for the output fields they answered. */
const ANSWER_SAMPLE = 20;

function parseObject(text: string | undefined): unknown {
  if (!text || !text.trimStart().startsWith("{")) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * The extra output fields (besides subject and body) a run writes into columns of their own
 * (docs/api.md "Output columns"): those of the saved output schema, and those the first generated
 * rows' AI Responses hold (a run with an earlier schema may have added others).
 */
export function extraOutputFields(jsonSchema: string, rows: readonly TableRow[]): Set<string> {
  const fields = new Set(outputFieldsOf(parseObject(jsonSchema)));
  let read = 0;
  for (const row of rows) {
    const answer = parseObject(row.data[GENERATED_COLUMNS.response]);
    if (!answer) continue;
    for (const field of outputFieldsOf({ properties: answer })) fields.add(field);
    if (++read >= ANSWER_SAMPLE) break;
  }
  return fields;
}

/**
 * The file's output columns, in reading order: Subject Line, Email Body, the extra output fields
 * (follow-ups...) in the file's order, Sources, AI Response — those the file has.
 */
export function outputColumnsOf(columns: readonly string[], extraFields: ReadonlySet<string>): string[] {
  const has = new Set(columns);
  const head = [GENERATED_COLUMNS.subject, GENERATED_COLUMNS.body].filter((c) => has.has(c));
  const tail = [SOURCES_COLUMN, GENERATED_COLUMNS.response].filter((c) => has.has(c));
  const fixed = new Set<string>([...head, ...tail]);
  const extras = columns.filter((c) => extraFields.has(c) && !fixed.has(c));
  return [...head, ...extras, ...tail];
}

/** The prospect's own columns: every column that is not output, in the file's order. */
export function inputColumnsOf(columns: readonly string[], outputs: readonly string[]): string[] {
  const out = new Set(outputs);
  return columns.filter((c) => !out.has(c));
}

/** The columns in the order a view shows them: the file's, or the output first. */
export function orderColumns(columns: readonly string[], view: GeneratorView, outputs: readonly string[]): string[] {
  if (view === "all" || outputs.length === 0) return [...columns];
  return [...outputs, ...inputColumnsOf(columns, outputs)];
}

/** The slots with a display column placed right after `after` (at the end when absent or null). */
export function withDisplayColumn(
  columns: readonly string[],
  display: DisplayColumn,
  after: string | null,
): ColumnSlot[] {
  const at = after === null ? -1 : columns.indexOf(after);
  if (at < 0) return [...columns, display];
  return [...columns.slice(0, at + 1), display, ...columns.slice(at + 1)];
}
