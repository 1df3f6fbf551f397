"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { messageOf } from "@/lib/client/api";
import { CsvParseError } from "@/lib/csv/parse-csv";
import { parseCsvFile } from "@/lib/csv/parse-in-worker";
import { formatCount } from "@/lib/csv/limits";
import { CSV_ID_KEY, type CsvFileState } from "./use-csv-file";

export type LoadStatus = { text: string; progress?: number } | null;

/**
 * Loading a saved file (?csvId= or the one kept in session storage) and importing a new one:
 * parse in a worker, store in chunks, put the id in the URL and in session storage.
 */
export function useCsvLoader(csv: CsvFileState, initialCsvId: string | null) {
  const router = useRouter();
  const [status, setStatus] = useState<LoadStatus>(null);
  const [error, setError] = useState("");
  const [notice, setNotice] = useState("");
  const started = useRef(false);
  const { load, importParsed } = csv;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const stored = sessionStorage.getItem(CSV_ID_KEY);
    const id = initialCsvId ?? stored;
    if (!id) return;
    // The file id lives in the URL or session storage (external to React): reading it needs an effect.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setStatus({ text: "Loading CSV data..." });
    load(id)
      .then(() => sessionStorage.setItem(CSV_ID_KEY, id))
      .catch(() => {
        if (initialCsvId) setError("Could not load the requested CSV file");
        else {
          sessionStorage.removeItem(CSV_ID_KEY);
          setError("Error loading CSV data");
        }
      })
      .finally(() => setStatus(null));
  }, [initialCsvId, load]);

  const importFile = useCallback(
    async (file: File) => {
      setError("");
      setNotice("");
      setStatus({ text: `Reading ${file.name}...` });
      let parsed;
      try {
        parsed = await parseCsvFile(file);
      } catch (err) {
        setStatus(null);
        setError(err instanceof CsvParseError && err.message !== "Error parsing CSV file" ? `Error parsing CSV file: ${err.message}` : "Error parsing CSV file");
        return;
      }
      if (parsed.rows.length === 0) {
        setStatus(null);
        setError("Error parsing CSV file: the file has a header row but no data rows.");
        return;
      }
      try {
        setStatus({ text: `Importing ${formatCount(parsed.rows.length)} rows...`, progress: 0 });
        const table = await importParsed(file.name, parsed, (sent, total) =>
          setStatus({ text: `Importing ${formatCount(sent)} of ${formatCount(total)} rows...`, progress: Math.round((sent / total) * 100) }),
        );
        sessionStorage.setItem(CSV_ID_KEY, table.id);
        router.replace(`/email-generator?csvId=${table.id}`, { scroll: false });
        const notes = [];
        if (parsed.renamedColumns.length) notes.push(`Renamed columns: ${parsed.renamedColumns.map((r) => `${r.original ? `"${r.original}"` : "(blank)"} → "${r.name}"`).join(", ")}.`);
        if (parsed.encoding === "windows-1252") notes.push("The file was read as Windows-1252 (it was not UTF-8).");
        if (parsed.droppedEmptyRows) notes.push(`${parsed.droppedEmptyRows} empty rows were skipped.`);
        setNotice(notes.join(" "));
      } catch (err) {
        setError(`Error importing CSV: ${messageOf(err, "please try again.")}`);
      } finally {
        setStatus(null);
      }
    },
    [importParsed, router],
  );

  return { status, error, setError, notice, setNotice, importFile };
}
