"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { syncChanges } from "@/components/generator/csv-store";
import { emailCheckSummaryText, isEmailCheckOver } from "@/lib/client/email-check-text";
import { refreshEmailCheck, useEmailCheck, useFileEmailChecks } from "@/lib/client/queries/email-checks";
import type { EmailCheckJson } from "@/lib/responses/email-checks";

const NOTHING: ReadonlySet<string> = new Set();

/**
 * After a cancel, the chunk that was being checked is still written (docs/api.md "Address checks"): the table
 * pulls its changes, and the check is read, once more this long after the end.
 */
const LATE_CHUNK_MS = 4000;

/** "Address check complete: 2,140 valid · 61 no mail server", as a toast. */
function tellEnd(check: EmailCheckJson) {
  const summary = emailCheckSummaryText(check.counts);
  if (check.status === "failed") toast.error(`Address check failed: ${check.error ?? summary}`);
  else if (check.status === "cancelled") toast.info(`Address check cancelled: ${summary}`);
  else toast.success(`Address check complete: ${summary}`);
}

/**
 * The generator's address check, kept above its dialog so that closing and reopening the dialog while a check
 * runs shows its progress again: the check started here, or else one of the file's checks still queued or
 * running (after the page was left). A check that has ended and whose outcome the user closed is let go; the
 * next opening shows the form. When a check ends the table pulls the rows it changed (`/changes`: their Email
 * Status, and the column itself when the check added it); an end seen while the dialog is closed is told in a
 * toast (the open dialog shows it). The rows are pulled where the check is seen ending (its poll, the cancel's
 * answer: lib/client/queries/email-checks.ts), not in an effect.
 */
export function useEmailCheckSession(csvId: string | null) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [started, setStarted] = useState<{ csvId: string; checkId: string } | null>(null);
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(NOTHING);
  const checks = useFileEmailChecks(csvId);

  const own = started && started.csvId === csvId && !dismissed.has(started.checkId) ? started.checkId : null;
  const running = checks.data?.find((c) => !isEmailCheckOver(c) && !dismissed.has(c.id));
  const checkId = own ?? running?.id ?? null;

  // A check seen ending (by a poll, or in the cancel's answer): the table pulls its rows, once more a little later
  // after a cancel (with the check).
  const pulled = useRef<string | null>(null);
  const late = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onEnd = (ended: EmailCheckJson) => {
    if (pulled.current === ended.id) return;
    pulled.current = ended.id;
    const pull = () => void syncChanges(queryClient, ended.csvId).catch(() => undefined);
    pull();
    if (ended.status === "cancelled") {
      clearTimeout(late.current);
      late.current = setTimeout(() => {
        pull();
        refreshEmailCheck(queryClient, ended.id);
      }, LATE_CHUNK_MS);
    }
  };
  useEffect(() => () => clearTimeout(late.current), []);

  const check = useEmailCheck(checkId, onEnd);
  // An end shown while the dialog is closed is told in a toast, once (the open dialog shows it).
  const told = useRef<string | null>(null);
  const data = check.data;
  useEffect(() => {
    if (!data || !isEmailCheckOver(data) || told.current === data.id) return;
    told.current = data.id;
    if (!open) tellEnd(data);
  }, [open, data]);

  // A running check found among the file's (after a reload) is held like one started here: once it ends it
  // leaves the running list, and the dialog must keep showing its outcome until the user closes it.
  const adopted = !own && running ? running.id : null;
  if (adopted && csvId && started?.checkId !== adopted) setStarted({ csvId, checkId: adopted });

  const dismiss = (id: string | null) => {
    if (id) setDismissed((before) => new Set(before).add(id));
  };

  return {
    open,
    checkId,
    check,
    /** A check of this file is queued or running. */
    running: Boolean(check.data && !isEmailCheckOver(check.data)),
    setOpen(next: boolean) {
      setOpen(next);
      if (!next && isEmailCheckOver(check.data)) dismiss(checkId);
    },
    onStarted(id: string) {
      if (csvId) setStarted({ csvId, checkId: id });
    },
    /** For the cancel: its answer may be the check's end. */
    onEnd,
    /** Lets the ended check go: the dialog shows the form again. */
    onNewCheck() {
      dismiss(checkId);
    },
  };
}

export type EmailCheckSession = ReturnType<typeof useEmailCheckSession>;
