// How the benches print: number formats, a prefixed log line, named checks, and the summary table of
// figures against their goals.

export const fmt = (n) => Math.round(n).toLocaleString("en-US");
/** kB (as /proc counts) to MB. */
export const mb = (kb) => `${(kb / 1024).toFixed(1)} MB`;
/** Bytes to KB (1,024 bytes). */
export const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
/** Bytes to MB (1,024 x 1,024 bytes), the number alone. */
export const mbOf = (bytes) => (bytes / 1024 / 1024).toFixed(1);
export const secs = (ms) => `${(ms / 1000).toFixed(2)} s`;
export const ratio = (x) => (Number.isFinite(x) ? x.toFixed(2) : "n/a");
/** `count` rows over `ms` milliseconds, formatted. */
export const rowsPerSec = (count, ms) => fmt(count / (ms / 1000));

/** A log function whose lines start with `[prefix]`. */
export function logger(prefix) {
  return (...parts) => console.log(`[${prefix}] ${parts.join(" ")}`);
}

/** Named checks: `check(label, ok, detail)` records one (and logs it at once when it fails). */
export function createChecks(log) {
  const checks = [];
  const check = (label, ok, detail = "") => {
    checks.push({ label, ok, detail });
    if (!ok) log(`CHECK FAILED: ${label} ${detail}`);
  };
  const failed = () => checks.filter((c) => !c.ok);
  const summary = () => {
    const bad = failed();
    const list = bad.length ? `; FAILED: ${bad.map((c) => `${c.label} (${c.detail})`).join("; ")}` : "";
    return `${checks.length - bad.length}/${checks.length} passed${list}`;
  };
  return { check, failed, summary };
}

/**
 * The summary table: `row(figure, value, goal, pass)` adds a line (pass null: information, no goal);
 * `lines()` answers the header, a rule and the rows in aligned columns.
 */
export function createTable() {
  const rows = [];
  const header = ["Figure", "Value", "Goal", ""];
  return {
    row(figure, value, goal, pass) {
      rows.push([figure, value, goal, pass === null ? "info" : pass ? "PASS" : "FAIL"]);
    },
    lines() {
      const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
      const line = (cells) => cells.map((c, i) => c.padEnd(widths[i])).join("  ");
      return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)];
    },
  };
}
