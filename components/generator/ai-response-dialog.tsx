"use client";

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
import { useRowUsage } from "@/lib/client/queries/csv";

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

/** Shows the raw AI response (JSON text) of one row, with what its generation cost. */
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
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Close
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
