"use client";

import { Download } from "lucide-react";
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
import { formatNumber } from "@/lib/client/format";
import {
  allSkipped,
  isPushOver,
  pushDone,
  pushProgressText,
  pushStatusTitle,
  pushSummaryText,
} from "@/lib/client/push-text";
import { pushReportUrl, useCancelPush } from "@/lib/client/queries/sending";
import { SERVICE_LABELS } from "@/lib/sending/tools";
import type { PushJson } from "@/lib/responses/sending";

interface Props {
  push: PushJson;
  onClose: () => void;
  onNewPush: () => void;
}

/**
 * A push under way (progress bar, "Pushed N of M", Cancel push) or ended (its summary, the tool's
 * error when it failed, and the report of the skipped and failed rows).
 */
export function PushProgress({ push, onClose, onNewPush }: Props) {
  const over = isPushOver(push);
  return (
    <div className="space-y-4">
      <div>
        <h3 className="font-semibold" data-testid="push-status">
          {pushStatusTitle(push.status)}
        </h3>
        <p className="text-sm text-muted-foreground">
          To {push.campaignName} in {SERVICE_LABELS[push.service]}
        </p>
      </div>
      {over ? <PushOutcome push={push} /> : <PushRunning push={push} />}
      <DialogFooter>
        {over ? (
          <Button type="button" variant="outline" onClick={onNewPush}>
            New push
          </Button>
        ) : (
          <CancelPushButton pushId={push.id} />
        )}
        <Button type="button" onClick={onClose}>
          Close
        </Button>
      </DialogFooter>
    </div>
  );
}

function PushRunning({ push }: { push: PushJson }) {
  const other = allSkipped(push) + push.failed;
  return (
    <div className="space-y-2">
      <Progress aria-label="Push progress" value={pushDone(push)} max={push.total} />
      <p className="text-sm" aria-live="polite" data-testid="push-progress-text">
        {pushProgressText(push)}
        {other > 0 ? ` · skipped ${formatNumber(allSkipped(push))} · failed ${formatNumber(push.failed)}` : ""}
      </p>
      <p className="text-xs text-muted-foreground">The push goes on if you close this window.</p>
    </div>
  );
}

function PushOutcome({ push }: { push: PushJson }) {
  const withReport = push.skipped + push.failed > 0;
  return (
    <div className="space-y-3">
      <p className="text-sm font-medium" role="status" data-testid="push-summary">
        {pushSummaryText(push)}
      </p>
      {push.providerSkipped > 0 ? (
        <p className="text-xs text-muted-foreground">
          {formatNumber(push.providerSkipped)} of the skipped rows were skipped by the tool (already in a campaign or a
          duplicate).
        </p>
      ) : null}
      {push.status === "failed" && push.error ? <FormAlert kind="error">{push.error}</FormAlert> : null}
      {withReport ? (
        <Button asChild variant="outline">
          <a href={pushReportUrl(push.id)} download>
            <Download aria-hidden /> Download skipped and failed rows
          </a>
        </Button>
      ) : null}
    </div>
  );
}

/** "Cancel push", confirmed first: rows already sent stay in the campaign. */
function CancelPushButton({ pushId }: { pushId: string }) {
  const cancel = useCancelPush();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button type="button" variant="outline" disabled={cancel.isPending} onClick={() => setAsking(true)}>
        {cancel.isPending ? "Cancelling..." : "Cancel push"}
      </Button>
      <AlertDialog open={asking} onOpenChange={setAsking}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Cancel this push?</AlertDialogTitle>
            <AlertDialogDescription>
              Rows already sent stay in the campaign; the others are not pushed.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Keep pushing</AlertDialogCancel>
            <AlertDialogAction
              className="bg-destructive text-destructive-foreground hover:bg-destructive/90"
              onClick={() =>
                cancel.mutate(pushId, {
                  onError: (error) => toast.error(messageOf(error, "Could not cancel the push. Please try again.")),
                })
              }
            >
              Cancel push
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
