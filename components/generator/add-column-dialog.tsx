"use client";

import { useMemo } from "react";
import { FormAlert } from "@/components/auth/form-alert";
import { useZodForm } from "@/components/forms/use-zod-form";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { messageOf } from "@/lib/client/api";
import { CSV_LIMITS } from "@/lib/csv/limits";
import { addColumnFormSchema } from "@/lib/services/csv/schemas";

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  columns: string[];
  onAdd: (name: string) => Promise<void>;
}

/** Add New Column: the name must be non-empty and not already present. Each opening starts clean. */
export function AddColumnDialog({ open, onOpenChange, columns, onAdd }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {open ? <AddColumnForm columns={columns} onAdd={onAdd} onClose={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AddColumnForm({ columns, onAdd, onClose }: { columns: string[]; onAdd: Props["onAdd"]; onClose: () => void }) {
  const schema = useMemo(() => addColumnFormSchema(columns), [columns]);
  const form = useZodForm(schema, { defaultValues: { name: "" } });
  const submit = form.handleSubmit(async ({ name }) => {
    try {
      await onAdd(name);
      onClose();
    } catch (err) {
      form.setServerError(messageOf(err, "Failed to add the column. Please try again."));
    }
  });

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <DialogHeader>
        <DialogTitle>Add New Column</DialogTitle>
      </DialogHeader>
      {form.formError ? (
        <FormAlert kind="error" id={form.errorId}>
          {form.formError}
        </FormAlert>
      ) : null}
      <div className="space-y-1.5">
        <Label htmlFor="new-column-name">Column name</Label>
        <Input
          id="new-column-name"
          autoFocus
          maxLength={CSV_LIMITS.maxColumnNameChars}
          {...form.register("name")}
          {...form.field("name")}
        />
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? "Adding..." : "Add Column"}
        </Button>
      </DialogFooter>
    </form>
  );
}
