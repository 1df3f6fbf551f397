import { CSV_LIMITS } from "./limits";
import { CsvParseError, parseCsvBytes, type ParsedCsv } from "./parse-csv";

const unreadable = () => new CsvParseError("Error parsing CSV file", "unreadable");

/** Parses a File in a web worker (main thread as a fallback); rejects with a CsvParseError. */
export async function parseCsvFile(file: File): Promise<ParsedCsv> {
  if (file.size > CSV_LIMITS.maxFileBytes) {
    throw new CsvParseError(
      `The file is larger than the ${CSV_LIMITS.maxFileBytes / 1024 / 1024} MB limit (${(file.size / 1024 / 1024).toFixed(2)} MB). Split it into smaller files.`,
    );
  }
  const buffer = await file.arrayBuffer();
  if (typeof Worker === "undefined") return parseCsvBytes(new Uint8Array(buffer));
  return new Promise<ParsedCsv>((resolve, reject) => {
    const worker = new Worker(new URL("./csv-worker.ts", import.meta.url), { type: "module" });
    worker.onmessage = (event: MessageEvent<{ ok: boolean; result?: ParsedCsv; error?: string | null }>) => {
      worker.terminate();
      if (event.data.ok && event.data.result) resolve(event.data.result);
      else reject(event.data.error ? new CsvParseError(event.data.error) : unreadable());
    };
    worker.onerror = () => {
      worker.terminate();
      reject(unreadable());
    };
    worker.postMessage(buffer, [buffer]);
  });
}
