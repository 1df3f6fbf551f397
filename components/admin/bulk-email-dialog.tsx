"use client";

import { useEffect, useRef, useState } from "react";
import { FormAlert } from "@/components/auth/form-alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { adminApi, adminError } from "./admin-api";

interface BulkEmailJson {
  msg: string;
  sent: number;
  failed: string[];
}

const CLOSE_AFTER_MS = 2000;
const SUCCESS = "Your email has been sent successfully.";

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
      <DialogContent className="sm:max-w-xl">{userIds ? <BulkEmailForm userIds={userIds} onClose={onClose} onSent={onSent} /> : null}</DialogContent>
    </Dialog>
  );
}

/** Mounted per opening, so every opening starts with an empty form. */
function BulkEmailForm({ userIds, onClose, onSent }: { userIds: string[]; onClose: () => void; onSent: () => void }) {
  const [subject, setSubject] = useState("");
  const [message, setMessage] = useState("");
  const [errors, setErrors] = useState<{ subject?: string; message?: string }>({});
  const [notice, setNotice] = useState<{ kind: "error" | "success"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const next = { subject: subject.trim() ? undefined : "Subject is required", message: message.trim() ? undefined : "Message is required" };
    setErrors(next);
    if (next.subject || next.message) return;
    setBusy(true);
    setNotice(null);
    try {
      const res = await adminApi<BulkEmailJson>("/api/admin/users/bulk-email", { body: { userIds, subject: subject.trim(), message: message.trim() } });
      if (res.failed?.length) {
        setNotice({ kind: "error", text: res.msg || "Failed to send emails. Please try again." });
        return;
      }
      setNotice({ kind: "success", text: SUCCESS });
      setDone(true);
      onSent();
      timer.current = setTimeout(onClose, CLOSE_AFTER_MS);
    } catch (err) {
      setNotice({ kind: "error", text: adminError(err, "Failed to send emails. Please try again.") });
    } finally {
      setBusy(false);
    }
  }

  const n = userIds.length;
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Send Email to Users</DialogTitle>
        <DialogDescription>
          One e-mail goes to each of the {n} selected user{n === 1 ? "" : "s"}, greeting them by name.
        </DialogDescription>
      </DialogHeader>
      {notice ? <FormAlert kind={notice.kind}>{notice.text}</FormAlert> : null}
      <div className="space-y-1.5">
        <Label htmlFor="bulk-subject">Subject</Label>
        <Input
          id="bulk-subject"
          value={subject}
          maxLength={200}
          disabled={busy || done}
          aria-invalid={errors.subject ? true : undefined}
          aria-describedby={errors.subject ? "bulk-subject-error" : undefined}
          onChange={(e) => {
            setSubject(e.target.value);
            if (errors.subject) setErrors((x) => ({ ...x, subject: undefined }));
          }}
        />
        {errors.subject ? (
          <p id="bulk-subject-error" className="text-sm text-destructive">
            {errors.subject}
          </p>
        ) : null}
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="bulk-message">Message</Label>
        <Textarea
          id="bulk-message"
          rows={8}
          value={message}
          maxLength={20_000}
          disabled={busy || done}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? "bulk-message-error" : "bulk-message-hint"}
          onChange={(e) => {
            setMessage(e.target.value);
            if (errors.message) setErrors((x) => ({ ...x, message: undefined }));
          }}
        />
        {errors.message ? (
          <p id="bulk-message-error" className="text-sm text-destructive">
            {errors.message}
          </p>
        ) : (
          <p id="bulk-message-hint" className="text-xs text-muted-foreground">
            Separate paragraphs with a blank line.
          </p>
        )}
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy || done}>
          {busy ? "Sending..." : `Send Email to ${n} User(s)`}
        </Button>
      </DialogFooter>
    </form>
  );
}
