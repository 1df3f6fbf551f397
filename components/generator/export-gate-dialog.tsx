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

/** "Skip 4 rows with problems". */
const skipLabel = (n: number) => `Skip ${n} row${n === 1 ? "" : "s"} with problems`;

export interface ExportGateProps {
  /** The export waiting for an answer ("Export as CSV", "Export to Make" …); null: closed. */
  action: string | null;
  /** Rows carrying a blocking quality flag. */
  blocked: number;
  total: number;
  onCancel: () => void;
  onConfirm: (skipBlocked: boolean) => void;
}

/**
 * Asked before an export when some rows carry blocking quality flags (unresolved placeholders, model
 * preamble, empty output, parse errors): they are left out unless the user unticks the option.
 */
export function ExportGateDialog({ action, blocked, total, onCancel, onConfirm }: ExportGateProps) {
  const open = action !== null;
  const [skip, setSkip] = useState(true);
  // Ticked again each time the dialog opens.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setSkip(true);
  }
  const count = skip ? total - blocked : total;
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onCancel()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Rows with problems</DialogTitle>
          <DialogDescription>
            {blocked === 1
              ? "1 row has a blocking quality flag (for example an unresolved placeholder or a model preamble)."
              : `${formatCount(blocked)} rows have blocking quality flags (for example unresolved placeholders or a model preamble).`}{" "}
            Use the &quot;Flagged rows&quot; filter to review them.
          </DialogDescription>
        </DialogHeader>
        <Label className="text-sm font-normal">
          <Checkbox checked={skip} onCheckedChange={(v) => setSkip(v === true)} />
          {skipLabel(blocked)}
        </Label>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={() => onConfirm(skip)} data-testid="export-gate-confirm">
            {`${action ?? "Export"} (${formatCount(count)} row${count === 1 ? "" : "s"})`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
