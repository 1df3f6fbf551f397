"use client";

import { useMemo } from "react";
import { useZodForm } from "@/components/forms/use-zod-form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { CSV_LIMITS } from "@/lib/csv/limits";
import { addColumnFormSchema } from "@/lib/services/csv/schemas";
import { AddDialog, AddDialogForm, addThenClose } from "./add-dialog";

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  columns: string[];
  onAdd: (name: string) => Promise<void>;
}

/** Add New Column: the name must be non-empty and not already present. Each opening starts clean. */
export function AddColumnDialog({ open, onOpenChange, columns, onAdd }: Props) {
  return (
    <AddDialog open={open} onOpenChange={onOpenChange}>
      {(close) => <AddColumnForm columns={columns} onAdd={onAdd} onClose={close} />}
    </AddDialog>
  );
}

function AddColumnForm({ columns, onAdd, onClose }: { columns: string[]; onAdd: Props["onAdd"]; onClose: () => void }) {
  const schema = useMemo(() => addColumnFormSchema(columns), [columns]);
  const form = useZodForm(schema, { defaultValues: { name: "" } });
  const submit = form.handleSubmit(({ name }) =>
    addThenClose(() => onAdd(name), form, onClose, "Failed to add the column. Please try again."),
  );

  return (
    <AddDialogForm title="Add New Column" submitLabel="Add Column" form={form} onSubmit={submit} onClose={onClose}>
      <div className="space-y-1.5">
        <Label htmlFor="new-column-name">Column name</Label>
        <Input id="new-column-name" autoFocus maxLength={CSV_LIMITS.maxColumnNameChars} {...form.bind("name")} />
      </div>
    </AddDialogForm>
  );
}
