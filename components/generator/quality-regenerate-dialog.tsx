"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { formatCount } from "@/lib/csv/limits";

const rows = (n: number) => `${formatCount(n)} row${n === 1 ? "" : "s"}`;
const credits = (n: number) => `${formatCount(n)} credit${n === 1 ? "" : "s"}`;

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Rows with at least one flag. */
  flagged: number;
  /** Of those, the approved ones (skipped unless the user ticks the option). */
  approved: number;
  /** Infinity on the lifetime plan. */
  remainingCredits: number;
  onConfirm: (overwriteApproved: boolean) => void;
}

/** "Regenerate flagged rows": how many rows and credits, approved rows skipped unless ticked. */
export function RegenerateFlaggedDialog({ open, onOpenChange, flagged, approved, remainingCredits, onConfirm }: Props) {
  const [overwrite, setOverwrite] = useState(false);
  // The option starts unticked each time the dialog opens.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOverwrite(false);
  }
  const runs = overwrite ? flagged : flagged - approved;
  const unlimited = remainingCredits === Infinity;
  const short = !unlimited && runs > remainingCredits;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Regenerate flagged rows</DialogTitle>
          <DialogDescription>
            {runs > 0
              ? `${rows(runs)} will be generated again with the current AI configuration.`
              : "Every flagged row is approved: there is nothing to regenerate."}
          </DialogDescription>
        </DialogHeader>
        <div className="space-y-3 text-sm">
          {runs > 0 ? (
            <p data-testid="regenerate-credits">
              {unlimited
                ? "Your lifetime plan uses no credits."
                : `This uses ${credits(runs)} (${formatCount(remainingCredits)} remaining).`}
            </p>
          ) : null}
          {short ? (
            <p className="text-destructive" role="alert">
              Not enough credits available.
            </p>
          ) : null}
          {approved > 0 ? (
            <>
              {!overwrite ? (
                <p className="text-muted-foreground">
                  {approved === 1
                    ? "1 approved flagged row is skipped."
                    : `${formatCount(approved)} approved flagged rows are skipped.`}
                </p>
              ) : null}
              <Label className="font-normal">
                <Checkbox checked={overwrite} onCheckedChange={(v) => setOverwrite(v === true)} />
                {approved === 1
                  ? "Also regenerate the approved row"
                  : `Also regenerate the ${formatCount(approved)} approved rows`}
              </Label>
            </>
          ) : null}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            disabled={runs === 0 || short}
            onClick={() => {
              onOpenChange(false);
              onConfirm(overwrite);
            }}
          >
            {`Regenerate ${rows(runs)}`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
