"use client";

import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { isPushOver, pushSummaryText } from "@/lib/client/push-text";
import { useFilePushes, usePush, useSendingConnections } from "@/lib/client/queries/sending";

const NOTHING: ReadonlySet<string> = new Set();

/**
 * The generator's push, kept above its dialog so that closing and reopening the dialog while a push
 * runs shows its progress again: the push started here, or else one of the file's pushes still queued
 * or running (after the page was left). A push that has ended and whose outcome the user closed is
 * let go; the next opening starts a new one. While the dialog is closed the push is still followed:
 * its end is told in a toast (and makes the table's receipts stale, see usePush).
 */
export function usePushSession(csvId: string | null) {
  const connections = useSendingConnections();
  const configured = connections.sending.length > 0;
  const [open, setOpen] = useState(false);
  const [started, setStarted] = useState<{ csvId: string; pushId: string } | null>(null);
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(NOTHING);
  const pushes = useFilePushes(csvId, configured);

  const own = started && started.csvId === csvId && !dismissed.has(started.pushId) ? started.pushId : null;
  const running = pushes.data?.find((p) => !isPushOver(p) && !dismissed.has(p.id));
  const pushId = own ?? running?.id ?? null;
  const push = usePush(pushId);

  const dismiss = (id: string | null) => {
    if (id) setDismissed((before) => new Set(before).add(id));
  };

  // A push that ends while the dialog is closed is told in a toast, once.
  const told = useRef<string | null>(null);
  const data = push.data;
  useEffect(() => {
    if (!data || !isPushOver(data) || told.current === data.id) return;
    told.current = data.id;
    if (open) return; // the open dialog shows it
    if (data.status === "failed") toast.error(`Push failed: ${data.error ?? pushSummaryText(data)}`);
    else toast.success(`Push to ${data.campaignName} ended: ${pushSummaryText(data)}`);
  }, [open, data]);

  return {
    /** The user has an Instantly, Smartlead or lemlist key. */
    configured,
    open,
    connections: connections.sending,
    pushId,
    push,
    setOpen(next: boolean) {
      setOpen(next);
      if (!next && isPushOver(push.data)) dismiss(pushId);
    },
    onStarted(id: string) {
      if (csvId) setStarted({ csvId, pushId: id });
    },
    /** Lets the ended push go: the dialog shows the form again. */
    onNewPush() {
      dismiss(pushId);
    },
  };
}

export type PushSession = ReturnType<typeof usePushSession>;
