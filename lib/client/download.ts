/** Saves text as a file in the browser. */
export function downloadText(fileName: string, text: string, type = "text/csv;charset=utf-8"): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** "prospects.csv" → "prospects-export.csv". */
export function exportFileName(fileName: string): string {
  return `${fileName.replace(/\.csv$/i, "") || "export"}-export.csv`;
}
