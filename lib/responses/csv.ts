/**
 * Answers of the CSV endpoints: files, rows, columns, changes. Each answer's type is inferred from its
 * schema (docs/architecture.md).
 */
import { z } from "zod";
import { Usage, cells, iso, isoOrNull } from "./common";
import { QualityFlag } from "./quality";

const csvSummaryFields = {
  _id: z.string(),
  fileName: z.string(),
  rowCount: z.number().int(),
  columns: z.array(z.string()),
  created: iso(),
  updatedAt: iso(),
};

export const CsvFileSummarySchema = z.object(csvSummaryFields);

export const CsvFile = z.object({
  ...csvSummaryFields,
  rows: z.array(cells()).describe("Every row has every column, in column order"),
  rowIds: z.array(z.number().int()).describe("Database ids of the rows, in the same order"),
  serverTime: iso(),
  rowsReplacedAt: isoOrNull(),
});

/**
 * `POST /csv/import`: a one-request import (or `final: true`) answers the file with its rows; the first
 * chunk of a chunked import (`final: false`) answers the file without rows (its rows come with the
 * `POST /csv/{id}/append` chunks).
 */
export const CsvImport = z
  .union([CsvFile, CsvFileSummarySchema])
  .describe(
    "The file with its rows (`CsvFile`); the first chunk of a chunked import (`final: false`) answers the file without rows (`CsvFileSummary`)",
  );

const rowFields = { _id: z.number().int(), position: z.number().int(), data: cells() };

export const Row = z.object(rowFields);

export const RowUsage = z.object({
  usage: Usage.nullable().describe("null when the row has no billed generation"),
  model: z.string().optional(),
  latencyMs: z.number().int().nullable().optional(),
  createdAt: iso().optional(),
});

export const Columns = z.object({ columns: z.array(z.string()) });

export const Changes = z.object({
  columns: z.array(z.string()),
  rowCount: z.number().int(),
  serverTime: iso(),
  reload: z.boolean().describe("Every row was replaced since `since`: fetch the whole file again"),
  rowsReplacedAt: isoOrNull(),
  rows: z.array(
    z.object({
      ...rowFields,
      deleted: z.boolean(),
      flags: z
        .array(QualityFlag)
        .nullable()
        .describe("Quality flags of the row's last generation; null: never generated"),
      approved: z.boolean().describe("The row is approved (its check mark)"),
    }),
  ),
});

export type CsvFileSummary = z.output<typeof CsvFileSummarySchema>;
export type CsvFileJson = z.output<typeof CsvFile>;
export type RowJson = z.output<typeof Row>;
export type RowUsageJson = z.output<typeof RowUsage>;
export type ChangesJson = z.output<typeof Changes>;
