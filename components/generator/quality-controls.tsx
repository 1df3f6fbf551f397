"use client";

import { RefreshCw } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import type { AiSettings } from "@/lib/ai/defaults";
import { formatCount } from "@/lib/csv/limits";
import type { QualityView } from "./quality-view";
import type { RunRequest } from "./use-generation";
import { RegenerateFlaggedDialog } from "./lazy-dialogs";

interface Props {
  quality: QualityView;
  /** A batch is running: no second one. */
  busy: boolean;
  /** Infinity on the lifetime plan. */
  remainingCredits: number;
  /** The saved AI configuration, which the regeneration runs with. */
  config: AiSettings;
  /** Starts a bulk run (the same as any other: credits, progress panel). */
  onRun: (run: RunRequest) => void;
}

/**
 * The toolbar's "Flagged rows (N)" filter, "Failed address check (N)" once the file has an Email Status column (the
 * two combine: both on shows the rows that are both), and "Regenerate flagged rows" (with its confirmation).
 */
export function QualityControls({ quality, busy, remainingCredits, config, onRun }: Props) {
  const [confirming, setConfirming] = useState(false);
  const flagged = quality.flaggedRows.length;
  return (
    <>
      <Label className="h-9 rounded-md border px-3 font-normal">
        <Checkbox checked={quality.flaggedOnly} onCheckedChange={(v) => quality.setFlaggedOnly(v === true)} />
        {`Flagged rows (${formatCount(flagged)})`}
      </Label>
      {quality.hasEmailStatus ? (
        <Label className="h-9 rounded-md border px-3 font-normal">
          <Checkbox checked={quality.failedEmailOnly} onCheckedChange={(v) => quality.setFailedEmailOnly(v === true)} />
          {`Failed address check (${formatCount(quality.failedEmailRows.length)})`}
        </Label>
      ) : null}
      <Button variant="outline" disabled={flagged === 0 || busy} onClick={() => setConfirming(true)}>
        <RefreshCw aria-hidden /> Regenerate flagged rows
      </Button>
      <RegenerateFlaggedDialog
        open={confirming}
        onOpenChange={setConfirming}
        flagged={flagged}
        approved={quality.approvedFlagged}
        remainingCredits={remainingCredits}
        onConfirm={(overwriteApproved) => {
          const rows = overwriteApproved
            ? quality.flaggedRows
            : quality.flaggedRows.filter((r) => !quality.of(r)?.approved);
          onRun({
            // The flagged rows all have output: Only Run If ("!{{Email Body}}", say) must not leave them out.
            config: { ...config, onlyRunIf: "" },
            rowIndices: rows.map(quality.indexOf),
            options: { useApprovedExamples: false, overwriteApproved },
          });
        }}
      />
    </>
  );
}
