"use client";

import { FormAlert } from "@/components/auth/form-alert";
import { WorkProgress, WorkRunning } from "@/components/feedback/work-progress";
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
  /** The check seen ending in the cancel's answer (the table pulls the rows it changed). */
  onEnd: (check: EmailCheckJson) => void;
}

/**
 * A check under way (progress bar, "Checked N of M", Cancel check) or ended (its summary, the error when it
 * failed, Check again).
 */
export function EmailCheckProgress({ check, onClose, onNewCheck, onEnd }: Props) {
  const cancel = useCancelEmailCheck(onEnd);
  return (
    <WorkProgress
      title={emailCheckStatusTitle(check.status)}
      titleTestId="email-check-status"
      subtitle={`Column "${check.column}"${check.connectionId ? ", also verified with ZeroBounce" : ""}`}
      over={isEmailCheckOver(check)}
      running={
        <WorkRunning
          label="Address check progress"
          value={check.checked}
          max={check.total}
          text={emailCheckProgressText(check)}
          textTestId="email-check-progress-text"
          note="The check goes on if you close this window."
        />
      }
      outcome={<CheckOutcome check={check} />}
      againLabel="Check again"
      onAgain={onNewCheck}
      cancel={{
        label: "Cancel check",
        question: "Cancel this check?",
        message: "Checked addresses keep their status.",
        keepLabel: "Keep checking",
        failMessage: "Could not cancel the check. Please try again.",
        pending: cancel.isPending,
        run: (callbacks) => cancel.mutate(check.id, callbacks),
      }}
      onClose={onClose}
    />
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
