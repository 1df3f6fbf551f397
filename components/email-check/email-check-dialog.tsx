"use client";

import type { TableRow } from "@/components/generator/csv-store";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { EmailCheckForm } from "./email-check-form";
import { EmailCheckProgress } from "./email-check-progress";
import { WorkRead } from "@/components/feedback/work-progress";
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
  if (checkId)
    return (
      <WorkRead query={check} noun="check" againLabel="New check" onAgain={session.onNewCheck}>
        {(data) => (
          <EmailCheckProgress check={data} onClose={onClose} onNewCheck={session.onNewCheck} onEnd={session.onEnd} />
        )}
      </WorkRead>
    );
  if (!csvId) return <p className="text-sm text-muted-foreground">Import a CSV file first.</p>;
  return <EmailCheckForm csvId={csvId} columns={columns} rows={rows} onStarted={session.onStarted} onClose={onClose} />;
}
