"use client";

import { Download } from "lucide-react";
import { FormAlert } from "@/components/auth/form-alert";
import { WorkProgress, WorkRunning } from "@/components/feedback/work-progress";
import { Button } from "@/components/ui/button";
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
  const cancel = useCancelPush();
  const other = allSkipped(push) + push.failed;
  return (
    <WorkProgress
      title={pushStatusTitle(push.status)}
      titleTestId="push-status"
      subtitle={`To ${push.campaignName} in ${SERVICE_LABELS[push.service]}`}
      over={isPushOver(push)}
      running={
        <WorkRunning
          label="Push progress"
          value={pushDone(push)}
          max={push.total}
          text={`${pushProgressText(push)}${
            other > 0 ? ` · skipped ${formatNumber(allSkipped(push))} · failed ${formatNumber(push.failed)}` : ""
          }`}
          textTestId="push-progress-text"
          note="The push goes on if you close this window."
        />
      }
      outcome={<PushOutcome push={push} />}
      againLabel="New push"
      onAgain={onNewPush}
      cancel={{
        label: "Cancel push",
        question: "Cancel this push?",
        message: "Rows already sent stay in the campaign; the others are not pushed.",
        keepLabel: "Keep pushing",
        failMessage: "Could not cancel the push. Please try again.",
        pending: cancel.isPending,
        run: (callbacks) => cancel.mutate(push.id, callbacks),
      }}
      onClose={onClose}
    />
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
