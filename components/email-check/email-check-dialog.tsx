"use client";

import { FormAlert } from "@/components/auth/form-alert";
import type { TableRow } from "@/components/generator/csv-store";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { messageOf } from "@/lib/client/api";
import { EmailCheckForm } from "./email-check-form";
import { EmailCheckProgress } from "./email-check-progress";
import type { EmailCheckSession } from "./use-email-check-session";

export interface EmailCheckDialogProps {
  session: EmailCheckSession;
  /** The file shown in the generator: its columns (the column's choices) and rows (the addresses counted). */
  csvId: string | null;
  columns: string[];
  rows: readonly TableRow[];
}

/**
 * "Check addresses": the form (column, ZeroBounce deep check) or, once a check has started, its progress and
 * outcome. The check itself lives in the session (useEmailCheckSession), so the dialog can be closed and opened
 * again while it runs.
 */
export function EmailCheckDialog({ session, csvId, columns, rows }: EmailCheckDialogProps) {
  const close = () => session.setOpen(false);
  return (
    <Dialog open={session.open} onOpenChange={session.setOpen}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Check addresses</DialogTitle>
          <DialogDescription>
            Find the addresses that would bounce before you send. Nothing is sent to the addresses.
          </DialogDescription>
        </DialogHeader>
        <EmailCheckBody session={session} csvId={csvId} columns={columns} rows={rows} onClose={close} />
      </DialogContent>
    </Dialog>
  );
}

function EmailCheckBody({ session, csvId, columns, rows, onClose }: EmailCheckDialogProps & { onClose: () => void }) {
  const { check, checkId } = session;
  if (checkId) {
    if (check.data) return <EmailCheckProgress check={check.data} onClose={onClose} onNewCheck={session.onNewCheck} />;
    if (check.isError)
      return (
        <div className="space-y-3">
          <FormAlert kind="error">{messageOf(check.error, "Could not read the check's progress.")}</FormAlert>
          <DialogFooter>
            <Button variant="outline" onClick={() => void check.refetch()}>
              Try again
            </Button>
            <Button onClick={session.onNewCheck}>New check</Button>
          </DialogFooter>
        </div>
      );
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner aria-hidden /> Loading the check...
      </p>
    );
  }
  if (!csvId) return <p className="text-sm text-muted-foreground">Import a CSV file first.</p>;
  return <EmailCheckForm csvId={csvId} columns={columns} rows={rows} onStarted={session.onStarted} onClose={onClose} />;
}
