"use client";

import { FormAlert } from "@/components/auth/form-alert";
import { useZodForm } from "@/components/forms/use-zod-form";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { messageOf } from "@/lib/client/api";
import { addRowFormSchema } from "@/lib/services/csv/schemas";

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  columns: string[];
  onAdd: (data: Record<string, string>) => Promise<void>;
}

/** Add New Row: one field per column. Each opening starts from a clean form (a cancelled draft is dropped). */
export function AddRowDialog({ open, onOpenChange, columns, onAdd }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        {open ? <AddRowForm columns={columns} onAdd={onAdd} onClose={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AddRowForm({ columns, onAdd, onClose }: { columns: string[]; onAdd: Props["onAdd"]; onClose: () => void }) {
  const form = useZodForm(addRowFormSchema, { defaultValues: { values: columns.map(() => "") } });
  const submit = form.handleSubmit(async ({ values }) => {
    try {
      await onAdd(Object.fromEntries(columns.map((c, i) => [c, values[i] ?? ""])));
      onClose();
    } catch (err) {
      form.setServerError(messageOf(err, "Failed to add the row. Please try again."));
    }
  });

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <DialogHeader>
        <DialogTitle>Add New Row</DialogTitle>
      </DialogHeader>
      {form.formError ? (
        <FormAlert kind="error" id={form.errorId}>
          {form.formError}
        </FormAlert>
      ) : null}
      <div className="grid max-h-[55vh] gap-3 overflow-y-auto pr-1 sm:grid-cols-2">
        {columns.map((c, i) => (
          <div key={c} className="space-y-1.5">
            <Label htmlFor={`new-row-${i}`}>{c}</Label>
            <Input id={`new-row-${i}`} {...form.register(`values.${i}`)} {...form.field(`values.${i}`)} />
          </div>
        ))}
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? "Adding..." : "Add Row"}
        </Button>
      </DialogFooter>
    </form>
  );
}
