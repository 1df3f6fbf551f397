"use client";

import { Pause, Play, Square } from "lucide-react";
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
  /** Batch mode (the provider's Batch API): the provider's name and how many requests it has and returned. */
  provider?: { name: string; submitted: number; returned: number } | null;
}

const count = (n: number) => n.toLocaleString("en-US");

/** Batch mode: "Submitting to OpenAI…", then "Submitted to OpenAI · 1,240 of 5,000 back". */
function providerText(provider: NonNullable<BatchProgress["provider"]>): string {
  if (provider.submitted === 0) return `Submitting to ${provider.name}…`;
  return `Submitted to ${provider.name} · ${count(provider.returned)} of ${count(provider.submitted)} back`;
}

/** "about 2 min left", "about 40 s left", "about 1 h 5 min left". */
function formatEta(seconds: number): string {
  if (seconds < 60) return `about ${Math.max(1, Math.round(seconds / 5) * 5)} s left`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} min left`;
  return `about ${Math.floor(minutes / 60)} h ${minutes % 60} min left`;
}

/**
 * "412 of 600 · $0.83 so far · about 2 min left": the cost and the time left only when known. Batch
 * mode: the provider's progress instead of the rows, and no time left (rows come back when its batch ends).
 */
export function progressText(batch: BatchProgress): string {
  return [
    batch.provider ? providerText(batch.provider) : `${batch.processed} of ${batch.total}`,
    batch.costUsd !== null ? `${formatUsd(batch.costUsd)} so far` : null,
    batch.etaSeconds !== null && !batch.provider ? formatEta(batch.etaSeconds) : null,
  ]
    .filter(Boolean)
    .join(" · ");
}

/** Progress of a running batch, with Pause / Resume and Stop. */
export function ProgressPanel({
  batch,
  stopping,
  onStop,
  controlling = false,
  onControl,
}: {
  batch: BatchProgress;
  stopping: boolean;
  onStop: () => void;
  controlling?: boolean;
  onControl?: (action: "pause" | "resume") => void;
}) {
  const percent = batch.total > 0 ? Math.round((batch.processed / batch.total) * 100) : 0;
  const paused = batch.status === "paused";
  const ending = batch.status === "cancelling" || stopping;
  return (
    <div
      className="space-y-2 rounded-lg border border-primary/30 bg-primary/5 p-4"
      role="status"
      data-testid="progress-panel"
    >
      <div className="flex items-center gap-3 text-sm">
        {paused ? <Pause className="size-4 text-primary" aria-hidden /> : <Spinner className="text-primary" />}
        <span className="font-medium">
          {ending ? "Stopping..." : paused ? "Paused" : "Generating emails..."}{" "}
          <span data-testid="progress-text">{progressText(batch)}</span> ({percent}%)
        </span>
        {onControl ? (
          <Button
            size="sm"
            variant="outline"
            className="ml-auto"
            onClick={() => onControl(paused ? "resume" : "pause")}
            disabled={controlling || ending}
          >
            {paused ? <Play aria-hidden /> : <Pause aria-hidden />} {paused ? "Resume" : "Pause"}
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="outline"
          className={onControl ? undefined : "ml-auto"}
          onClick={onStop}
          disabled={ending}
        >
          <Square aria-hidden /> Stop
        </Button>
      </div>
      <Progress value={percent} aria-label="Generation progress" />
      {paused ? (
        <p className="text-xs text-muted-foreground">
          No new rows start while paused; the unstarted rows keep their credits. Resume continues where it stopped.
        </p>
      ) : null}
    </div>
  );
}
