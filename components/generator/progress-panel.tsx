"use client";

import { Square } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { Spinner } from "@/components/ui/spinner";

export interface BatchProgress {
  id: string;
  status: string;
  processed: number;
  total: number;
}

/** Progress of a running batch, with Stop. */
export function ProgressPanel({ batch, stopping, onStop }: { batch: BatchProgress; stopping: boolean; onStop: () => void }) {
  const percent = batch.total > 0 ? Math.round((batch.processed / batch.total) * 100) : 0;
  return (
    <div className="space-y-2 rounded-lg border border-primary/30 bg-primary/5 p-4" role="status" data-testid="progress-panel">
      <div className="flex items-center gap-3 text-sm">
        <Spinner className="text-primary" />
        <span className="font-medium">
          {batch.status === "cancelling" || stopping ? "Stopping..." : "Generating emails..."} {batch.processed} of {batch.total} ({percent}%)
        </span>
        <Button size="sm" variant="outline" className="ml-auto" onClick={onStop} disabled={stopping || batch.status === "cancelling"}>
          <Square aria-hidden /> Stop
        </Button>
      </div>
      <Progress value={percent} aria-label="Generation progress" />
    </div>
  );
}
