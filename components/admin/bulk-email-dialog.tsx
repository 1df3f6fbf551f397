"use client";

import { useEffect, useRef } from "react";
import { FormAlert } from "@/components/auth/form-alert";
import { useZodForm } from "@/components/forms/use-zod-form";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { Progress } from "@/components/ui/progress";
import { formatNumber } from "@/lib/client/format";
import { useBulkEmail } from "@/lib/client/queries/admin";
import { isFinalError, isJobOver, jobProgressText, useJob } from "@/lib/client/queries/jobs";
import { bulkEmailFormSchema } from "@/lib/services/admin/schemas";
import { adminError } from "./admin-errors";

/** The spec: the modal closes 2 seconds after the success message. */
const CLOSE_AFTER_MS = 2000;
const SUCCESS = "Your email has been sent successfully.";
const FAILURE = "Failed to send emails. Please try again.";

interface Props {
  /** The recipients, frozen when the dialog opened; null when closed. */
  userIds: string[] | null;
  onClose: () => void;
  /** Called as soon as the e-mails went out (the list clears its selection). */
  onSent: () => void;
}

export function BulkEmailDialog({ userIds, onClose, onSent }: Props) {
  return (
    <Dialog open={userIds !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-xl">
        {userIds ? <BulkEmailForm userIds={userIds} onClose={onClose} onSent={onSent} /> : null}
      </DialogContent>
    </Dialog>
  );
}

/**
 * Mounted per opening, so every opening starts with an empty form. Sending starts a background
 * job; its progress is polled ("Sending… 120 of 450") until it ends with the product's texts.
 */
function BulkEmailForm({ userIds, onClose, onSent }: { userIds: string[]; onClose: () => void; onSent: () => void }) {
  const form = useZodForm(bulkEmailFormSchema, { defaultValues: { subject: "", message: "" } });
  const send = useBulkEmail();
  const job = useJob(send.data?.jobId ?? null, { allow401: true });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const handledJob = useRef<string | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const status = job.data?.status;
  const done = status === "completed" && job.data!.failed === 0;
  // The job ended with refusals ("Sent X of Y emails."; the form stays open), failed, or cannot be
  // followed (a refused or, before any answer, a failed status request).
  const jobError =
    status === "failed"
      ? FAILURE
      : status === "completed" && job.data!.failed > 0
        ? job.data!.msg || FAILURE
        : job.isError && (!job.data || isFinalError(job.error))
          ? adminError(job.error, FAILURE)
          : null;
  const running = send.isPending || (send.isSuccess && !isJobOver(job.data) && jobError === null);

  // Every e-mail went out: the list clears its selection, and the modal closes 2 seconds later.
  const jobId = send.data?.jobId ?? null;
  useEffect(() => {
    if (!done || handledJob.current === jobId) return;
    handledJob.current = jobId;
    onSent();
    timer.current = setTimeout(onClose, CLOSE_AFTER_MS);
  }, [done, jobId, onSent, onClose]);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) =>
    void form.handleSubmit(
      (values) => {
        form.clearServerError();
        send.mutate({ userIds, ...values }, { onError: (err) => form.setServerError(adminError(err, FAILURE)) });
      },
      () => send.reset(),
    )(event);

  // The spec requires both fields: each missing one is named in the form's one message area.
  const errors = form.formState.errors;
  const fieldMessages = [errors.subject?.message, errors.message?.message].filter((m): m is string => Boolean(m));
  const busy = running || done;
  const n = userIds.length;
  const total = job.data?.total ?? send.data?.total ?? n;
  const processed = job.data ? job.data.done + job.data.failed : 0;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Send Email to Users</DialogTitle>
        <DialogDescription>
          One e-mail goes to each of the {n} selected user{n === 1 ? "" : "s"}, greeting them by name.
        </DialogDescription>
      </DialogHeader>
      {done ? <FormAlert kind="success">{SUCCESS}</FormAlert> : null}
      {running && send.isSuccess ? (
        <div className="space-y-1.5" data-testid="bulk-email-progress">
          <p className="text-sm text-muted-foreground" role="status">
            Sending… {jobProgressText(job.data, total, formatNumber)}
          </p>
          <Progress value={processed} max={Math.max(total, 1)} aria-label="Sending progress" />
        </div>
      ) : null}
      {jobError && !form.formError ? <FormAlert kind="error">{jobError}</FormAlert> : null}
      {form.formError ? (
        <FormAlert kind="error" id={form.errorId}>
          {fieldMessages.length > 1
            ? fieldMessages.map((m) => (
                <span key={m} className="block">
                  {m}
                </span>
              ))
            : form.formError}
        </FormAlert>
      ) : null}
      <div className="space-y-1.5">
        <Label htmlFor="bulk-subject">Subject</Label>
        <Input
          id="bulk-subject"
          maxLength={200}
          disabled={busy}
          {...form.register("subject")}
          {...form.field("subject")}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="bulk-message">Message</Label>
        <Textarea
          id="bulk-message"
          rows={8}
          maxLength={20_000}
          disabled={busy}
          {...form.register("message")}
          {...form.field("message")}
          aria-describedby={form.field("message")["aria-describedby"] ?? "bulk-message-hint"}
        />
        <p id="bulk-message-hint" className="text-xs text-muted-foreground">
          Separate paragraphs with a blank line.
        </p>
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {running ? "Sending..." : `Send Email to ${n} User(s)`}
        </Button>
      </DialogFooter>
    </form>
  );
}
