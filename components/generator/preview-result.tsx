import { formatMoney, formatNumber } from "@/lib/client/format";
import { GENERATED_COLUMNS } from "@/lib/csv/limits";
import { SOURCES_COLUMN } from "@/lib/ai/result";
import { QualityFlagList } from "./preview-flags";
import { SourceLinks } from "./preview-sources";
import type { PreviewResultJson } from "@/lib/responses/quality";

/** Output fields shown under their own name (the product's fields have their own places). */
const SHOWN_ELSEWHERE = new Set(["subject_line", "email_body", "content"]);
/** Columns a generation writes: left out of the row's input values. */
const GENERATED = new Set<string>([...Object.values(GENERATED_COLUMNS), SOURCES_COLUMN]);

/** The row's non-empty input values on one line, in column order ("First Name: Priya · Company: Acme · …"). */
function rowSummary(row: Record<string, string>, columns: string[]): string {
  const order = [...columns.filter((c) => c in row), ...Object.keys(row).filter((c) => !columns.includes(c))];
  return order
    .filter((column) => !GENERATED.has(column) && (row[column] ?? "").trim() !== "")
    .map((column) => `${column}: ${row[column]!.replace(/\s+/g, " ").trim()}`)
    .join(" · ");
}

/** Extra text fields of the answer (follow-ups, more subject lines), in schema order. */
function extraFields(output: Record<string, unknown> | null): [string, string][] {
  if (!output) return [];
  return Object.entries(output).flatMap(([key, value]) =>
    SHOWN_ELSEWHERE.has(key) || value === null || value === undefined
      ? []
      : [[key, typeof value === "string" ? value : JSON.stringify(value)] as [string, string]],
  );
}

function UsageLine({ usage }: { usage: PreviewResultJson["usage"] }) {
  if (!usage) return null;
  const cost = usage.costUsd !== null ? formatMoney(usage.costUsd) : "cost unknown";
  const tokens = `${formatNumber(usage.inputTokens)} input · ${formatNumber(usage.outputTokens)} output tokens`;
  return (
    <span className="text-xs text-muted-foreground" data-testid="preview-usage">
      {cost} · {tokens}
    </span>
  );
}

/** One previewed row: its values, the prompt as sent, the e-mail (or the error), flags, sources and cost. */
export function PreviewResult({ result, columns }: { result: PreviewResultJson; columns: string[] }) {
  const summary = rowSummary(result.row, columns);
  const headingId = `preview-row-${result.rowId}`;
  return (
    <article
      className="space-y-2 rounded-lg border bg-card p-3"
      aria-labelledby={headingId}
      data-testid="preview-result"
      data-row-index={result.rowIndex}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold">
          Row {result.rowIndex + 1}
        </h3>
        <UsageLine usage={result.usage} />
      </div>
      {summary ? (
        <p className="line-clamp-2 text-xs text-muted-foreground" title={summary}>
          {summary}
        </p>
      ) : null}
      <details className="text-xs">
        <summary className="cursor-pointer font-medium text-muted-foreground hover:text-foreground">
          Prompt sent
        </summary>
        <pre
          className="mt-1 max-h-48 overflow-auto rounded-md bg-muted p-2 font-mono whitespace-pre-wrap"
          data-testid="preview-prompt"
        >
          {result.prompt}
        </pre>
      </details>
      {"error" in result ? (
        <p
          className="rounded-md border border-destructive/40 bg-destructive-subtle p-2 text-sm text-destructive"
          role="alert"
        >
          {result.error}
        </p>
      ) : (
        <div className="space-y-2 text-sm">
          {result.subject_line ? (
            <p data-testid="preview-subject">
              <span className="font-medium">Subject: </span>
              {result.subject_line}
            </p>
          ) : null}
          <p className="whitespace-pre-wrap" data-testid="preview-body">
            {result.email_body}
          </p>
          {extraFields(result.output).map(([field, text]) => (
            <div key={field} className="space-y-0.5">
              <p className="font-mono text-xs font-medium text-muted-foreground">{field}</p>
              <p className="whitespace-pre-wrap" data-testid={`preview-field-${field}`}>
                {text}
              </p>
            </div>
          ))}
          {result.sources && result.sources.length > 0 ? (
            <SourceLinks urls={result.sources.map((s) => s.url)} titles={result.sources.map((s) => s.title)} />
          ) : null}
        </div>
      )}
      <QualityFlagList flags={result.flags} />
    </article>
  );
}
