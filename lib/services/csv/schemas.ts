import { z } from "zod";
import { CSV_LIMITS, formatCount } from "@/lib/csv/limits";

/** A cell: strings as they are; numbers, booleans and null are accepted and stored as text. */
const cell = z
  .union([z.string(), z.number(), z.boolean(), z.null()])
  .transform((v) => (v === null ? "" : String(v)))
  .pipe(z.string().max(CSV_LIMITS.maxCellChars, `A cell is longer than ${formatCount(CSV_LIMITS.maxCellChars)} characters`));

export const rowSchema = z.record(z.string().max(CSV_LIMITS.maxColumnNameChars, "A column name is too long"), cell, {
  error: "Each row must be an object of column names to values",
});

const rowsSchema = z
  .array(rowSchema, { error: "rows must be an array of row objects" })
  .max(CSV_LIMITS.maxRows, `A file can have at most ${formatCount(CSV_LIMITS.maxRows)} rows`);

export const columnNameSchema = z
  .string({ error: "Column name is required" })
  .trim()
  .min(1, "Column name cannot be empty")
  .max(CSV_LIMITS.maxColumnNameChars, "Column name is too long");

export const importCsvSchema = z.object({
  fileName: z.string({ error: "fileName is required" }).trim().min(1, "fileName is required").max(255, "fileName is too long"),
  rows: rowsSchema,
  /** Column order; defaults to the keys of the rows in order of appearance. */
  columns: z.array(columnNameSchema).max(CSV_LIMITS.maxColumns, `A file can have at most ${CSV_LIMITS.maxColumns} columns`).optional(),
  /** false when more chunks follow (POST /api/csv/{id}/append). */
  final: z.boolean().optional(),
});

export const appendRowsSchema = z.object({ rows: rowsSchema, final: z.boolean().optional() });

export const replaceRowsSchema = z.object({ id: z.string({ error: "id is required" }), rows: rowsSchema });

export const updateRowSchema = z.object({ data: rowSchema });

export const addRowSchema = z.object({ data: rowSchema.optional() });

export const addColumnSchema = z.object({ name: columnNameSchema });

export const changesQuerySchema = z.object({
  since: z.string({ error: "since is required" }).refine((v) => !Number.isNaN(Date.parse(v)), "since must be an ISO date-time"),
});
