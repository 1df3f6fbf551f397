"use client";

import { useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { formatUsd } from "@/lib/ai/format-usd";
import { SOURCES_COLUMN } from "@/lib/ai/result";
import { useRowUsage } from "@/lib/client/queries/csv";
import { useFileQuality } from "@/lib/client/queries/quality";
import { csvFileKey, type CsvTable } from "./csv-store";
import { QualityFlagList } from "./preview-flags";
import { SourceLinks, sourcesOfCell } from "./preview-sources";

function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

const number = (n: number) => n.toLocaleString("en-US");

/** Tokens, cost and model of the row's newest billed generation. */
function RowUsageLine({ csvId, rowId }: { csvId: string | null; rowId: number | null }) {
  const query = useRowUsage(csvId, rowId);
  const data = query.data;
  if (query.isPending || query.isError || !data?.usage) return null;
  const { usage } = data;
  const parts = [
    data.model,
    `${number(usage.inputTokens)} input tokens${usage.cachedInputTokens > 0 ? ` (${number(usage.cachedInputTokens)} cached)` : ""}`,
    `${number(usage.outputTokens)} output tokens`,
    usage.costUsd !== null ? formatUsd(usage.costUsd) : "cost unknown",
    data.latencyMs != null ? `${(data.latencyMs / 1000).toFixed(1)} s` : null,
  ].filter(Boolean);
  return (
    <p className="text-xs text-muted-foreground" data-testid="ai-response-usage">
      {parts.join(" · ")}
    </p>
  );
}

/** The row's quality flags (from the file's quality) and the pages its web research cited (its Sources cell). */
function RowQualityAndSources({ csvId, rowId }: { csvId: string | null; rowId: number | null }) {
  const queryClient = useQueryClient();
  const quality = useFileQuality(csvId);
  const flags = quality.data?.rows.find((r) => r.rowId === rowId)?.flags ?? [];
  // The row as the generator's table holds it (read when the viewer opens).
  const table = csvId ? queryClient.getQueryData<CsvTable>(csvFileKey(csvId)) : undefined;
  const sources = sourcesOfCell(table?.rows.find((r) => r.id === rowId)?.data[SOURCES_COLUMN]);
  if (flags.length === 0 && sources.length === 0) return null;
  return (
    <div className="space-y-3">
      <QualityFlagList flags={flags} />
      <SourceLinks urls={sources} />
    </div>
  );
}

/** Shows the raw AI response (JSON text) of one row, with what its generation cost, its flags and sources. */
export function AiResponseDialog({
  response,
  csvId,
  rowId,
  onOpenChange,
}: {
  response: string | null;
  csvId: string | null;
  rowId: number | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={response !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>AI Response</DialogTitle>
          <DialogDescription>The model&apos;s structured answer for this row.</DialogDescription>
        </DialogHeader>
        <pre
          tabIndex={0}
          className="max-h-[60vh] overflow-auto rounded-md bg-muted p-3 font-mono text-xs whitespace-pre-wrap"
          data-testid="ai-response"
        >
          {response ? pretty(response) : ""}
        </pre>
        {response !== null ? <RowUsageLine csvId={csvId} rowId={rowId} /> : null}
        {response !== null ? <RowQualityAndSources csvId={csvId} rowId={rowId} /> : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Close
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
