import { z } from "zod";
import { CSV_LIMITS, formatCount } from "@/lib/csv/limits";
import { readRow, readRows, ROWS_MESSAGES } from "@/lib/csv/read-rows";
import { documentedAs, yieldsStorableText } from "@/lib/validation/schema-marks";
import { cleanString, safeDate, safeString } from "@/lib/validation/strings";

/**
 * A cell's text (as a form field too: the generator's Add Row and Edit Email forms). Text the
 * database cannot store is cleaned, not refused (a file's stray NUL is removed, an unpaired
 * surrogate becomes U+FFFD), as it is in column names.
 */
const cellTextSchema = cleanString().max(
  CSV_LIMITS.maxCellChars,
  `A cell is longer than ${formatCount(CSV_LIMITS.maxCellChars)} characters`,
);

/** The documented shape of a row (OpenAPI): cells are strings, or numbers, booleans and null stored as text. */
const rowDocSchema = z.record(
  z.string().max(CSV_LIMITS.maxColumnNameChars),
  z.union([z.string().max(CSV_LIMITS.maxCellChars), z.number(), z.boolean(), z.null()]),
);

/** One row (a single row's edit, the rows sent to generation or to a webhook), read by the one row validator. */
export const rowSchema = documentedAs(
  z.unknown().transform((value, ctx) => {
    const result = readRow(value);
    if ("row" in result) return result.row;
    ctx.addIssue({ code: "custom", message: result.error, path: result.column === undefined ? [] : [result.column] });
    return z.NEVER;
  }),
  rowDocSchema,
);

/** The documented shape of `rows` (OpenAPI); requests are read by `readRows` in one pass. */
const rowsDocSchema = z
  .array(rowDocSchema, { error: ROWS_MESSAGES.notArray })
  .max(CSV_LIMITS.maxRows, ROWS_MESSAGES.tooMany);

/**
 * A file's rows (import, append, replace): up to 100,000 rows of up to 200 columns, so they are
 * read in one pass (`readRows`) instead of a schema per row and cell; same rules and messages.
 */
const rowsSchema = documentedAs(
  z.unknown().transform((value, ctx) => {
    const result = readRows(value);
    if ("rows" in result) return result.rows;
    ctx.addIssue({ code: "custom", message: result.error });
    return z.NEVER;
  }),
  rowsDocSchema,
);

const columnNameSchema = cleanString({ error: "Column name is required" })
  .trim()
  .min(1, "Column name cannot be empty")
  .max(CSV_LIMITS.maxColumnNameChars, "Column name is too long");

export const importCsvSchema = yieldsStorableText(
  z.object({
    fileName: cleanString({ error: "fileName is required" })
      .trim()
      .min(1, "fileName is required")
      .max(255, "fileName is too long"),
    rows: rowsSchema,
    /** Column order; defaults to the keys of the rows in order of appearance. */
    columns: z
      .array(columnNameSchema)
      .max(CSV_LIMITS.maxColumns, `A file can have at most ${CSV_LIMITS.maxColumns} columns`)
      .optional(),
    /** false when more chunks follow (POST /api/csv/{id}/append). */
    final: z.boolean().optional(),
  }),
);

export const appendRowsSchema = yieldsStorableText(z.object({ rows: rowsSchema, final: z.boolean().optional() }));

export const replaceRowsSchema = yieldsStorableText(
  z.object({ id: safeString({ error: "id is required" }), rows: rowsSchema }),
);

export const updateRowSchema = z.object({ data: rowSchema });

export const addRowSchema = z.object({ data: rowSchema.optional() });

export const addColumnSchema = z.object({ name: columnNameSchema });

export const changesQuerySchema = z.object({
  since: safeDate("since must be an ISO date-time", "since is required", "since must be an ISO date-time"),
});

// ---- Client forms of the generator (client-safe: zod and limits only). ----

/** Add New Row: one text per column, in column order (field names by index: a column name may hold a "."). */
export const addRowFormSchema = z.object({ values: z.array(cellTextSchema) });

/** Add New Column: the server's name rule, and not already present. */
export function addColumnFormSchema(existing: readonly string[]) {
  return z.object({
    name: columnNameSchema.refine((name) => !existing.includes(name), {
      error: (issue) => `A column named "${String(issue.input)}" already exists`,
    }),
  });
}

/** Edit Email panel: the Subject Line and Email Body cells. */
export const editEmailFormSchema = z.object({ subject: cellTextSchema, body: cellTextSchema });
