/** Import limits, checked in the browser before anything is stored and again by the API. */
export const CSV_LIMITS = {
  maxFileBytes: 50 * 1024 * 1024,
  maxRows: 100_000,
  maxColumns: 200,
  maxCellChars: 50_000,
  maxColumnNameChars: 200,
  /** Rows per request when a large file is sent in chunks. */
  chunkRows: 5_000,
} as const;

export const GENERATED_COLUMNS = {
  subject: "Subject Line",
  body: "Email Body",
  response: "AI Response",
} as const;

export function formatCount(n: number): string {
  return n.toLocaleString("en-US");
}
