"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { FormAlert } from "@/components/auth/form-alert";
import { ConfirmDialog } from "@/components/feedback/confirm-dialog";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { Progress } from "@/components/ui/progress";
import { Spinner } from "@/components/ui/spinner";
import { messageOf } from "@/lib/client/api";

/** How a background work's Cancel asks first and says what it did. */
interface CancelWork {
  /** "Cancel push": the button and the confirming action. */
  label: string;
  question: string;
  message: string;
  keepLabel: string;
  failMessage: string;
  pending: boolean;
  /** Sends the cancel; its error is shown in a toast. */
  run: (callbacks: { onError: (error: unknown) => void }) => void;
}

interface FrameProps {
  title: string;
  titleTestId: string;
  subtitle: string;
  over: boolean;
  /** Shown while the work runs, and once it ended. */
  running: React.ReactNode;
  outcome: React.ReactNode;
  /** "New push", "Check again": back to the form once the work ended. */
  againLabel: string;
  onAgain: () => void;
  cancel: CancelWork;
  onClose: () => void;
}

/**
 * One frame for background work shown in a dialog (a push, an address check): its state and what it
 * works on, its progress or its outcome, then Cancel (confirmed first) while it runs or start again once
 * it ended, and Close.
 */
export function WorkProgress({
  title,
  titleTestId,
  subtitle,
  over,
  running,
  outcome,
  againLabel,
  onAgain,
  cancel,
  onClose,
}: FrameProps) {
  return (
    <div className="space-y-4">
      <div>
        <h3 className="font-semibold" data-testid={titleTestId}>
          {title}
        </h3>
        <p className="text-sm text-muted-foreground">{subtitle}</p>
      </div>
      {over ? outcome : running}
      <DialogFooter>
        {over ? (
          <Button type="button" variant="outline" onClick={onAgain}>
            {againLabel}
          </Button>
        ) : (
          <CancelWorkButton cancel={cancel} />
        )}
        <Button type="button" onClick={onClose}>
          Close
        </Button>
      </DialogFooter>
    </div>
  );
}

/** The progress bar, its sentence and a note, while background work runs. */
export function WorkRunning(props: {
  label: string;
  value: number;
  max: number;
  text: string;
  textTestId: string;
  note: string;
}) {
  return (
    <div className="space-y-2">
      <Progress aria-label={props.label} value={props.value} max={props.max} />
      <p className="text-sm" aria-live="polite" data-testid={props.textTestId}>
        {props.text}
      </p>
      <p className="text-xs text-muted-foreground">{props.note}</p>
    </div>
  );
}

function CancelWorkButton({ cancel }: { cancel: CancelWork }) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button type="button" variant="outline" disabled={cancel.pending} onClick={() => setAsking(true)}>
        {cancel.pending ? "Cancelling..." : cancel.label}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={cancel.question}
        message={cancel.message}
        confirmLabel={cancel.label}
        cancelLabel={cancel.keepLabel}
        onConfirm={() => cancel.run({ onError: (error) => toast.error(messageOf(error, cancel.failMessage)) })}
      />
    </>
  );
}

/**
 * The read of a background work's state: its view once read; a failed read with Try again (and a way back
 * to the form); a spinner meanwhile.
 */
export function WorkRead<T>(props: {
  query: UseQueryResult<T>;
  /** "push", "check": in "Could not read the push's progress." and "Loading the push...". */
  noun: string;
  againLabel: string;
  onAgain: () => void;
  children: (data: T) => React.ReactNode;
}) {
  const { query, noun } = props;
  if (query.data !== undefined) return props.children(query.data);
  if (query.isError)
    return (
      <div className="space-y-3">
        <FormAlert kind="error">{messageOf(query.error, `Could not read the ${noun}'s progress.`)}</FormAlert>
        <DialogFooter>
          <Button variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
          <Button onClick={props.onAgain}>{props.againLabel}</Button>
        </DialogFooter>
      </div>
    );
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground">
      <Spinner aria-hidden /> Loading the {noun}...
    </p>
  );
}
