"use client";

import { useZodForm } from "@/components/forms/use-zod-form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { addRowFormSchema } from "@/lib/services/csv/schemas";
import { AddDialog, AddDialogForm, addThenClose } from "./add-dialog";

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  columns: string[];
  onAdd: (data: Record<string, string>) => Promise<void>;
}

/** Add New Row: one field per column. Each opening starts from a clean form (a cancelled draft is dropped). */
export function AddRowDialog({ open, onOpenChange, columns, onAdd }: Props) {
  return (
    <AddDialog open={open} onOpenChange={onOpenChange} className="sm:max-w-xl">
      {(close) => <AddRowForm columns={columns} onAdd={onAdd} onClose={close} />}
    </AddDialog>
  );
}

function AddRowForm({ columns, onAdd, onClose }: { columns: string[]; onAdd: Props["onAdd"]; onClose: () => void }) {
  const form = useZodForm(addRowFormSchema, { defaultValues: { values: columns.map(() => "") } });
  const submit = form.handleSubmit(({ values }) =>
    addThenClose(
      () => onAdd(Object.fromEntries(columns.map((c, i) => [c, values[i] ?? ""]))),
      form,
      onClose,
      "Failed to add the row. Please try again.",
    ),
  );

  return (
    <AddDialogForm title="Add New Row" submitLabel="Add Row" form={form} onSubmit={submit} onClose={onClose}>
      <div className="grid max-h-[55vh] gap-3 overflow-y-auto pr-1 sm:grid-cols-2">
        {columns.map((c, i) => (
          <div key={c} className="space-y-1.5">
            <Label htmlFor={`new-row-${i}`}>{c}</Label>
            <Input id={`new-row-${i}`} {...form.bind(`values.${i}`)} />
          </div>
        ))}
      </div>
    </AddDialogForm>
  );
}
