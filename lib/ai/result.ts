import { GENERATED_COLUMNS } from "@/lib/csv/limits";
import { cleanDeep, cleanText } from "@/lib/validation/strings";

export const PLACEHOLDERS = {
  noSubject: "(No subject returned)",
  noBody: "(No body returned)",
  noSubjectField: "(No subject_line field)",
  parseError: "(Parse Error)",
} as const;

export type GeneratedCells = Record<(typeof GENERATED_COLUMNS)[keyof typeof GENERATED_COLUMNS], string> &
  Record<string, string>;

/** Web research rows list the pages the answer cites in this column, one URL per line. */
export const SOURCES_COLUMN = "Sources";
/** Output fields with columns of their own; every other top-level field gets one named after it. */
const SPEC_FIELDS = new Set(["subject_line", "email_body", "content"]);

/** The top-level properties of an output schema that get a CSV column of their own (docs/api.md "Output columns"). */
export function outputFieldsOf(schema: unknown): string[] {
  const props = schema && typeof schema === "object" ? (schema as { properties?: unknown }).properties : undefined;
  if (!props || typeof props !== "object" || Array.isArray(props)) return [];
  return Object.keys(props).filter((key) => !SPEC_FIELDS.has(key) && key.trim() !== "");
}

/** What a run writes besides the product's three columns: one column per extra output field, and Sources. */
export interface OutputExtras {
  fields?: string[];
  /** Web research: the pages the answer cites (undefined: not a web research run, no Sources column). */
  sources?: { url: string }[] | null;
}

/** The columns a run adds to its file, in order: the extra output fields, then Sources for web research. */
export function extraColumnsOf(fields: string[], research: boolean): string[] {
  return research ? [...fields, SOURCES_COLUMN] : [...fields];
}

function extraCells(output: Record<string, unknown> | null, extras: OutputExtras): Record<string, string> {
  const cells: Record<string, string> = {};
  for (const field of extras.fields ?? []) cells[field] = output ? cleanText(text(output[field])) : "";
  if (extras.sources !== undefined) cells[SOURCES_COLUMN] = (extras.sources ?? []).map((s) => s.url).join("\n");
  return cells;
}

/** What the API answers for one row: `{subject_line, email_body}` or `{content}`. */
export type GenerationAnswer = { subject_line: string; email_body: string } | { content: string };

const text = (v: unknown) => (typeof v === "string" ? v : v === undefined || v === null ? "" : JSON.stringify(v));

/**
 * The cells a model's output fills: subject_line + email_body fill both columns;
 * only `content` fills the body with a "(No subject_line field)" subject; otherwise placeholders;
 * output that is not a JSON object is a "(Parse Error)". Text the database cannot store is
 * cleaned first (NUL removed, unpaired surrogates → U+FFFD), so any answer can be saved.
 */
export function cellsFromOutput(
  rawOutput: unknown,
  extras: OutputExtras = {},
): { cells: GeneratedCells; answer: GenerationAnswer } {
  const output = cleanDeep(rawOutput);
  if (!output || typeof output !== "object" || Array.isArray(output)) {
    const cells = {
      ...extraCells(null, extras),
      [GENERATED_COLUMNS.subject]: PLACEHOLDERS.parseError,
      [GENERATED_COLUMNS.body]: PLACEHOLDERS.parseError,
      [GENERATED_COLUMNS.response]: PLACEHOLDERS.parseError,
    };
    return { cells, answer: { subject_line: PLACEHOLDERS.parseError, email_body: PLACEHOLDERS.parseError } };
  }
  const o = output as Record<string, unknown>;
  const response = JSON.stringify(o);
  const hasSubject = typeof o.subject_line === "string" && o.subject_line.trim() !== "";
  const hasBody = typeof o.email_body === "string" && o.email_body.trim() !== "";
  if (!hasSubject && !hasBody && o.content !== undefined) {
    const content = text(o.content);
    return {
      cells: {
        ...extraCells(o, extras),
        [GENERATED_COLUMNS.subject]: PLACEHOLDERS.noSubjectField,
        [GENERATED_COLUMNS.body]: content,
        [GENERATED_COLUMNS.response]: response,
      },
      answer: { content },
    };
  }
  const subject = hasSubject ? (o.subject_line as string) : PLACEHOLDERS.noSubject;
  const body = hasBody ? (o.email_body as string) : PLACEHOLDERS.noBody;
  return {
    cells: {
      ...extraCells(o, extras),
      [GENERATED_COLUMNS.subject]: subject,
      [GENERATED_COLUMNS.body]: body,
      [GENERATED_COLUMNS.response]: response,
    },
    answer: { subject_line: subject, email_body: body },
  };
}

/** Cells of a row whose generation failed (shown red, with Retry). */
export function cellsForError(message: string): GeneratedCells {
  return {
    [GENERATED_COLUMNS.subject]: `Error: ${cleanText(message)}`,
    [GENERATED_COLUMNS.body]: "",
    [GENERATED_COLUMNS.response]: "",
  };
}

/** The spec's failed-row rule. */
export function isFailedRow(row: Record<string, string | undefined>): boolean {
  const subject = row[GENERATED_COLUMNS.subject] ?? "";
  const body = row[GENERATED_COLUMNS.body] ?? "";
  const bad: string[] = [PLACEHOLDERS.noSubject, PLACEHOLDERS.noBody, PLACEHOLDERS.parseError];
  return (
    subject.includes("Error") ||
    body.includes("Error") ||
    bad.includes(subject) ||
    bad.includes(body) ||
    row[GENERATED_COLUMNS.response] === PLACEHOLDERS.parseError
  );
}
