"use client";

import { Square } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { Spinner } from "@/components/ui/spinner";
import { formatUsd } from "@/lib/ai/format-usd";

export interface BatchProgress {
  id: string;
  status: string;
  processed: number;
  total: number;
  /** Spent so far (null: unknown price, or nothing billed yet). */
  costUsd: number | null;
  etaSeconds: number | null;
}

/** "about 2 min left", "about 40 s left", "about 1 h 5 min left". */
export function formatEta(seconds: number): string {
  if (seconds < 60) return `about ${Math.max(1, Math.round(seconds / 5) * 5)} s left`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} min left`;
  return `about ${Math.floor(minutes / 60)} h ${minutes % 60} min left`;
}

/** "412 of 600 · $0.83 so far · about 2 min left": the cost and the time left only when known. */
export function progressText(batch: BatchProgress): string {
  return [
    `${batch.processed} of ${batch.total}`,
    batch.costUsd !== null ? `${formatUsd(batch.costUsd)} so far` : null,
    batch.etaSeconds !== null ? formatEta(batch.etaSeconds) : null,
  ]
    .filter(Boolean)
    .join(" · ");
}

/** Progress of a running batch, with Stop. */
export function ProgressPanel({
  batch,
  stopping,
  onStop,
}: {
  batch: BatchProgress;
  stopping: boolean;
  onStop: () => void;
}) {
  const percent = batch.total > 0 ? Math.round((batch.processed / batch.total) * 100) : 0;
  return (
    <div
      className="space-y-2 rounded-lg border border-primary/30 bg-primary/5 p-4"
      role="status"
      data-testid="progress-panel"
    >
      <div className="flex items-center gap-3 text-sm">
        <Spinner className="text-primary" />
        <span className="font-medium">
          {batch.status === "cancelling" || stopping ? "Stopping..." : "Generating emails..."}{" "}
          <span data-testid="progress-text">{progressText(batch)}</span> ({percent}%)
        </span>
        <Button
          size="sm"
          variant="outline"
          className="ml-auto"
          onClick={onStop}
          disabled={stopping || batch.status === "cancelling"}
        >
          <Square aria-hidden /> Stop
        </Button>
      </div>
      <Progress value={percent} aria-label="Generation progress" />
    </div>
  );
}
