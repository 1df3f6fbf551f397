"use client";

import Link from "next/link";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { PushForm } from "./push-form";
import { PushProgress } from "./push-progress";
import { WorkRead } from "@/components/feedback/work-progress";
import type { PushSession } from "./use-push-session";

export interface PushDialogProps {
  session: PushSession;
  /** The file shown in the generator, and its columns (the mapping's choices). */
  csvId: string | null;
  columns: string[];
}

/**
 * "Push to a campaign": the form (key, campaign, mapping, options, dry run) or, once a push has
 * started, its progress and outcome. The push itself lives in the session (usePushSession), so the
 * dialog can be closed and opened again while it runs.
 */
export function PushDialog({ session, csvId, columns }: PushDialogProps) {
  const close = () => session.setOpen(false);
  return (
    <Dialog open={session.open} onOpenChange={session.setOpen}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Push to a campaign</DialogTitle>
          <DialogDescription>
            Add the generated rows as leads of a campaign in your sending tool. Nothing is sent before you press the
            push button.
          </DialogDescription>
        </DialogHeader>
        <PushDialogBody session={session} csvId={csvId} columns={columns} onClose={close} />
      </DialogContent>
    </Dialog>
  );
}

function PushDialogBody({ session, csvId, columns, onClose }: PushDialogProps & { onClose: () => void }) {
  const { push, pushId, connections } = session;
  if (pushId)
    return (
      <WorkRead query={push} noun="push" againLabel="New push" onAgain={session.onNewPush}>
        {(data) => <PushProgress push={data} onClose={onClose} onNewPush={session.onNewPush} />}
      </WorkRead>
    );
  if (!csvId) return <p className="text-sm text-muted-foreground">Import a CSV file first.</p>;
  if (connections.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        Add an Instantly, Smartlead or lemlist key in the{" "}
        <Link href="/dashboard" className="text-primary underline underline-offset-2">
          dashboard&apos;s Integrations
        </Link>{" "}
        first.
      </p>
    );
  return (
    <PushForm
      csvId={csvId}
      columns={columns}
      connections={connections}
      onStarted={session.onStarted}
      onClose={onClose}
    />
  );
}
