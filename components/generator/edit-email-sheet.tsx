"use client";

import { FormAlert } from "@/components/auth/form-alert";
import { useZodForm } from "@/components/forms/use-zod-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Sheet, SheetContent, SheetDescription, SheetFooter, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { Textarea } from "@/components/ui/textarea";
import { messageOf } from "@/lib/client/api";
import { GENERATED_COLUMNS } from "@/lib/csv/limits";
import { editEmailFormSchema } from "@/lib/services/csv/schemas";
import type { TableRow } from "./csv-store";

interface Props {
  row: TableRow | null;
  rowNumber: number;
  onOpenChange: (open: boolean) => void;
  onSave: (rowId: number, data: Record<string, string>) => Promise<void>;
}

/** Side panel to read and edit one row's generated e-mail. */
export function EditEmailSheet({ row, rowNumber, onOpenChange, onSave }: Props) {
  return (
    <Sheet open={row !== null} onOpenChange={onOpenChange}>
      <SheetContent className="sm:max-w-xl">
        {row ? (
          <EditEmailForm
            key={row.id}
            row={row}
            rowNumber={rowNumber}
            onClose={() => onOpenChange(false)}
            onSave={onSave}
          />
        ) : null}
      </SheetContent>
    </Sheet>
  );
}

interface FormProps {
  row: TableRow;
  rowNumber: number;
  onClose: () => void;
  onSave: Props["onSave"];
}

function EditEmailForm({ row, rowNumber, onClose, onSave }: FormProps) {
  const form = useZodForm(editEmailFormSchema, {
    defaultValues: { subject: row.data[GENERATED_COLUMNS.subject] ?? "", body: row.data[GENERATED_COLUMNS.body] ?? "" },
  });
  const submit = form.handleSubmit(async ({ subject, body }) => {
    try {
      await onSave(row.id, { [GENERATED_COLUMNS.subject]: subject, [GENERATED_COLUMNS.body]: body });
      onClose();
    } catch (err) {
      form.setServerError(messageOf(err, "Failed to save the email. Please try again."));
    }
  });
  const busy = form.formState.isSubmitting;

  return (
    <form onSubmit={submit} className="flex h-full flex-col gap-4 px-4 pb-4" noValidate>
      <SheetHeader className="px-0">
        <SheetTitle>Edit Email</SheetTitle>
        <SheetDescription>Row {rowNumber}</SheetDescription>
      </SheetHeader>
      {form.formError ? (
        <FormAlert kind="error" id={form.errorId}>
          {form.formError}
        </FormAlert>
      ) : null}
      <div className="space-y-1.5">
        <Label htmlFor="edit-subject">Subject Line</Label>
        <Input id="edit-subject" {...form.register("subject")} {...form.field("subject")} />
      </div>
      <div className="flex flex-1 flex-col space-y-1.5">
        <Label htmlFor="edit-body">Email Body</Label>
        <Textarea id="edit-body" className="min-h-64 flex-1" {...form.register("body")} {...form.field("body")} />
      </div>
      <SheetFooter className="flex-row justify-end gap-2 px-0">
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : "Save"}
        </Button>
      </SheetFooter>
    </form>
  );
}
