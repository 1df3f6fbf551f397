"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useImportCsv } from "./csv-import";
import { useCsvEdits, useCsvTable } from "./csv-store";
import { CSV_ID_KEY, useSessionItem } from "./session-state";

/**
 * The file the generator shows: ?csvId=, else the one kept in session storage (known once
 * hydrated), else none until the user imports one; an import becomes the shown file and the URL's.
 */
export function useGeneratorFile(initialCsvId: string | null) {
  const router = useRouter();
  const storedCsvId = useSessionItem(CSV_ID_KEY);
  const [csvId, setCsvId] = useState<string | null | undefined>(initialCsvId ?? undefined);
  if (csvId === undefined && storedCsvId !== undefined) setCsvId(storedCsvId);
  const fromUrl = Boolean(csvId) && csvId === initialCsvId;
  const file = useCsvTable(csvId ?? null, { fromUrl });
  const edits = useCsvEdits();
  const importer = useImportCsv();

  function importFile(picked: File) {
    importer.importFile(picked, {
      onSuccess: ({ table: imported }) => {
        setCsvId(imported.id);
        router.replace(`/email-generator?csvId=${imported.id}`, { scroll: false });
      },
    });
  }

  const loadError = file.isError ? (fromUrl ? "Could not load the requested CSV file" : "Error loading CSV data") : "";
  return {
    table: file.data ?? null,
    edits,
    importer,
    importFile,
    /** What the screen says while a file is imported or read (null when it is not). */
    loading: importer.progress ?? (file.isLoading ? { text: "Loading CSV data..." } : null),
    /** Why the file could not be read ("" while an import runs: the import speaks for itself). */
    loadError: importer.progress ? "" : loadError,
  };
}
