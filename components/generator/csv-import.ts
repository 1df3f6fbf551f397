"use client";

/** Importing a CSV file into the generator: parsed in a worker, sent in chunks, then shown (see ./csv-store.ts). */

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api, messageOf } from "@/lib/client/api";
import { CSV_LIMITS, formatCount } from "@/lib/csv/limits";
import { CsvParseError, type ParsedCsv } from "@/lib/csv/parse-csv";
import { parseCsvFile } from "@/lib/csv/parse-in-worker";
import type { CsvFileJson, CsvFileSummary } from "@/lib/responses/csv";
import { csvFileKey, fetchTable, fileUrl, invalidateFileLists, toTable, type CsvTable } from "./csv-store";
import { CSV_ID_KEY, writeSessionItem } from "./session-state";

export type ImportProgress = { text: string; progress?: number } | null;

/** An import that failed, with the text the screen shows. */
class ImportFailure extends Error {}

function parseFailureText(error: unknown): string {
  return error instanceof CsvParseError && error.code === "invalid"
    ? `Error parsing CSV file: ${error.message}`
    : "Error parsing CSV file";
}

/** What the screen says about a file it has just imported (renamed headers, encoding, skipped rows). */
function importNotice(parsed: ParsedCsv): string {
  const notes: string[] = [];
  if (parsed.renamedColumns.length) {
    const renamed = parsed.renamedColumns.map((r) => `${r.original ? `"${r.original}"` : "(blank)"} → "${r.name}"`);
    notes.push(`Renamed columns: ${renamed.join(", ")}.`);
  }
  if (parsed.encoding === "windows-1252") notes.push("The file was read as Windows-1252 (it was not UTF-8).");
  if (parsed.droppedEmptyRows) notes.push(`${parsed.droppedEmptyRows} empty rows were skipped.`);
  return notes.join(" ");
}

/** Stores a parsed file (in chunks when large) and reads it back with its row ids. */
async function upload(
  fileName: string,
  parsed: ParsedCsv,
  onProgress: (sent: number, total: number) => void,
): Promise<CsvTable> {
  const { columns, rows } = parsed;
  const size = CSV_LIMITS.chunkRows;
  const first = rows.slice(0, size);
  const single = rows.length <= size;
  const created = await api<CsvFileJson | CsvFileSummary>("/api/csv/import", {
    body: { fileName, columns, rows: first, final: single },
  });
  onProgress(first.length, rows.length);
  if (single) return toTable(created as CsvFileJson);
  try {
    for (let i = size; i < rows.length; i += size) {
      const chunk = rows.slice(i, i + size);
      await api(`${fileUrl(created._id)}/append`, { body: { rows: chunk, final: i + size >= rows.length } });
      onProgress(Math.min(i + size, rows.length), rows.length);
    }
  } catch (error) {
    await api(fileUrl(created._id), { method: "DELETE" }).catch(() => undefined);
    throw error;
  }
  return fetchTable(created._id);
}

/**
 * Import CSV: parse in a worker, store in chunks (with progress), then the file becomes the
 * session's current one. `error` is the screen's text ('Error parsing CSV file...', 'Error
 * importing CSV: ...').
 */
export function useImportCsv() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<ImportProgress>(null);
  const mutation = useMutation({
    mutationFn: async (file: File) => {
      setProgress({ text: `Reading ${file.name}...` });
      let parsed: ParsedCsv;
      try {
        parsed = await parseCsvFile(file);
      } catch (error) {
        throw new ImportFailure(parseFailureText(error));
      }
      if (parsed.rows.length === 0) {
        throw new ImportFailure("Error parsing CSV file: the file has a header row but no data rows.");
      }
      setProgress({ text: `Importing ${formatCount(parsed.rows.length)} rows...`, progress: 0 });
      try {
        const table = await upload(file.name, parsed, (sent, total) =>
          setProgress({
            text: `Importing ${formatCount(sent)} of ${formatCount(total)} rows...`,
            progress: Math.round((sent / total) * 100),
          }),
        );
        return { table, notice: importNotice(parsed) };
      } catch (error) {
        throw new ImportFailure(`Error importing CSV: ${messageOf(error, "please try again.")}`);
      }
    },
    onSuccess: ({ table }) => {
      queryClient.setQueryData(csvFileKey(table.id), table);
      writeSessionItem(CSV_ID_KEY, table.id);
      invalidateFileLists(queryClient);
    },
    onSettled: () => setProgress(null),
  });
  return {
    importFile: mutation.mutate,
    progress: mutation.isPending ? (progress ?? { text: "Reading file..." }) : null,
    error:
      mutation.error instanceof ImportFailure ? mutation.error.message : mutation.error ? "Error importing CSV" : "",
    notice: mutation.data?.notice ?? "",
  };
}
