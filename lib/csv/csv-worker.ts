/// <reference lib="webworker" />
// Parses a CSV file off the main thread: receives the file's bytes, answers with the table, or with what is wrong
// with the file (null: the parser failed for another reason).
import { CsvParseError, parseCsvBytes } from "./parse-csv";

self.onmessage = (event: MessageEvent<ArrayBuffer>) => {
  try {
    self.postMessage({ ok: true, result: parseCsvBytes(new Uint8Array(event.data)) });
  } catch (error) {
    self.postMessage({ ok: false, error: error instanceof CsvParseError ? error.message : null });
  }
};
