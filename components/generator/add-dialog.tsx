"use client";

import { FormErrorAlert } from "@/components/auth/form-alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { messageOf } from "@/lib/client/api";

/**
 * A dialog that adds one thing to the table (a row, a column). The form is mounted only while the
 * dialog is open, so each opening starts from a clean form (a cancelled draft is dropped).
 */
export function AddDialog({
  open,
  onOpenChange,
  className,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  className?: string;
  /** The form, given the way to close the dialog. */
  children: (close: () => void) => React.ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={className}>{open ? children(() => onOpenChange(false)) : null}</DialogContent>
    </Dialog>
  );
}

/** What the add form reads from its useZodForm. */
interface AddFormState {
  errorId: string;
  formError: string;
  formState: { isSubmitting: boolean };
  setServerError: (message: string) => void;
}

/**
 * Runs the add; the dialog closes when it worked, and the form shows the server's message (or
 * `failure`) when it did not.
 */
export async function addThenClose(add: () => Promise<void>, form: AddFormState, onClose: () => void, failure: string) {
  try {
    await add();
    onClose();
  } catch (err) {
    form.setServerError(messageOf(err, failure));
  }
}

/** The add form: title, the form's one error, its fields, then Cancel and the add button ("Adding..." meanwhile). */
export function AddDialogForm({
  title,
  submitLabel,
  form,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  submitLabel: string;
  form: AddFormState;
  onSubmit: React.FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  children: React.ReactNode;
}) {
  const submitting = form.formState.isSubmitting;
  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
      </DialogHeader>
      <FormErrorAlert id={form.errorId} message={form.formError} />
      {children}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={submitting}>
          {submitting ? "Adding..." : submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
