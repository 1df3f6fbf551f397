"use client";

import { useState } from "react";
import { toast } from "sonner";
import { FormAlert } from "@/components/auth/form-alert";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { Progress } from "@/components/ui/progress";
import { messageOf } from "@/lib/client/api";
import {
  emailCheckProgressText,
  emailCheckStatusTitle,
  emailCheckSummaryText,
  emptyCellsOf,
  isEmailCheckOver,
} from "@/lib/client/email-check-text";
import { useCancelEmailCheck } from "@/lib/client/queries/email-checks";
import { formatNumber } from "@/lib/client/format";
import type { EmailCheckJson } from "@/lib/responses/email-checks";

interface Props {
  check: EmailCheckJson;
  onClose: () => void;
  onNewCheck: () => void;
}

/**
 * A check under way (progress bar, "Checked N of M", Cancel check) or ended (its summary, the error when it
 * failed, Check again).
 */
export function EmailCheckProgress({ check, onClose, onNewCheck }: Props) {
  const over = isEmailCheckOver(check);
  return (
    <div className="space-y-4">
      <div>
        <h3 className="font-semibold" data-testid="email-check-status">
          {emailCheckStatusTitle(check.status)}
        </h3>
        <p className="text-sm text-muted-foreground">
          {`Column "${check.column}"${check.connectionId ? ", also verified with ZeroBounce" : ""}`}
        </p>
      </div>
      {over ? <CheckOutcome check={check} /> : <CheckRunning check={check} />}
      <DialogFooter>
        {over ? (
          <Button type="button" variant="outline" onClick={onNewCheck}>
            Check again
          </Button>
        ) : (
          <CancelCheckButton checkId={check.id} />
        )}
        <Button type="button" onClick={onClose}>
          Close
        </Button>
      </DialogFooter>
    </div>
  );
}

function CheckRunning({ check }: { check: EmailCheckJson }) {
  return (
    <div className="space-y-2">
      <Progress aria-label="Address check progress" value={check.checked} max={check.total} />
      <p className="text-sm" aria-live="polite" data-testid="email-check-progress-text">
        {emailCheckProgressText(check)}
      </p>
      <p className="text-xs text-muted-foreground">The check goes on if you close this window.</p>
    </div>
  );
}

function CheckOutcome({ check }: { check: EmailCheckJson }) {
  const empty = emptyCellsOf(check);
  return (
    <div className="space-y-3">
      <p className="text-sm font-medium" role="status" data-testid="email-check-summary">
        {emailCheckSummaryText(check.counts)}
      </p>
      {check.status === "cancelled" ? (
        <p className="text-xs text-muted-foreground">
          {`${emailCheckProgressText(check)} before the check was cancelled. Checked addresses keep their status.`}
        </p>
      ) : null}
      {empty > 0 ? (
        <p className="text-xs text-muted-foreground">
          {`${formatNumber(empty)} ${empty === 1 ? "row has" : "rows have"} no address and got no status.`}
        </p>
      ) : null}
      {check.status === "failed" && check.error ? <FormAlert kind="error">{check.error}</FormAlert> : null}
    </div>
  );
}

/** "Cancel check", confirmed first: the addresses already checked keep their status. */
function CancelCheckButton({ checkId }: { checkId: string }) {
  const cancel = useCancelEmailCheck();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button type="button" variant="outline" disabled={cancel.isPending} onClick={() => setAsking(true)}>
        {cancel.isPending ? "Cancelling..." : "Cancel check"}
      </Button>
      <AlertDialog open={asking} onOpenChange={setAsking}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Cancel this check?</AlertDialogTitle>
            <AlertDialogDescription>Checked addresses keep their status.</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Keep checking</AlertDialogCancel>
            <AlertDialogAction
              className="bg-destructive text-destructive-foreground hover:bg-destructive/90"
              onClick={() =>
                cancel.mutate(checkId, {
                  onError: (error) => toast.error(messageOf(error, "Could not cancel the check. Please try again.")),
                })
              }
            >
              Cancel check
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
