"use client";

import { useId } from "react";
import { isFailedRow, SOURCES_COLUMN } from "@/lib/ai/result";
import type { QualityRowJson } from "@/lib/client/queries/quality";
import type { PushReceiptJson } from "@/lib/client/queries/push-receipts";
import { GENERATED_COLUMNS } from "@/lib/csv/limits";
import { cn } from "@/lib/utils";
import type { TableRow } from "./csv-store";
import { QualityFlagList } from "./preview-flags";
import { SourceLinks, sourcesOfCell } from "./preview-sources";
import { prospectFields } from "./prospect-fields";
import { PushReceiptList } from "./push-receipts";

const LABELS: Record<string, string> = { [GENERATED_COLUMNS.subject]: "Subject", [GENERATED_COLUMNS.body]: "Body" };

function Section({ title, children, className }: { title: string; children: React.ReactNode; className?: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={cn("space-y-1", className)}>
      <h3 id={id} className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** The prospect: name, e-mail and company first, then the other columns with a value, compactly. */
export function ProspectSummary({ columns, row }: { columns: readonly string[]; row: TableRow }) {
  const { name, email, company, others } = prospectFields(columns, row.data);
  return (
    <Section title="Prospect">
      <p className="font-semibold" data-testid="reading-prospect">
        {[name, email, company].filter(Boolean).join(" · ") || "No name, e-mail or company"}
      </p>
      {others.length > 0 ? (
        <dl className="grid grid-cols-[minmax(0,10rem)_1fr] gap-x-3 gap-y-0.5 text-xs">
          {others.map(({ column, value }) => (
            <div key={column} className="contents">
              <dt className="truncate text-muted-foreground" title={column}>
                {column}
              </dt>
              <dd className="line-clamp-2 break-words whitespace-pre-line">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </Section>
  );
}

/** The generated e-mail: subject, body (line breaks kept), the other output fields, the sources. */
export function GeneratedOutput({ columns, row }: { columns: readonly string[]; row: TableRow }) {
  const text = (column: string) => row.data[column] ?? "";
  if (!text(GENERATED_COLUMNS.subject).trim() && !text(GENERATED_COLUMNS.body).trim())
    return <p className="text-sm text-muted-foreground">No e-mail generated for this row yet.</p>;
  const failed = isFailedRow(row.data);
  return (
    <div className="space-y-4">
      {failed ? <p className="text-sm font-medium text-destructive">The generation of this row failed.</p> : null}
      {columns.map((column) => {
        if (column === GENERATED_COLUMNS.response) return null;
        if (column === SOURCES_COLUMN)
          return <SourceLinks key={column} urls={sourcesOfCell(row.data[SOURCES_COLUMN])} />;
        const value = text(column);
        const main = column === GENERATED_COLUMNS.subject || column === GENERATED_COLUMNS.body;
        if (!main && !value.trim()) return null;
        return (
          <Section key={column} title={LABELS[column] ?? column}>
            <p
              className={cn(
                "text-sm break-words whitespace-pre-wrap",
                column === GENERATED_COLUMNS.subject && "font-semibold",
              )}
              data-testid={main ? `reading-${LABELS[column]!.toLowerCase()}` : undefined}
            >
              {value || "\u2014"}
            </p>
          </Section>
        );
      })}
    </div>
  );
}

/** The row's approval and quality flags, and where it was pushed. */
export function RowStatus({
  quality,
  receipts,
}: {
  quality: QualityRowJson | undefined;
  receipts: readonly PushReceiptJson[];
}) {
  if (!quality && receipts.length === 0) return null;
  return (
    <div className="space-y-3 text-xs">
      {quality ? (
        <Section title="Quality">
          <p data-testid="reading-approval" className={quality.approved ? "font-semibold text-success" : undefined}>
            {quality.approved ? "Approved" : "Not approved"}
            {quality.flags.length === 0 ? " · no quality flags" : ""}
          </p>
          <QualityFlagList flags={quality.flags} />
        </Section>
      ) : null}
      {receipts.length > 0 ? (
        <Section title="Pushed to">
          <PushReceiptList receipts={receipts} />
        </Section>
      ) : null}
    </div>
  );
}
